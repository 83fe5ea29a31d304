import type { Logger } from 'pino';
import type { CartJson, CartRecord, LineItemInput, StorefrontCarts } from '../commerce/port.ts';
import type { Sessions, SessionView } from './sessions.ts';

/** The §4 rule, written once: a session's cart takes new lines only in its own region and for its own owner. */
function belongsTo(cart: CartRecord, customerId: number | null, regionId?: string): boolean {
  return (cart.customerId ?? null) === customerId && (regionId === undefined || cart.regionId === regionId);
}

/**
 * The cart a session holds (SPEC §4), as Hydrogen's `context.cart` owns it: the session names one cart, this
 * decides whether it is still usable, adds to it or starts one, and points the session at it. The storefront's
 * forms (app/lib/cart/session-cart.server.ts) and `POST /api/cart/create` both come here; the other /api calls
 * keep their explicit cart ids (SPEC §7).
 */
export function createSessionCart(deps: {
  carts: StorefrontCarts;
  sessions: Sessions;
  logger: Pick<Logger, 'warn'>;
}) {
  const { carts, sessions } = deps;

  return {
    /**
     * The session's cart when it is still usable: a missing cart is cleared from the session, and a cart whose
     * customer differs from the session's is deleted (§4: local state is cleared even when the delete fails).
     */
    async usable(session: SessionView | null): Promise<CartRecord | null> {
      if (!session?.cartId) return null;
      const row = await carts.find(session.cartId);
      if (row && belongsTo(row, session.customer?.id ?? null)) return row;
      if (row) {
        await carts.delete(row.id).catch((error: unknown) => {
          deps.logger.warn({ err: error, cartId: row.id }, 'cart delete failed');
        });
      }
      await sessions.setCart(session.sessionId, null);
      return null;
    },

    /**
     * Adds lines to the session's cart in this commerce region, or starts a cart (a cart of another region or
     * customer is left alone): one cart per session, so a client repeating "create" gets its one cart back. The
     * session's row is written first (counted against the per-client limit, 429 past it), before any cart
     * exists. Refusals are CommerceErrors with codes (not-found, sold-out, line-limit…).
     */
    async add(
      session: SessionView,
      regionId: string,
      items: LineItemInput[],
    ): Promise<{ cart: CartJson; created: boolean }> {
      await sessions.store(session);
      const customerId = session.customer?.id ?? null;
      const current = session.cartId ? await carts.find(session.cartId) : null;
      if (current && belongsTo(current, customerId, regionId))
        return { cart: await carts.addItems(current.id, items), created: false };
      const cart = await carts.create(regionId, customerId, items);
      await sessions.setCart(session, cart.id);
      return { cart, created: true };
    },

    /** A deleted cart leaves the session that held it. */
    async forget(session: SessionView, cartId: string): Promise<void> {
      if (session.cartId === cartId) await sessions.setCart(session.sessionId, null);
    },
  };
}

export type SessionCart = ReturnType<typeof createSessionCart>;

import type { Logger } from 'pino';
import type { Carts, LineItemInput } from './carts.ts';
import type { Sessions, SessionView } from './sessions.ts';

/**
 * The §4 cart of a session: which cart a session may use, and adding to it. The product page's form and the
 * mini cart use this; `/api` keeps its explicit cart ids (SPEC §7).
 */
export function createSessionCart(deps: { carts: Carts; sessions: Sessions; logger: Pick<Logger, 'warn'> }) {
  const { carts, sessions } = deps;

  return {
    /**
     * The session's cart when it is still usable: a missing cart is cleared from the session, and a cart whose
     * customer differs from the session's is deleted (§4: local state is cleared even when the delete fails).
     */
    async usable(session: SessionView | null) {
      if (!session?.cartId) return null;
      const row = await carts.find(session.cartId);
      const customerId = session.customer?.id ?? null;
      if (row && (row.customerId ?? null) === customerId) return row;
      if (row) {
        await carts.delete(row.id).catch((error: unknown) => {
          deps.logger.warn({ err: error, cartId: row.id }, 'cart delete failed');
        });
      }
      await sessions.setCart(session.sessionId, null);
      return null;
    },

    /**
     * Adds a line to the session's cart in this commerce region, or starts a cart (a cart of another region or
     * customer is left alone). Refusals are CommerceErrors with codes (not-found, sold-out, line-limit…).
     */
    async addLine(session: SessionView, regionId: string, line: LineItemInput): Promise<{ cartId: string }> {
      const customerId = session.customer?.id ?? null;
      const existing = session.cartId ? await carts.find(session.cartId) : null;
      if (existing && existing.regionId === regionId && (existing.customerId ?? null) === customerId) {
        await carts.addItems(existing.id, [line]);
        return { cartId: existing.id };
      }
      const cart = await carts.create(regionId, customerId, [line]);
      await sessions.setCart(session.sessionId, cart.id);
      return { cartId: cart.id };
    },
  };
}

export type SessionCart = ReturnType<typeof createSessionCart>;

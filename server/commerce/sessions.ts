import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type CustomerJson, customerJson } from './customers.ts';
import { customers, sessions } from './schema-customers.ts';

/**
 * Server-side sessions. The cookie `rl_session` carries a random 256-bit token; the database keeps only its
 * SHA-256 (the session id), the session's anti-forgery token, the signed-in customer and the session cart.
 */

export const SESSION_COOKIE = 'rl_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface SessionView {
  /** SHA-256 of the cookie token; never the token itself. */
  sessionId: string;
  customer: CustomerJson | null;
  csrfToken: string;
  cartId: string | null;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_SECONDS}${secure ? '; Secure' : ''}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** Constant-time comparison of two tokens. */
export function tokensMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createSessions(db: Database) {
  const byId = db
    .select({ session: sessions, customer: customers })
    .from(sessions)
    .leftJoin(customers, eq(customers.id, sessions.customerId))
    .where(sql`${sessions.id} = ${sql.placeholder('id')} and ${sessions.expiresAt} > now()`)
    .prepare('sessions_by_id');

  async function insert(customerId: number | null, cartId: string | null, csrfToken?: string) {
    const token = randomBytes(32).toString('base64url');
    const row = {
      id: hashToken(token),
      csrfToken: csrfToken ?? randomBytes(32).toString('base64url'),
      customerId,
      cartId,
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    };
    await db.insert(sessions).values(row);
    return {
      token,
      view: { sessionId: row.id, customer: null, csrfToken: row.csrfToken, cartId } as SessionView,
    };
  }

  const api = {
    /** The session a cookie header names, or null (no cookie, unknown, expired). */
    async fromCookieHeader(header: string | null | undefined): Promise<SessionView | null> {
      const token = readCookie(header, SESSION_COOKIE);
      if (!token || token.length > 100) return null;
      const [row] = await byId.execute({ id: hashToken(token) });
      if (!row) return null;
      return {
        sessionId: row.session.id,
        customer: row.customer ? customerJson(row.customer) : null,
        csrfToken: row.session.csrfToken,
        cartId: row.session.cartId,
      };
    },

    /** The storefront's session lookup: `{ sessionId, customer, csrfToken, cartId }` for a Request, or null. */
    fromRequest(request: Request): Promise<SessionView | null> {
      return api.fromCookieHeader(request.headers.get('cookie'));
    },

    /**
     * The request's session, or a new anonymous one. `setCookie` is the Set-Cookie header value to send when a
     * session was created (null otherwise). Pass `secure` when the site is served over https.
     */
    async ensure(
      request: Request,
      secure: boolean,
    ): Promise<{ session: SessionView; setCookie: string | null }> {
      const existing = await api.fromRequest(request);
      if (existing) return { session: existing, setCookie: null };
      const { token, view } = await insert(null, null);
      return { session: view, setCookie: sessionCookie(token, secure) };
    },

    /**
     * Signs a customer in: replaces the session with a new id (no fixation), keeping its cart and csrf token.
     * Returns the new cookie value.
     */
    async signIn(
      previous: SessionView | null,
      customer: CustomerJson,
      cartId: string | null,
      secure: boolean,
    ) {
      if (previous) await db.delete(sessions).where(eq(sessions.id, previous.sessionId));
      const { token, view } = await insert(customer.id, cartId, previous?.csrfToken);
      return { session: { ...view, customer }, setCookie: sessionCookie(token, secure) };
    },

    async setCart(sessionId: string, cartId: string | null): Promise<void> {
      await db.update(sessions).set({ cartId }).where(eq(sessions.id, sessionId));
    },

    /** Ends a session server-side (logout); the cookie stops working at once. */
    async destroy(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
  return api;
}

export type Sessions = ReturnType<typeof createSessions>;

/** Whether a request came over https (directly, or per X-Forwarded-Proto when the proxy is trusted). */
export function requestIsHttps(request: Request, trustProxy: boolean): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return trustProxy && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

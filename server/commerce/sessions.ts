import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import { readCookie } from '#core/cookies.ts';
import type { Database } from '../db/database.ts';
import { type ProxyTrust, trustsAnyProxy } from '../http/proxy-trust.ts';
import { type CustomerJson, customerJson } from './customers.ts';
import { customers, sessions } from './schema-customers.ts';

/**
 * Server-side sessions. The cookie carries a random 256-bit token; the database keeps only its SHA-256 (the
 * session id), the session's anti-forgery token, the signed-in customer and the session cart.
 *
 * Over plain http the cookie is `rl_session`; over https it is `__Host-rl_session`, which browsers accept only
 * with Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it. A request over https
 * reads only the `__Host-` name.
 *
 * Timeouts: a session ends after `idleMinutes` without a request (expires_at slides forward, written at most
 * once a minute) and in any case `absoluteHours` after it began (created_at; signing in starts a new one).
 */

export const SESSION_COOKIE = 'rl_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** Both names, for code that only asks whether a visitor has a session (the page cache). */
export const SESSION_COOKIE_NAMES = [SESSION_COOKIE, SECURE_SESSION_COOKIE] as const;

export interface SessionSettings {
  idleMinutes: number;
  absoluteHours: number;
  /** Behind a proxy that sets X-Forwarded-Proto (TRUST_PROXY): https is read from it. */
  trustProxy: ProxyTrust | boolean;
}

/** The settings' defaults (server/config.ts SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS). */
export const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  idleMinutes: 24 * 60,
  absoluteHours: 30 * 24,
  trustProxy: false,
};

/** The idle deadline moves forward at most this often, so a busy visitor does not cost a write per request. */
const TOUCH_EVERY_MS = 60_000;

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

/** The session cookie's name for a request served over https or not. */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Set-Cookie for a new session token; it lives as long as the absolute timeout allows. */
export function sessionCookie(
  token: string,
  secure: boolean,
  maxAgeSeconds = DEFAULT_SESSION_SETTINGS.absoluteHours * 3600,
): string {
  return `${sessionCookieName(secure)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${sessionCookieName(secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** Constant-time comparison of two tokens. */
export function tokensMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createSessions(db: Database, initial: SessionSettings = DEFAULT_SESSION_SETTINGS) {
  let settings = { ...initial };
  const byId = db
    .select({ session: sessions, customer: customers })
    .from(sessions)
    .leftJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      sql`${sessions.id} = ${sql.placeholder('id')} and ${sessions.expiresAt} > now()
        and ${sessions.createdAt} > now() - make_interval(hours => ${sql.placeholder('absoluteHours')})`,
    )
    .prepare('sessions_by_id');

  const idleMs = () => settings.idleMinutes * 60_000;
  const absoluteMs = () => settings.absoluteHours * 3_600_000;

  async function insert(customerId: number | null, cartId: string | null, csrfToken?: string) {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const row = {
      id: hashToken(token),
      csrfToken: csrfToken ?? randomBytes(32).toString('base64url'),
      customerId,
      cartId,
      createdAt: new Date(now),
      expiresAt: new Date(now + Math.min(idleMs(), absoluteMs())),
    };
    await db.insert(sessions).values(row);
    return {
      token,
      view: { sessionId: row.id, customer: null, csrfToken: row.csrfToken, cartId } as SessionView,
    };
  }

  const cookieFor = (token: string, secure: boolean) =>
    sessionCookie(token, secure, settings.absoluteHours * 3600);

  const api = {
    /** Sets the timeouts and proxy trust from the validated settings (the HTTP app does this at start). */
    configure(next: Partial<SessionSettings>): void {
      settings = { ...settings, ...next };
    },

    get settings(): Readonly<SessionSettings> {
      return settings;
    },

    /**
     * The session a cookie header names, or null (no cookie, unknown, idle too long, too old). `secure`: the
     * request came over https, so only the `__Host-` cookie counts.
     */
    async fromCookieHeader(header: string | null | undefined, secure = false): Promise<SessionView | null> {
      const token = readCookie(header, sessionCookieName(secure));
      if (!token || token.length > 100) return null;
      const [row] = await byId.execute({ id: hashToken(token), absoluteHours: settings.absoluteHours });
      if (!row) return null;
      // Slide the idle deadline, never past the absolute one.
      const now = Date.now();
      const idleDeadline = now + idleMs();
      if (idleDeadline - row.session.expiresAt.getTime() > TOUCH_EVERY_MS) {
        const absoluteDeadline = row.session.createdAt.getTime() + absoluteMs();
        await db
          .update(sessions)
          .set({ expiresAt: new Date(Math.min(idleDeadline, absoluteDeadline)) })
          .where(eq(sessions.id, row.session.id));
      }
      return {
        sessionId: row.session.id,
        customer: row.customer ? customerJson(row.customer) : null,
        csrfToken: row.session.csrfToken,
        cartId: row.session.cartId,
      };
    },

    /** The storefront's session lookup: `{ sessionId, customer, csrfToken, cartId }` for a Request, or null. */
    fromRequest(request: Request): Promise<SessionView | null> {
      return api.fromCookieHeader(
        request.headers.get('cookie'),
        requestIsHttps(request, settings.trustProxy),
      );
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
      return { session: view, setCookie: cookieFor(token, secure) };
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
      return { session: { ...view, customer }, setCookie: cookieFor(token, secure) };
    },

    async setCart(sessionId: string, cartId: string | null): Promise<void> {
      await db.update(sessions).set({ cartId }).where(eq(sessions.id, sessionId));
    },

    /** Ends a session server-side (logout); the cookie stops working at once. */
    async destroy(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /**
     * Ends every session of a customer but `keep` (when given): logout ends them all, a password change all
     * but the one that made it. Returns how many ended.
     */
    async endForCustomer(customerId: number, keep?: string | null): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(
          keep
            ? and(eq(sessions.customerId, customerId), ne(sessions.id, keep))
            : eq(sessions.customerId, customerId),
        )
        .returning({ id: sessions.id });
      return ended.length;
    },

    /** Deletes sessions past their idle or absolute deadline. Returns how many went. */
    async purgeExpired(now = new Date()): Promise<number> {
      const purged = await db
        .delete(sessions)
        .where(
          or(lt(sessions.expiresAt, now), lt(sessions.createdAt, new Date(now.getTime() - absoluteMs()))),
        )
        .returning({ id: sessions.id });
      return purged.length;
    },
  };
  return api;
}

export type Sessions = ReturnType<typeof createSessions>;

/**
 * Whether a request came over https (directly, or per X-Forwarded-Proto when a proxy is trusted). The HTTP
 * app's first middleware (server/http/middleware/client-ip.ts) has already dropped X-Forwarded-Proto from a
 * peer that is not a trusted proxy, so the header alone can be read here.
 */
export function requestIsHttps(request: Request, trustProxy: ProxyTrust | boolean): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return (
    trustsAnyProxy(trustProxy) &&
    request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https'
  );
}

/** How often expired sessions and spent rate-limit windows are deleted. */
export const PURGE_EVERY_MS = 15 * 60_000;

/**
 * Runs the purges every `everyMs` (timer unref'd: it never keeps the process alive). With several processes
 * each runs its own; the deletes are idempotent. Returns a stop function.
 */
export function schedulePurge(
  purges: readonly (() => Promise<unknown>)[],
  onError: (error: unknown) => void,
  everyMs = PURGE_EVERY_MS,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void Promise.all(purges.map((purge) => purge().catch(onError))).finally(() => {
      running = false;
    });
  }, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

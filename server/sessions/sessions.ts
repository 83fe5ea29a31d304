import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import { readCookie } from '#core/cookies.ts';
import { type CustomerJson, customerJson } from '../commerce/customers.ts';
import { CommerceError } from '../commerce/errors.ts';
import { createRateLimits, type RateLimits } from '../commerce/rate-limits.ts';
import { customers, sessions } from '../commerce/schema-customers.ts';
import type { Database } from '../db/database.ts';

/**
 * Server-side sessions. The cookie carries a random 256-bit token; the database keeps only its SHA-256 (the
 * session id), the session's anti-forgery token, the signed-in customer and the session cart.
 *
 * Over plain http the cookie is `rl_session`; over https it is `__Host-rl_session`, which browsers accept only
 * with Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it. A request over https
 * reads only the `__Host-` name.
 *
 * Rows only for sessions that hold something: a visitor who only browses (or asks GET /api/session) gets a
 * cookie and a csrf token derived from it, and no row. The row is written when something is stored in the
 * session (a cart, a sign-in), with that same csrf token, so the page's token keeps working; writing it counts
 * against a per-client limit (`createPerIp` per `createWindowSeconds`), so one client cannot fill the table.
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
  /** Behind a trusted proxy (any TRUST_PROXY but none): https is read from its X-Forwarded-Proto. */
  trustProxy: boolean;
  /** New stored sessions per client IP per window (SESSION_CREATE_LIMIT_PER_IP, RATE_LIMIT_WINDOW_SECONDS). */
  createPerIp: number;
  createWindowSeconds: number;
}

/** The settings' defaults (server/config.ts SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS). */
export const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  idleMinutes: 24 * 60,
  absoluteHours: 30 * 24,
  trustProxy: false,
  createPerIp: 100,
  createWindowSeconds: 900,
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

/**
 * The csrf token of a session that has no row yet: derived from the cookie token, which the page cannot read
 * (httpOnly) and another site can neither read nor set, so only the session's own pages learn it (from GET
 * /api/session). A different derivation than the session id, so the stored id never reveals it.
 */
function derivedCsrfToken(token: string): string {
  return createHash('sha256').update(`ridgeline-csrf\0${token}`).digest('base64url');
}

/** Cookie tokens are 32 random bytes in base64url (43 characters); anything else is not ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A session with no row yet: what storing into it needs to write one. */
interface Unstored {
  csrfToken: string;
  /** The client that was handed the cookie, for the per-IP limit on writing rows. */
  ip: string;
  at: number;
}

/**
 * Sessions without a row seen lately, by id, so `setCart(sessionId, …)` from a caller that kept only the id can
 * still write the row. Bounded: the oldest go first; a lost entry only means the next request re-derives it.
 */
const UNSTORED_MAX = 10_000;

/** The client address the HTTP app's first middleware left in X-Forwarded-For (server/http/middleware/client-ip.ts). */
function clientIpOf(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim().slice(0, 64) ?? '';
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

export function createSessions(
  db: Database,
  initial: SessionSettings = DEFAULT_SESSION_SETTINGS,
  rateLimits: RateLimits = createRateLimits(db),
) {
  let settings = { ...initial };
  const unstored = new Map<string, Unstored>();
  const rememberUnstored = (id: string, entry: Unstored) => {
    unstored.delete(id);
    unstored.set(id, entry);
    if (unstored.size > UNSTORED_MAX) unstored.delete(unstored.keys().next().value!);
  };
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

    /** Whether the request came over https, by the configured proxy trust (decides the cookie's name and Secure). */
    isHttps(request: Request): boolean {
      return requestIsHttps(request, settings.trustProxy);
    },

    /** The Set-Cookie value that removes this request's session cookie. */
    clearCookie(request: Request): string {
      return clearSessionCookie(requestIsHttps(request, settings.trustProxy));
    },

    /** Whether a page form's `csrf` field is the session's anti-forgery token (SPEC §6); no session, no match. */
    csrfMatches(session: SessionView | null, token: unknown): boolean {
      return Boolean(session) && typeof token === 'string' && tokensMatch(token, session!.csrfToken);
    },

    /**
     * The session a cookie header names, or null (no cookie, unknown, idle too long, too old). `secure`: the
     * request came over https, so only the `__Host-` cookie counts.
     */
    async fromCookieHeader(
      header: string | null | undefined,
      secure = false,
      ip = '',
    ): Promise<SessionView | null> {
      const token = readCookie(header, sessionCookieName(secure));
      if (!token || !TOKEN_SHAPE.test(token)) return null;
      const id = hashToken(token);
      const [row] = await byId.execute({ id, absoluteHours: settings.absoluteHours });
      if (!row) {
        // A cookie we handed out whose session holds nothing (or has ended): anonymous, nothing stored yet.
        const csrfToken = derivedCsrfToken(token);
        rememberUnstored(id, { csrfToken, ip, at: Date.now() });
        return { sessionId: id, customer: null, csrfToken, cartId: null };
      }
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
        clientIpOf(request),
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
      return api.ensureFrom(await api.fromRequest(request), request, secure);
    },

    /**
     * `ensure` for a caller that has already read the request's session (the storefront reads it once per
     * request): that session, or a new anonymous one when it is null.
     */
    ensureFrom(
      existing: SessionView | null,
      request: Request,
      secure: boolean,
    ): { session: SessionView; setCookie: string | null } {
      if (existing) return { session: existing, setCookie: null };
      // A cookie and a csrf token, no row: the row waits until something is stored (see setCart).
      const token = randomBytes(32).toString('base64url');
      const id = hashToken(token);
      const csrfToken = derivedCsrfToken(token);
      rememberUnstored(id, { csrfToken, ip: clientIpOf(request), at: Date.now() });
      return {
        session: { sessionId: id, customer: null, csrfToken, cartId: null },
        setCookie: cookieFor(token, secure),
      };
    },

    /**
     * Writes the row of a session that has none yet (anonymous, about to hold a cart); nothing when it exists.
     * New rows count against the per-client limit: past it, CommerceError 429.
     */
    async store(session: SessionView): Promise<void> {
      const pending = unstored.get(session.sessionId);
      if (!pending) return;
      const [row] = await byId.execute({ id: session.sessionId, absoluteHours: settings.absoluteHours });
      if (row) {
        unstored.delete(session.sessionId);
        return;
      }
      const limit = await rateLimits.hit(
        rateLimits.key('session-create', 'ip', pending.ip),
        settings.createPerIp,
        settings.createWindowSeconds,
      );
      if (!limit.allowed)
        throw new CommerceError(
          'too-many-attempts',
          'Too Many Requests',
          `Too many new sessions from this address; try again in ${limit.retryAfter} seconds`,
          { retryAfter: limit.retryAfter },
        );
      const now = Date.now();
      const fresh = {
        csrfToken: session.csrfToken,
        customerId: null,
        cartId: null,
        createdAt: new Date(now),
        expiresAt: new Date(now + Math.min(idleMs(), absoluteMs())),
      };
      // An ended row under the same id (not purged yet) starts over as a new anonymous session.
      await db
        .insert(sessions)
        .values({ id: session.sessionId, ...fresh })
        .onConflictDoUpdate({ target: sessions.id, set: fresh });
      unstored.delete(session.sessionId);
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

    /** Points the session at a cart (or none), writing the session's row first when it has none yet. */
    async setCart(session: SessionView | string, cartId: string | null): Promise<void> {
      const sessionId = typeof session === 'string' ? session : session.sessionId;
      const pending = unstored.get(sessionId);
      if (cartId !== null && pending)
        await api.store(
          typeof session === 'string'
            ? { sessionId, customer: null, csrfToken: pending.csrfToken, cartId: null }
            : session,
        );
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
export function requestIsHttps(request: Request, trustProxy: boolean): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return (
    trustProxy && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https'
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

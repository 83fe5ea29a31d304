import type { MiddlewareHandler } from 'hono';
import {
  type DatabaseTrouble,
  type PoolStats,
  recentDatabaseTrouble,
  withDatabaseTrouble,
} from '../../db/database.ts';
import { markRefused } from './refusals.ts';

/**
 * Load shedding and honest answers when the database cannot serve (issue 10, faults and load).
 *
 * - Before the work: when the connection pool's waiting line is already full, or as many requests are in
 *   progress as the pool can serve plus its waiting line (pool max + max waiting), a request is refused at
 *   once with 503 and Retry-After, before it costs anything. A page makes many queries one after another, so
 *   bounding the pool's line alone would still let requests pile up between their queries; bounding the
 *   requests in progress keeps memory and latency bounded. A client told to come back beats one left hanging.
 * - After the work: a request that failed (5xx, or 404 after a failed lookup) because the database was busy
 *   or unreachable — noted by the pool for this request, see server/db/bounded-pool.ts — is answered 503
 *   with Retry-After instead of the error page or JSON, whichever part of the server rendered it. Other
 *   500s stay 500s.
 *
 * Static build files, media and /healthz never touch the database and are never shed.
 */
export interface LoadShedOptions {
  /** The pool's figures now; undefined for the embedded database, which has no pool to overflow. */
  poolStats?: () => PoolStats;
  /** Seconds a client should wait when the pool is saturated. */
  busyRetryAfterSeconds?: number;
  /** Seconds a client should wait when the database is unreachable (a restart takes a few seconds). */
  unavailableRetryAfterSeconds?: number;
  onShed?(reason: DatabaseTrouble, path: string): void;
  /**
   * Requests that wait their turn in a bounded line of their own before touching the database (admission
   * control's checkout lane): past the in-progress count they are let through to that line, not refused. In a
   * sale of 100 checkouts a second, the checkouts waiting for their turn (holding no connection) filled the count
   * (pool max + max waiting) and the rest were answered 503 at once (issue 42 #1).
   */
  waitsInOwnLine?(request: Request): boolean;
}

/** How long after a database failure in this process a 500 is taken for one of its consequences. */
const RECENT_MS = 5000;

const NEVER_SHED = /^\/(assets|media|builds)\/|^\/healthz$/;

const TEXT: Record<DatabaseTrouble, { title: string; detail: string }> = {
  busy: {
    title: 'Service Unavailable',
    detail: 'The store is very busy right now; please try again in a moment.',
  },
  unavailable: {
    title: 'Service Unavailable',
    detail: 'The store cannot reach its database right now; please try again in a moment.',
  },
};

function page(trouble: DatabaseTrouble, retryAfter: number): string {
  const { detail } = TEXT[trouble];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="${retryAfter}"><title>Back in a moment | Ridgeline Snowshoe Co.</title><style>body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1b2a24}</style></head><body><main><h1>Back in a moment</h1><p>${detail}</p><p>This page reloads by itself in ${retryAfter} seconds.</p></main></body></html>`;
}

/** The 503 answer: JSON for /api and JSON callers, a small self-refreshing page for everyone else. */
export function unavailableResponse(
  request: Request,
  trouble: DatabaseTrouble,
  retryAfter: number,
): Response {
  const path = new URL(request.url).pathname;
  const wantsJson =
    path.startsWith('/api/') || path === '/graphql' || /json/.test(request.headers.get('accept') ?? '');
  const headers = new Headers({ 'Retry-After': String(retryAfter), 'Cache-Control': 'no-store' });
  const body = wantsJson ? JSON.stringify({ status: 503, ...TEXT[trouble] }) : page(trouble, retryAfter);
  headers.set('Content-Type', wantsJson ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8');
  // Its length known, the compress middleware leaves this small answer as it is (below its 1 KB threshold)
  // instead of sending it through zlib's thread pool: under overload that trip waited for a turn of a busy
  // event loop, and a refusal must be quick (issue 22).
  headers.set('Content-Length', String(Buffer.byteLength(body)));
  return new Response(body, { status: 503, headers });
}

export function loadShed(options: LoadShedOptions = {}): MiddlewareHandler {
  const retryAfter: Record<DatabaseTrouble, number> = {
    busy: options.busyRetryAfterSeconds ?? 2,
    unavailable: options.unavailableRetryAfterSeconds ?? 5,
  };
  const shed = (request: Request, trouble: DatabaseTrouble, path: string) => {
    options.onShed?.(trouble, path);
    return unavailableResponse(request, trouble, retryAfter[trouble]);
  };
  /** Before the work: turned away on purpose, logged as a refusal (refusals.ts). */
  const refuse = (request: Request, path: string) => {
    markRefused(request);
    return shed(request, 'busy', path);
  };

  let inProgress = 0;
  return async (c, next) => {
    if (NEVER_SHED.test(c.req.path)) return next();
    const stats = options.poolStats?.();
    if (
      stats &&
      ((stats.idle === 0 && stats.waiting >= stats.maxWaiting) ||
        (inProgress >= stats.max + stats.maxWaiting && !options.waitsInOwnLine?.(c.req.raw)))
    )
      return refuse(c.req.raw, c.req.path);
    inProgress++;
    const { result, note } = withDatabaseTrouble(() => next());
    try {
      await result;
    } finally {
      inProgress--;
    }
    // A 404 met with database trouble may be a lookup that failed, not a page that does not exist (and a CDN
    // would keep it). A 500 with none noted for this request may still come from work another request
    // started (a shared cached load), so trouble anywhere in the process in the last seconds counts too.
    const status = c.res.status;
    const trouble =
      (status >= 500 || status === 404 ? note.trouble : null) ??
      (status >= 500 ? recentDatabaseTrouble(RECENT_MS) : null);
    if (trouble) {
      // The failed answer's body is dropped unread: cancel it so a streamed render stops.
      await c.res.body?.cancel().catch(() => {});
      c.res = undefined;
      c.res = shed(c.req.raw, trouble, c.req.path);
    }
  };
}

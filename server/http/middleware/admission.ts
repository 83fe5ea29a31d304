import type { MiddlewareHandler } from 'hono';
import {
  type AdmissionLane,
  type AdmissionSettings,
  type AdmissionState,
  admissionLane,
  decideAdmission,
  isSearchCrawler,
  longestWaitMs,
  nextInLine,
  nextServiceMs,
} from '#core/admission.ts';
import { parseCookies } from '#core/cookies.ts';
import { currentTroubleNote } from '../../db/database.ts';
import { SESSION_COOKIE_NAMES } from '../../sessions/sessions.ts';
import { readAhead, withBody } from '../read-ahead.ts';
import { unavailableResponse } from './load-shed.ts';
import { markRefused } from './refusals.ts';

/**
 * Admission control for rendering work (issues 22 and 42; the rule is core/admission.ts, the why is
 * docs/decisions/0019-admission-control.md and 0035-admission-lanes.md). A few requests render at once; the next
 * ones wait in lanes (checkouts and cart changes first, then a shopper's cart pages, then pages), each in
 * first-come order; a page that would wait longer than `maxWaitMs` — or finds its line full — is answered at
 * once with load-shed.ts's 503 "Back in a moment" and Retry-After, a checkout only past `checkoutWaitMs`. A
 * waiter whose turn has not come after its lane's longest wait (the expected wait was wrong) gets the same
 * answer then.
 *
 * Only work that costs CPU and database goes through it: page renders (the page cache's misses and every page
 * of a shopper with a session; a cached page is served without asking) and /api and /graphql. Static files,
 * media, /healthz and cache hits never wait here.
 */
export interface AdmissionOptions extends AdmissionSettings {
  /** Seconds a refused client is told to wait. */
  retryAfterSeconds?: number;
  /** The service time assumed before any request has finished. */
  initialServiceMs?: number;
  onRefuse?(reason: Refusal, path: string, lane: AdmissionLane): void;
  /** Each admitted request, with how long it waited for its turn. */
  onAdmit?(event: AdmissionEvent): void;
  now?: () => number;
}

/** How long after a refusal the server counts as past its capacity (AdmissionState.shedding). */
const SHEDDING_MS = 1000;

/** The longest a request holds its slot, body included. */
const LONGEST_HOLD_MS = 15_000;

/** Refused on arrival (line full, wait expected too long), after waiting too long, or passed by a checkout. */
type Refusal = 'line-full' | 'wait-too-long' | 'waited-too-long' | 'passed-by';

interface Waiter {
  lane: AdmissionLane;
  /** Settles the waiter: null, its turn came; else why it is refused. */
  settle(refusal: Refusal | null): void;
  timer: ReturnType<typeof setTimeout>;
}

export interface Admission {
  /** Runs `work` when admitted (the slot is held until its body is produced), or answers 503. */
  run(request: Request, work: () => Promise<Response>): Promise<Response>;
  /** The same for a Hono route group (/api, /graphql). */
  middleware(): MiddlewareHandler;
  stats(): AdmissionState & { admitted: number; refused: number };
}

/** Admission's view of a request: its lane, and its wait once admitted. */
export interface AdmissionEvent {
  lane: AdmissionLane;
  waitedMs: number;
}

export function createAdmission(options: AdmissionOptions): Admission {
  const now = options.now ?? (() => performance.now());
  const retryAfter = options.retryAfterSeconds ?? 1;
  const state: AdmissionState = {
    running: 0,
    waiting: { checkout: 0, shopper: 0, page: 0, crawler: 0 },
    serviceMs: options.initialServiceMs ?? 20,
    shedding: false,
  };
  let lastRefusal = Number.NEGATIVE_INFINITY;
  const lines: Record<AdmissionLane, Waiter[]> = { checkout: [], shopper: [], page: [], crawler: [] };
  const counts = { admitted: 0, refused: 0 };

  const count = () => {
    state.waiting = {
      checkout: lines.checkout.length,
      shopper: lines.shopper.length,
      page: lines.page.length,
      crawler: lines.crawler.length,
    };
  };
  const leave = (waiter: Waiter) => {
    const line = lines[waiter.lane];
    const at = line.indexOf(waiter);
    if (at >= 0) line.splice(at, 1);
    clearTimeout(waiter.timer);
    count();
  };
  /** Hands free slots to the waiters, lanes in rank order, each lane in arrival order. */
  const next = () => {
    while (state.running < options.concurrency) {
      const waiter = nextInLine(lines);
      if (!waiter) return;
      leave(waiter);
      state.running++;
      waiter.settle(null);
    }
  };
  const refuse = (request: Request, reason: Refusal, lane: AdmissionLane) => {
    counts.refused++;
    lastRefusal = now();
    options.onRefuse?.(reason, new URL(request.url).pathname, lane);
    markRefused(request);
    return unavailableResponse(request, 'busy', retryAfter);
  };

  const run = async (request: Request, work: () => Promise<Response>): Promise<Response> => {
    const lane = requestLane(request);
    state.shedding = now() - lastRefusal < SHEDDING_MS;
    const decision = decideAdmission(state, options, lane);
    const arrived = now();
    if (decision.action === 'refuse') return refuse(request, decision.reason, lane);
    if (decision.action === 'run') state.running++;
    else {
      if (decision.action === 'wait-evicting') {
        // The page that joined last has waited least: it makes room for the shopper.
        const passedBy = lines.page.at(-1);
        if (passedBy) {
          leave(passedBy);
          passedBy.settle('passed-by');
        }
      }
      const { signal } = request;
      const refusal = await new Promise<Refusal | 'gone' | null>((resolve) => {
        // A client that gave up while waiting (closed the connection) leaves the line: its turn would be work
        // nobody reads, taken from those still waiting.
        const gone = () => {
          leave(waiter);
          resolve('gone');
        };
        const waiter: Waiter = {
          lane,
          settle: (outcome) => {
            signal.removeEventListener('abort', gone);
            resolve(outcome);
          },
          timer: setTimeout(
            () => {
              leave(waiter);
              waiter.settle('waited-too-long');
            },
            longestWaitMs(lane, options),
          ),
        };
        signal.addEventListener('abort', gone, { once: true });
        lines[lane].push(waiter);
        count();
      });
      // Nobody reads this answer; the request logger logs the request as aborted.
      if (refusal === 'gone') return unavailableResponse(request, 'busy', retryAfter);
      if (refusal) return refuse(request, refusal, lane);
    }
    counts.admitted++;
    const started = now();
    const trouble = currentTroubleNote();
    options.onAdmit?.({ lane, waitedMs: started - arrived });
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(longestHold);
      // A request the database failed (away, restarting) measured the outage, not a render: counted, it would
      // keep the line refusing for seconds after the database is back (issue 42 #2).
      if (!trouble?.trouble) state.serviceMs = nextServiceMs(state.serviceMs, now() - started);
      state.running--;
      next();
    };
    // A body that never ends (none should: React aborts a render after streamTimeout) gives its slot back anyway.
    const longestHold = setTimeout(release, LONGEST_HOLD_MS);
    longestHold.unref?.();
    let response: Response;
    try {
      // One turn of the event loop first: the embedded database (PGlite) answers within microtasks, so a render
      // would otherwise never let the server read the requests that arrived meanwhile — they would wait unseen
      // in the socket buffers, out of order, instead of in this line or answered 503.
      await new Promise((resolve) => setImmediate(resolve));
      response = await work();
    } catch (error) {
      release();
      throw error;
    }
    return releasedWhenProduced(response, release);
  };

  return {
    run,
    middleware: () => async (c, next) => {
      let ran = false;
      const response = await run(c.req.raw, async () => {
        ran = true;
        await next();
        return c.res;
      });
      // Refused: the route never ran, and this answer is the response; admitted, its body now releases the slot.
      if (!ran) return response;
      c.res = response;
    },
    stats: () => ({ ...state, ...counts }),
  };
}

/** The lane a request waits in (core/admission.ts's rule, from its method, path, cookie and user agent). */
export function requestLane(request: Request): AdmissionLane {
  const hasSession = SESSION_COOKIE_NAMES.some((name) =>
    parseCookies(request.headers.get('cookie')).has(name),
  );
  return admissionLane(
    request.method,
    new URL(request.url).pathname,
    hasSession,
    isSearchCrawler(request.headers.get('user-agent')),
  );
}

/**
 * The response with its body read as fast as it is produced, and `release` called once the body is complete,
 * fails or is cancelled (a client gone). A page keeps working after its head: React renders the deferred parts
 * (below-the-fold widgets) as their data arrives, and the page is gzipped (server/http/gzip-in-slot.ts); released
 * at the head, that work piled up outside the line. Reading ahead of the client (the body is a page, bounded)
 * means a slow reader never holds a slot: the slot measures the server's work, not the delivery.
 */
export function releasedWhenProduced(response: Response, release: () => void): Response {
  if (!response.body) {
    release();
    return response;
  }
  return withBody(
    response,
    readAhead(response.body, { chunk: (value, emit) => emit(value), settled: release }),
  );
}

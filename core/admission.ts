/**
 * Admission control for rendering work (issue 22, docs/decisions/0019-admission-control.md): the pure rule of
 * whether a request that needs the database and the CPU runs now, waits its turn in a short line, or is
 * refused at once (503 with Retry-After) because its wait would be too long to be worth it.
 *
 * A page render is CPU-bound on one event loop: running 50 at once makes each one 50 times slower and lets
 * some wait seconds while others pass. A few at a time in first-come order keeps every admitted request's wait
 * short and alike; the rest are told to come back instead of being left hanging.
 */
export interface AdmissionSettings {
  /** Requests rendered at the same time. */
  concurrency: number;
  /** Requests allowed to wait for a turn (both lanes together). */
  maxQueue: number;
  /**
   * Longest a request may wait for its turn: one expected to wait longer (past capacity: more than half of it,
   * EXPECTED_WAIT_SHARE_SHEDDING) is refused at once, one whose turn has not come by then is refused then.
   */
  maxWaitMs: number;
}

export interface AdmissionState {
  running: number;
  /** Waiting in the ordinary lane. */
  waiting: number;
  /** Waiting in the priority lane (a signed-in shopper's cart and checkout), served first. */
  waitingPriority: number;
  /** Recent time one request takes from start to end while `concurrency` run together (a moving average). */
  serviceMs: number;
  /** A request was refused within the last second: the server is past its capacity. */
  shedding: boolean;
}

export type AdmissionLane = 'priority' | 'ordinary';

export type AdmissionDecision =
  | { action: 'run' }
  | { action: 'wait' }
  /** Wait, and make room by refusing the ordinary request that joined the line last. */
  | { action: 'wait-evicting' }
  | { action: 'refuse'; reason: 'line-full' | 'wait-too-long' };

/**
 * Expected wait before a request joins the line behind `ahead` others: a slot opens about every
 * serviceMs / concurrency, and it needs the (ahead + 1)-th one.
 */
export function expectedWaitMs(ahead: number, state: AdmissionState, settings: AdmissionSettings): number {
  return ((ahead + 1) * state.serviceMs) / settings.concurrency;
}

/**
 * Past capacity (a request was refused within the last second: `state.shedding`), a request joins the line only
 * when its expected wait is within this share of the longest wait. The estimate is an average and turns come
 * unevenly: at 150 % of capacity (signed-in product page) a line filled up to the whole wait left 23 % of the
 * refusals to waiters whose turn came too late, each answered only after the whole wait plus the event loop's
 * delay (320–390 ms, 583 ms in a bench run; goal 500); with three quarters still 7 %; with half none. Below
 * capacity the whole wait stays open: at 70 % a garbage collection's pause (100–200 ms) builds a short line that
 * a wait absorbs, and half the wait there refused 1–1.7 % of requests.
 */
export const EXPECTED_WAIT_SHARE_SHEDDING = 0.5;

export function decideAdmission(
  state: AdmissionState,
  settings: AdmissionSettings,
  lane: AdmissionLane,
): AdmissionDecision {
  // Priority requests pass ordinary waiters; ordinary ones never pass anyone.
  const ahead = lane === 'priority' ? state.waitingPriority : state.waitingPriority + state.waiting;
  if (state.running < settings.concurrency && ahead === 0) return { action: 'run' };
  const longest = state.shedding ? settings.maxWaitMs * EXPECTED_WAIT_SHARE_SHEDDING : settings.maxWaitMs;
  if (expectedWaitMs(ahead, state, settings) > longest) return { action: 'refuse', reason: 'wait-too-long' };
  // The lane is chosen by a session cookie being present, before anything checks it: a flood of requests with a
  // made-up cookie may take half the line, never all of it, so browsing still gets turns.
  if (lane === 'priority' && state.waitingPriority >= priorityShare(settings))
    return { action: 'refuse', reason: 'line-full' };
  if (state.waiting + state.waitingPriority < settings.maxQueue) return { action: 'wait' };
  if (lane === 'priority' && state.waiting > 0) return { action: 'wait-evicting' };
  return { action: 'refuse', reason: 'line-full' };
}

/** Most of the line the priority lane may hold: half, rounded up (all of a line of one). */
export function priorityShare(settings: AdmissionSettings): number {
  return Math.ceil(settings.maxQueue / 2);
}

/** The moving average of service time: new samples weigh 1/8, so a few slow renders move it but not at once. */
export function nextServiceMs(previous: number, sampleMs: number): number {
  return previous + (sampleMs - previous) / 8;
}

const CART_OR_CHECKOUT = /^\/[^/]+\/(cart|checkout)(\/|$)|^\/api\/(cart|checkout|orders)(\/|$)/;

/**
 * The priority lane: a shopper with a session on the way to paying (cart and checkout pages, and the cart,
 * checkout and order API). Browsing, even signed in, waits in the ordinary lane.
 */
export function admissionLane(path: string, hasSession: boolean): AdmissionLane {
  return hasSession && CART_OR_CHECKOUT.test(path) ? 'priority' : 'ordinary';
}

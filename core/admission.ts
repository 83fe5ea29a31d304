/**
 * Admission control for rendering work (issues 22 and 42, docs/decisions/0019-admission-control.md and
 * 0035-admission-lanes.md): the pure rule of whether a request that needs the database and the CPU runs now,
 * waits its turn, or is refused at once (503 with Retry-After) because its wait would be too long to be worth it.
 *
 * A page render is CPU-bound on one event loop: running 50 at once makes each one 50 times slower and lets
 * some wait seconds while others pass. A few at a time in first-come order keeps every admitted request's wait
 * short and alike; the rest are told to come back instead of being left hanging.
 *
 * Not every request is worth the same: a checkout dropped is a sale lost, a page dropped is reloaded a second
 * later. So requests wait in lanes, served in rank order, each lane first come first served:
 *   1. `checkout` — placing an order and changing a cart, by a shopper with a session: waits up to seconds;
 *   2. `shopper` — that shopper's cart and checkout pages and cart/order API reads: a page's wait, ahead of pages;
 *   3. `page` — every other page render, /api and /graphql: shed before checkouts;
 *   4. `crawler` — a search engine's bot: served last, shed first, but with a short line of its own and a longer
 *      wait, since a bot fetching a few pages at a time waits politely and a 503 costs the store its listing.
 */
export interface AdmissionSettings {
  /** Requests rendered at the same time. */
  concurrency: number;
  /** Requests allowed to wait in the page and shopper lanes together. */
  maxQueue: number;
  /**
   * Longest a page (or a shopper's page) may wait for its turn: one expected to wait longer (past capacity: more
   * than half of it, EXPECTED_WAIT_SHARE_SHEDDING) is refused at once, one whose turn has not come by then is
   * refused then.
   */
  maxWaitMs: number;
  /** Checkouts and cart changes allowed to wait (their own line). */
  checkoutQueue: number;
  /** Longest a checkout or cart change may wait for its turn. */
  checkoutWaitMs: number;
  /** Crawlers' requests allowed to wait (their own line). */
  crawlerQueue: number;
  /** Longest a crawler's request may wait (past capacity: half of it, like a page). */
  crawlerWaitMs: number;
}

export const ADMISSION_LANES = ['checkout', 'shopper', 'page', 'crawler'] as const;

/** Lanes in the order they are served. */
export type AdmissionLane = (typeof ADMISSION_LANES)[number];

export interface AdmissionState {
  running: number;
  /** Waiting in each lane. */
  waiting: Record<AdmissionLane, number>;
  /** Recent time one request takes from start to end while `concurrency` run together (a moving average). */
  serviceMs: number;
  /** A request was refused within the last second: the server is past its capacity. */
  shedding: boolean;
}

export type AdmissionDecision =
  | { action: 'run' }
  | { action: 'wait' }
  /** Wait, and make room by refusing the page that joined the line last. */
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
 * Past capacity (a request was refused within the last second: `state.shedding`), a page joins the line only
 * when its expected wait is within this share of the longest wait. The estimate is an average and turns come
 * unevenly: at 150 % of capacity (signed-in product page) a line filled up to the whole wait left 23 % of the
 * refusals to waiters whose turn came too late, each answered only after the whole wait plus the event loop's
 * delay (320–390 ms, 583 ms in a bench run; goal 500); with three quarters still 7 %; with half none. Below
 * capacity the whole wait stays open: at 70 % a garbage collection's pause (100–200 ms) builds a short line that
 * a wait absorbs, and half the wait there refused 1–1.7 % of requests. A checkout always has its whole wait: a
 * late answer there is still a sale.
 */
export const EXPECTED_WAIT_SHARE_SHEDDING = 0.5;

/** How many wait ahead of a newcomer to `lane`: everyone in its lane and in the lanes served before it. */
export function waitingAhead(state: AdmissionState, lane: AdmissionLane): number {
  let ahead = 0;
  for (const other of ADMISSION_LANES.slice(0, ADMISSION_LANES.indexOf(lane) + 1))
    ahead += state.waiting[other];
  return ahead;
}

/** The longest `lane` waits for a turn. */
export function longestWaitMs(lane: AdmissionLane, settings: AdmissionSettings): number {
  if (lane === 'checkout') return settings.checkoutWaitMs;
  return lane === 'crawler' ? settings.crawlerWaitMs : settings.maxWaitMs;
}

export function decideAdmission(
  state: AdmissionState,
  settings: AdmissionSettings,
  lane: AdmissionLane,
): AdmissionDecision {
  const ahead = waitingAhead(state, lane);
  if (state.running < settings.concurrency && ahead === 0) return { action: 'run' };
  // A checkout is never refused on the estimate, only when its line is full or its turn has not come after
  // its whole wait: the estimate averages every request (pages cost more than a checkout's answer), and in a
  // flash sale it turned away checkouts that would have been served in time (PostgreSQL, 200 for 20 units).
  if (lane === 'checkout')
    return state.waiting.checkout < settings.checkoutQueue
      ? { action: 'wait' }
      : { action: 'refuse', reason: 'line-full' };
  const whole = longestWaitMs(lane, settings);
  const longest = state.shedding ? whole * EXPECTED_WAIT_SHARE_SHEDDING : whole;
  if (expectedWaitMs(ahead, state, settings) > longest) return { action: 'refuse', reason: 'wait-too-long' };
  if (lane === 'crawler')
    return state.waiting.crawler < settings.crawlerQueue
      ? { action: 'wait' }
      : { action: 'refuse', reason: 'line-full' };
  // The shopper lane is chosen by a session cookie being present, before anything checks it: a flood of
  // requests with a made-up cookie may take half the page line, never all of it, so browsing still gets turns.
  if (lane === 'shopper' && state.waiting.shopper >= shopperShare(settings))
    return { action: 'refuse', reason: 'line-full' };
  if (state.waiting.page + state.waiting.shopper < settings.maxQueue) return { action: 'wait' };
  if (lane === 'shopper' && state.waiting.page > 0) return { action: 'wait-evicting' };
  return { action: 'refuse', reason: 'line-full' };
}

/** Most of the page line the shopper lane may hold: half, rounded up (all of a line of one). */
export function shopperShare(settings: AdmissionSettings): number {
  return Math.ceil(settings.maxQueue / 2);
}

/**
 * Whose turn it is when a slot opens: the first waiter of the first lane that has one (lanes in rank order,
 * each in arrival order). Null when nobody waits.
 */
export function nextInLine<T>(lines: Readonly<Record<AdmissionLane, readonly T[]>>): T | null {
  for (const lane of ADMISSION_LANES) {
    const first = lines[lane][0];
    if (first !== undefined) return first;
  }
  return null;
}

/** The moving average of service time: new samples weigh 1/8, so a few slow renders move it but not at once. */
export function nextServiceMs(previous: number, sampleMs: number): number {
  return previous + (sampleMs - previous) / 8;
}

/**
 * A search engine's or an SEO tool's crawler, by the word its user agent names itself with (Googlebot, bingbot,
 * YandexBot, Baiduspider, Applebot, AhrefsBot, Yahoo! Slurp…). Not isbot's wider net: that also takes curl,
 * node's fetch, load generators and headless browsers for bots, which would move load tests and monitoring out
 * of the page lane.
 */
const CRAWLER = /bot\b|crawler|spider|slurp/i;

export function isSearchCrawler(userAgent: string | null): boolean {
  return userAgent !== null && CRAWLER.test(userAgent);
}

/** A page or route of the cart and the checkout, with or without React Router's `.data` suffix. */
const CART_OR_CHECKOUT = /^\/[^/]+\/(cart|checkout)(\.data$|\/|$)|^\/api\/(cart|checkout|orders?)(\/|$)/;

/** Pages whose form changes a cart: the cart and checkout, and add-to-cart on product and category pages. */
const CART_CHANGE_PAGE = /^\/[^/]+\/(cart|checkout|p\/[^/]+|c\/.+?)(\.data)?$/;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The lane of a request. `checkout`: placing an order (the checkout page's post) or changing a cart (a post to
 * the cart, an add-to-cart on a product or category page, a change through the cart API) by a shopper with a
 * session. `shopper`: the same shopper reading the cart and checkout pages or the cart and order API. `crawler`:
 * a search engine's bot (by its user agent) without a session. Everything else, signed in or not, is a `page`.
 */
export function admissionLane(
  method: string,
  path: string,
  hasSession: boolean,
  isCrawler = false,
): AdmissionLane {
  if (!hasSession) return isCrawler ? 'crawler' : 'page';
  const changes = !READS.has(method.toUpperCase());
  if (changes && (CART_CHANGE_PAGE.test(path) || /^\/api\/cart(\/|$)/.test(path))) return 'checkout';
  return CART_OR_CHECKOUT.test(path) ? 'shopper' : 'page';
}

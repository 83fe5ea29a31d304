import { describe, expect, it } from 'vitest';
import {
  type AdmissionLane,
  type AdmissionState,
  admissionLane,
  decideAdmission,
  EXPECTED_WAIT_SHARE_SHEDDING,
  expectedWaitMs,
  isSearchCrawler,
  longestWaitMs,
  nextInLine,
  nextServiceMs,
  waitingAhead,
} from './admission.ts';

const settings = {
  concurrency: 2,
  maxQueue: 4,
  maxWaitMs: 100,
  checkoutQueue: 300,
  checkoutWaitMs: 10_000,
  crawlerQueue: 3,
  crawlerWaitMs: 1000,
};
const state = (
  over: Partial<Omit<AdmissionState, 'waiting'>> & { waiting?: Partial<AdmissionState['waiting']> },
): AdmissionState => ({
  running: 0,
  serviceMs: 20,
  shedding: false,
  ...over,
  waiting: { checkout: 0, shopper: 0, page: 0, crawler: 0, ...over.waiting },
});

describe('decideAdmission', () => {
  it('runs at once while a slot is free and nobody waits', () => {
    expect(decideAdmission(state({ running: 1 }), settings, 'page')).toEqual({ action: 'run' });
    expect(decideAdmission(state({ running: 1 }), settings, 'checkout')).toEqual({ action: 'run' });
  });

  it('waits in line when every slot is taken, or behind those already waiting', () => {
    expect(decideAdmission(state({ running: 2 }), settings, 'page')).toEqual({ action: 'wait' });
    // A free slot is not taken past someone waiting for it (first come, first served).
    expect(decideAdmission(state({ running: 1, waiting: { page: 1 } }), settings, 'page')).toEqual({
      action: 'wait',
    });
    expect(decideAdmission(state({ running: 1, waiting: { checkout: 1 } }), settings, 'checkout')).toEqual({
      action: 'wait',
    });
  });

  it('refuses a page at once when the expected wait is over the limit', () => {
    // Slots open every 40 / 2 = 20 ms: the 5th in line would wait ~100 ms, the 6th ~120 ms.
    const slow = state({ running: 2, waiting: { page: 4 }, serviceMs: 40 });
    expect(expectedWaitMs(4, slow, settings)).toBe(100);
    expect(decideAdmission(slow, { ...settings, maxQueue: 10 }, 'page')).toEqual({ action: 'wait' });
    expect(
      decideAdmission(
        state({ running: 2, waiting: { page: 5 }, serviceMs: 40 }),
        { ...settings, maxQueue: 10 },
        'page',
      ),
    ).toEqual({ action: 'refuse', reason: 'wait-too-long' });
  });

  it('past capacity, refuses a page at once when the expected wait is over half the limit', () => {
    // Slots open every 20 / 2 = 10 ms: the 5th in line would wait ~50 ms (half of 100), the 6th ~60 ms.
    const roomy = { ...settings, maxQueue: 10 };
    const busy = state({ running: 2, waiting: { page: 4 }, shedding: true });
    expect(expectedWaitMs(4, busy, settings)).toBe(settings.maxWaitMs * EXPECTED_WAIT_SHARE_SHEDDING);
    expect(decideAdmission(busy, roomy, 'page')).toEqual({ action: 'wait' });
    const sixth = state({ running: 2, waiting: { page: 5 }, shedding: true });
    expect(decideAdmission(sixth, roomy, 'page')).toEqual({ action: 'refuse', reason: 'wait-too-long' });
    // Below capacity the same line still has room.
    expect(decideAdmission({ ...sixth, shedding: false }, roomy, 'page')).toEqual({ action: 'wait' });
  });

  it('refuses a page at once when the line is full', () => {
    expect(
      decideAdmission(state({ running: 2, waiting: { page: 4 }, serviceMs: 1 }), settings, 'page'),
    ).toEqual({
      action: 'refuse',
      reason: 'line-full',
    });
  });
});

describe('the checkout lane', () => {
  it('is served ahead of pages: a checkout counts only the checkouts waiting before it', () => {
    const crowded = state({ running: 2, waiting: { checkout: 3, shopper: 2, page: 4 } });
    expect(waitingAhead(crowded, 'checkout')).toBe(3);
    expect(waitingAhead(crowded, 'shopper')).toBe(5);
    expect(waitingAhead(crowded, 'page')).toBe(9);
    // A line of pages at its limit does not keep a checkout out.
    expect(decideAdmission(crowded, settings, 'checkout')).toEqual({ action: 'wait' });
  });

  it('sheds pages first: past capacity a page gets the refusal, the checkout waits', () => {
    // 150 checkouts waiting, 20 ms each two at a time: ~1.5 s for the next checkout, far past a page's 100 ms.
    const sale = state({ running: 2, waiting: { checkout: 150 }, shedding: true });
    expect(decideAdmission(sale, settings, 'checkout')).toEqual({ action: 'wait' });
    expect(decideAdmission(sale, settings, 'page')).toEqual({ action: 'refuse', reason: 'wait-too-long' });
    expect(decideAdmission(sale, settings, 'shopper')).toEqual({ action: 'refuse', reason: 'wait-too-long' });
  });

  it('waits up to its own limit, not a page’s, however long the line looks', () => {
    expect(longestWaitMs('checkout', settings)).toBe(10_000);
    expect(longestWaitMs('page', settings)).toBe(100);
    expect(longestWaitMs('shopper', settings)).toBe(100);
    expect(longestWaitMs('crawler', settings)).toBe(1000);
    // 20 ms each two at a time: the 1,000th would wait ~10 s by the estimate, the 1,500th ~15 s; both wait, and
    // the middleware refuses whoever's turn has not come after 10 s.
    const roomy = { ...settings, checkoutQueue: 2000 };
    expect(decideAdmission(state({ running: 2, waiting: { checkout: 1000 } }), roomy, 'checkout')).toEqual({
      action: 'wait',
    });
    expect(decideAdmission(state({ running: 2, waiting: { checkout: 1500 } }), roomy, 'checkout')).toEqual({
      action: 'wait',
    });
    // Refusals of pages (shedding) do not shorten a checkout's wait.
    expect(
      decideAdmission(state({ running: 2, waiting: { checkout: 1500 }, shedding: true }), roomy, 'checkout'),
    ).toEqual({ action: 'wait' });
  });

  it('has a line of its own, bounded by its own count', () => {
    const full = state({ running: 2, waiting: { checkout: 300 }, serviceMs: 1 });
    expect(decideAdmission(full, settings, 'checkout')).toEqual({ action: 'refuse', reason: 'line-full' });
    expect(
      decideAdmission(state({ running: 2, waiting: { checkout: 299 }, serviceMs: 1 }), settings, 'checkout'),
    ).toEqual({
      action: 'wait',
    });
  });
});

describe('the shopper lane', () => {
  it('passes pages, and makes room in a full line', () => {
    const full = state({ running: 2, waiting: { page: 4 }, serviceMs: 40 });
    // Behind nobody in its lane: its wait is short even though the page line is long.
    expect(decideAdmission(full, settings, 'shopper')).toEqual({ action: 'wait-evicting' });
    expect(decideAdmission(state({ running: 2, waiting: { page: 1 } }), settings, 'shopper')).toEqual({
      action: 'wait',
    });
  });

  it('keeps half the line for browsing: a cookie nobody has checked yet never takes all of it', () => {
    const half = state({ running: 2, waiting: { shopper: 2 }, serviceMs: 1 });
    expect(decideAdmission(half, settings, 'shopper')).toEqual({ action: 'refuse', reason: 'line-full' });
    expect(
      decideAdmission(state({ running: 2, waiting: { shopper: 1 }, serviceMs: 1 }), settings, 'shopper'),
    ).toEqual({
      action: 'wait',
    });
    expect(decideAdmission(half, settings, 'page')).toEqual({ action: 'wait' });
    // Pages and shoppers together fill the line: the last page cannot make room for a shopper over its half.
    expect(
      decideAdmission(
        state({ running: 2, waiting: { shopper: 1, page: 3 }, serviceMs: 1 }),
        settings,
        'page',
      ),
    ).toEqual({ action: 'refuse', reason: 'line-full' });
    // A line of one still has room for a shopper.
    expect(decideAdmission(state({ running: 2 }), { ...settings, maxQueue: 1 }, 'shopper')).toEqual({
      action: 'wait',
    });
  });
});

describe('the crawler lane', () => {
  it('is served last: a crawler counts everyone waiting', () => {
    const crowded = state({ running: 2, waiting: { checkout: 1, shopper: 1, page: 1, crawler: 1 } });
    expect(waitingAhead(crowded, 'crawler')).toBe(4);
  });

  it('waits longer than a page in a short line of its own: a bot a few pages at a time is not turned away', () => {
    expect(longestWaitMs('crawler', settings)).toBe(1000);
    // Slots open every 200 / 2 = 100 ms: a page 3rd in line (~300 ms) is refused, a crawler 3rd in line waits.
    const slow = state({ running: 2, waiting: { crawler: 2 }, serviceMs: 200 });
    expect(decideAdmission(slow, settings, 'crawler')).toEqual({ action: 'wait' });
    const pages = state({ running: 2, waiting: { page: 2 }, serviceMs: 200 });
    expect(decideAdmission(pages, settings, 'page')).toEqual({ action: 'refuse', reason: 'wait-too-long' });
    const full = state({ running: 2, waiting: { crawler: 3 }, serviceMs: 1 });
    expect(decideAdmission(full, settings, 'crawler')).toEqual({ action: 'refuse', reason: 'line-full' });
  });

  it('is shed first: behind a sale’s checkouts, or past capacity at half its wait', () => {
    const sale = state({ running: 2, waiting: { checkout: 150 } });
    expect(decideAdmission(sale, settings, 'crawler')).toEqual({ action: 'refuse', reason: 'wait-too-long' });
    // 6th in line at 100 ms a slot: ~600 ms, within 1,000 but not within half of it.
    const roomy = { ...settings, crawlerQueue: 10 };
    const busy = state({ running: 2, waiting: { crawler: 2, page: 3 }, serviceMs: 200 });
    expect(decideAdmission(busy, roomy, 'crawler')).toEqual({ action: 'wait' });
    expect(decideAdmission({ ...busy, shedding: true }, roomy, 'crawler')).toEqual({
      action: 'refuse',
      reason: 'wait-too-long',
    });
  });
});

describe('nextInLine', () => {
  const lines = (over: Partial<Record<AdmissionLane, string[]>>) => ({
    checkout: [],
    shopper: [],
    page: [],
    crawler: [],
    ...over,
  });

  it('serves crawlers only when nobody else waits', () => {
    expect(nextInLine(lines({ crawler: ['bot-1'], page: ['page-1'] }))).toBe('page-1');
    expect(nextInLine(lines({ crawler: ['bot-1', 'bot-2'] }))).toBe('bot-1');
  });

  it('takes the checkout lane first, then the shopper lane, then pages', () => {
    expect(nextInLine(lines({ page: ['page-1'], shopper: ['cart-1'], checkout: ['order-1'] }))).toBe(
      'order-1',
    );
    expect(nextInLine(lines({ page: ['page-1'], shopper: ['cart-1'] }))).toBe('cart-1');
    expect(nextInLine(lines({ page: ['page-1'] }))).toBe('page-1');
    expect(nextInLine(lines({}))).toBeNull();
  });

  it('serves each lane in arrival order', () => {
    expect(nextInLine(lines({ checkout: ['first', 'second', 'third'] }))).toBe('first');
    expect(nextInLine(lines({ page: ['early', 'late'] }))).toBe('early');
  });
});

describe('admissionLane', () => {
  it('puts placing an order and changing a cart in the checkout lane, for a shopper with a session', () => {
    expect(admissionLane('POST', '/en-us/checkout', true)).toBe('checkout');
    expect(admissionLane('POST', '/en-us/checkout.data', true)).toBe('checkout');
    expect(admissionLane('POST', '/en-us/cart', true)).toBe('checkout');
    expect(admissionLane('post', '/fr-ca/p/trail-24', true)).toBe('checkout');
    expect(admissionLane('POST', '/en-us/p/trail-24.data', true)).toBe('checkout');
    expect(admissionLane('POST', '/en-us/c/snowshoes/trail', true)).toBe('checkout');
    expect(admissionLane('POST', '/api/cart/create', true)).toBe('checkout');
    expect(admissionLane('DELETE', '/api/cart/abc/items/3', true)).toBe('checkout');
    expect(admissionLane('PUT', '/api/cart/abc', true)).toBe('checkout');
  });

  it('puts the same shopper reading the cart and checkout in the shopper lane', () => {
    expect(admissionLane('GET', '/en-us/checkout', true)).toBe('shopper');
    expect(admissionLane('GET', '/en-us/checkout/confirmation/1042', true)).toBe('shopper');
    expect(admissionLane('GET', '/en-us/cart.data', true)).toBe('shopper');
    expect(admissionLane('GET', '/api/cart/abc', true)).toBe('shopper');
    expect(admissionLane('GET', '/api/orders/7', true)).toBe('shopper');
    expect(admissionLane('HEAD', '/en-us/cart', true)).toBe('shopper');
  });

  it('puts a crawler without a session in the crawler lane, and a crawler with one by what it does', () => {
    expect(admissionLane('GET', '/en-us/p/trail-24', false, true)).toBe('crawler');
    expect(admissionLane('GET', '/en-us/p/trail-24', true, true)).toBe('page');
    expect(admissionLane('GET', '/en-us/cart', true, true)).toBe('shopper');
  });

  it('leaves everything else, and everyone without a session, with the pages', () => {
    expect(admissionLane('POST', '/en-us/checkout', false)).toBe('page');
    expect(admissionLane('GET', '/en-us/checkout', false)).toBe('page');
    expect(admissionLane('GET', '/en-us/p/trail-24', true)).toBe('page');
    expect(admissionLane('GET', '/en-us/cartography', true)).toBe('page');
    expect(admissionLane('POST', '/en-us/cartography', true)).toBe('page');
    expect(admissionLane('POST', '/en-us/account/login', true)).toBe('page');
    expect(admissionLane('POST', '/api/customers', true)).toBe('page');
  });
});

describe('isSearchCrawler', () => {
  it('knows search engines’ crawlers by their names', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
      'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    ])
      expect(isSearchCrawler(agent)).toBe(true);
  });

  it('leaves browsers, headless browsers, curl, node and load generators with the pages', () => {
    for (const agent of [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      'node',
      'autocannon',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Robotic-Arm-App',
    ])
      expect(isSearchCrawler(agent)).toBe(false);
    expect(isSearchCrawler(null)).toBe(false);
  });
});

describe('nextServiceMs', () => {
  it('moves an eighth of the way to each new sample', () => {
    expect(nextServiceMs(20, 100)).toBe(30);
    expect(nextServiceMs(20, 20)).toBe(20);
  });
});

import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { createAdmission } from './admission.ts';

/** A render that ends when the test says so. */
function gatedWork() {
  const gates: (() => void)[] = [];
  const started: string[] = [];
  const work = (name: string) => () =>
    new Promise<Response>((resolve) => {
      started.push(name);
      gates.push(() => resolve(new Response(name)));
    });
  return { work, started, finishNext: () => gates.shift()?.() };
}

/** Lets the admitted work start: admission yields one event-loop turn before each render. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 5));

const request = (path: string, cookie?: string, method = 'GET') =>
  new Request(`http://localhost${path}`, { method, ...(cookie ? { headers: { cookie } } : {}) });

/** The checkout lane's own limits, far from the pages' in these tests. */
const checkoutLine = { checkoutQueue: 100, checkoutWaitMs: 10_000, crawlerQueue: 4, crawlerWaitMs: 2000 };

describe('createAdmission', () => {
  it('runs a few at once, then the waiters in arrival order, and refuses past the line', async () => {
    const admission = createAdmission({
      ...checkoutLine,
      concurrency: 2,
      maxQueue: 2,
      maxWaitMs: 5000,
      initialServiceMs: 1,
    });
    const { work, started, finishNext } = gatedWork();
    const answers = ['a', 'b', 'c', 'd'].map((name) =>
      admission.run(request(`/en-us/p/${name}`), work(name)),
    );
    const refused = await admission.run(request('/en-us/p/e'), work('e'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.text()).toContain('Back in a moment');
    await vi.waitFor(() => expect(started).toEqual(['a', 'b']));
    finishNext();
    await answers[0];
    // The slot comes back once the body has been read through, a few turns after the answer.
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c']));
    finishNext();
    await answers[1];
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c', 'd']));
    finishNext();
    finishNext();
    expect(await Promise.all(answers.map(async (answer) => (await answer).text()))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(admission.stats()).toMatchObject({
      running: 0,
      waiting: { checkout: 0, shopper: 0, page: 0, crawler: 0 },
      admitted: 4,
      refused: 1,
    });
  });

  it('answers a waiter 503 when its turn has not come within the longest wait', async () => {
    const admission = createAdmission({
      ...checkoutLine,
      concurrency: 1,
      maxQueue: 5,
      maxWaitMs: 20,
      initialServiceMs: 1,
    });
    const { work, started, finishNext } = gatedWork();
    const first = admission.run(request('/en-us/p/a'), work('a'));
    const second = await admission.run(request('/api/products'), work('b'));
    expect(second.status).toBe(503);
    expect(await second.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
    await vi.waitFor(() => expect(started).toEqual(['a']));
    finishNext();
    const served = await first;
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('a');
    expect(admission.stats()).toMatchObject({
      waiting: { checkout: 0, shopper: 0, page: 0, crawler: 0 },
      running: 0,
    });
  });

  it('past capacity (a refusal in the last second), keeps the line to half the longest wait', async () => {
    let clock = 0;
    const admission = createAdmission({
      ...checkoutLine,
      concurrency: 1,
      maxQueue: 1,
      maxWaitMs: 1000,
      initialServiceMs: 800,
      now: () => clock,
    });
    const { work, started, finishNext } = gatedWork();
    const first = admission.run(request('/en-us/p/a'), work('a'));
    // Expected to wait ~800 ms, within the whole 1,000: below capacity it waits.
    const second = admission.run(request('/en-us/p/b'), work('b'));
    expect((await admission.run(request('/en-us/p/c'), work('c'))).status).toBe(503);
    expect(admission.stats()).toMatchObject({ waiting: { page: 1 }, refused: 1 });
    await vi.waitFor(() => expect(started).toEqual(['a']));
    finishNext();
    await (await first).text();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b']));
    // The same ~700 ms wait (the average moved by the last render) is over half the longest: refused at once.
    expect((await admission.run(request('/en-us/p/d'), work('d'))).status).toBe(503);
    // A second later, with no refusal since, the whole wait is open again.
    clock += 1000;
    const fifth = admission.run(request('/en-us/p/e'), work('e'));
    expect(admission.stats()).toMatchObject({ waiting: { page: 1 }, refused: 2 });
    finishNext();
    await (await second).text();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'e']));
    finishNext();
    expect(await (await fifth).text()).toBe('e');
  });

  it('lets checkouts wait past a page’s longest wait, and serves them before the pages', async () => {
    const admission = createAdmission({
      ...checkoutLine,
      concurrency: 1,
      maxQueue: 5,
      maxWaitMs: 30,
      checkoutQueue: 5,
      checkoutWaitMs: 5000,
      initialServiceMs: 1,
    });
    const { work, started, finishNext } = gatedWork();
    const admitted: string[] = [];
    const first = admission.run(request('/en-us/p/a'), work('page-a'));
    const page = admission.run(request('/en-us/p/b'), work('page-b'));
    const orders = ['order-1', 'order-2'].map((name) =>
      admission.run(request('/en-us/checkout', 'rl_session=s1', 'POST'), work(name)),
    );
    const cart = admission.run(request('/api/cart/c1/items', 'rl_session=s2', 'POST'), work('cart-change'));
    expect(admission.stats().waiting).toEqual({ checkout: 3, shopper: 0, page: 1, crawler: 0 });
    // The page waited its 30 ms and is answered 503; the checkouts still wait.
    const shed = await page;
    expect(shed.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(admission.stats().waiting).toEqual({ checkout: 3, shopper: 0, page: 0, crawler: 0 });
    await vi.waitFor(() => expect(started).toEqual(['page-a']));
    finishNext();
    await (await first).text();
    for (const answer of [...orders, cart]) {
      await vi.waitFor(() => expect(started).toHaveLength(admitted.length + 2));
      finishNext();
      admitted.push(await (await answer).text());
    }
    // First come, first served within the lane.
    expect(admitted).toEqual(['order-1', 'order-2', 'cart-change']);
    expect(admission.stats()).toMatchObject({ admitted: 4, refused: 1 });
  });

  it('serves a shopper’s checkout page before browsing, making room in a full line', async () => {
    const admission = createAdmission({
      ...checkoutLine,
      concurrency: 1,
      maxQueue: 1,
      maxWaitMs: 5000,
      initialServiceMs: 1,
    });
    const { work, started, finishNext } = gatedWork();
    const browsing = admission.run(request('/en-us/p/a'), work('browse-a'));
    const waiting = admission.run(request('/en-us/p/b'), work('browse-b'));
    const checkout = admission.run(request('/en-us/checkout', 'rl_session=s1'), work('checkout'));
    expect((await waiting).status).toBe(503);
    await vi.waitFor(() => expect(started).toEqual(['browse-a']));
    finishNext();
    expect(await (await browsing).text()).toBe('browse-a');
    await vi.waitFor(() => expect(started).toEqual(['browse-a', 'checkout']));
    finishNext();
    expect(await (await checkout).text()).toBe('checkout');
    expect(started).toEqual(['browse-a', 'checkout']);
  });

  it('lets a crawler wait past a page’s longest wait, after the pages', async () => {
    const admission = createAdmission({ ...checkoutLine, concurrency: 1, maxQueue: 5, maxWaitMs: 30 });
    const { work, started, finishNext } = gatedWork();
    const bot = (path: string) =>
      new Request(`http://localhost${path}`, {
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
      });
    const first = admission.run(request('/en-us/p/a'), work('a'));
    const crawled = admission.run(bot('/en-us/p/b'), work('bot'));
    const page = admission.run(request('/en-us/p/c'), work('page'));
    expect(admission.stats().waiting).toMatchObject({ page: 1, crawler: 1 });
    // The page waited its 30 ms and is refused; the crawler, 2 s at most, still waits.
    expect((await page).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(admission.stats().waiting).toMatchObject({ page: 0, crawler: 1 });
    await vi.waitFor(() => expect(started).toEqual(['a']));
    finishNext();
    await (await first).text();
    await vi.waitFor(() => expect(started).toEqual(['a', 'bot']));
    finishNext();
    expect(await (await crawled).text()).toBe('bot');
  });

  it('lets a waiter whose client went away leave the line, neither run nor counted as refused', async () => {
    const admission = createAdmission({ ...checkoutLine, concurrency: 1, maxQueue: 5, maxWaitMs: 5000 });
    const { work, started, finishNext } = gatedWork();
    const first = admission.run(request('/en-us/p/a'), work('a'));
    const client = new AbortController();
    const leaving = admission.run(
      new Request('http://localhost/en-us/p/b', { signal: client.signal }),
      work('b'),
    );
    const staying = admission.run(request('/en-us/p/c'), work('c'));
    expect(admission.stats().waiting.page).toBe(2);
    client.abort();
    expect((await leaving).status).toBe(503);
    expect(admission.stats()).toMatchObject({ waiting: { page: 1 }, refused: 0 });
    await vi.waitFor(() => expect(started).toEqual(['a']));
    finishNext();
    await (await first).text();
    await vi.waitFor(() => expect(started).toEqual(['a', 'c']));
    finishNext();
    expect(await (await staying).text()).toBe('c');
  });

  it("holds the slot until the page's body is produced, not only its head", async () => {
    const admission = createAdmission({
      ...checkoutLine,
      concurrency: 1,
      maxQueue: 5,
      maxWaitMs: 5000,
      initialServiceMs: 1,
    });
    let finishBody: () => void = () => {};
    const streamed = () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('<head>'));
              // The deferred parts render later, as their data arrives.
              finishBody = () => {
                controller.enqueue(new TextEncoder().encode('<deferred/>'));
                controller.close();
              };
            },
          }),
          { headers: { 'content-type': 'text/html' } },
        ),
      );
    const first = await admission.run(request('/en-us/p/a'), streamed);
    expect(first.headers.get('content-type')).toBe('text/html');
    let secondStarted = false;
    const second = admission.run(request('/en-us/p/b'), async () => {
      secondStarted = true;
      return new Response('b');
    });
    await turn();
    expect(secondStarted).toBe(false);
    expect(admission.stats()).toMatchObject({ running: 1, waiting: { page: 1 } });
    finishBody();
    await vi.waitFor(() => expect(secondStarted).toBe(true));
    // Nobody had read the first body yet: the slot measures the work, not the delivery to a slow client.
    expect(await first.text()).toBe('<head><deferred/>');
    expect(await (await second).text()).toBe('b');
    expect(admission.stats()).toMatchObject({
      running: 0,
      waiting: { checkout: 0, shopper: 0, page: 0, crawler: 0 },
    });
  });

  it('gives the slot back when the client goes away mid-body', async () => {
    const admission = createAdmission({
      ...checkoutLine,
      concurrency: 1,
      maxQueue: 5,
      maxWaitMs: 5000,
      initialServiceMs: 1,
    });
    let sourceCancelled = false;
    const endless = () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('<head>'));
            },
            cancel() {
              sourceCancelled = true;
            },
          }),
        ),
      );
    const first = await admission.run(request('/en-us/p/a'), endless);
    await turn();
    expect(admission.stats().running).toBe(1);
    await first.body?.cancel('client closed');
    expect(sourceCancelled).toBe(true);
    expect(admission.stats().running).toBe(0);
    expect((await admission.run(request('/en-us/p/b'), async () => new Response('b'))).status).toBe(200);
  });

  it('as middleware: a refused request never reaches the route', async () => {
    const admission = createAdmission({
      ...checkoutLine,
      concurrency: 1,
      maxQueue: 0,
      maxWaitMs: 5000,
      initialServiceMs: 1,
    });
    const app = new Hono();
    let release = () => {};
    let ran = 0;
    app.use('/api/*', admission.middleware());
    app.get('/api/slow', async (c) => {
      ran++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return c.json({ ok: true });
    });
    const slow = app.request('/api/slow');
    await vi.waitFor(() => expect(ran).toBe(1));
    const refused = await app.request('/api/slow');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    release();
    expect((await slow).status).toBe(200);
    expect(ran).toBe(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { withDatabaseTrouble } from '../../db/database.ts';
import { createAdmission } from './admission.ts';

/**
 * Issue 42 #2: a request the database failed measures the outage (a connect timeout, a hung socket), not what a
 * render costs. Counted in admission's service time, a few of them made the line refuse pages for seconds after
 * PostgreSQL was back. Each request runs in its own trouble note, as the load-shed middleware wraps it.
 */
describe('admission and database trouble', () => {
  const settings = {
    concurrency: 1,
    maxQueue: 10,
    maxWaitMs: 250,
    checkoutQueue: 100,
    checkoutWaitMs: 10_000,
    crawlerQueue: 4,
    crawlerWaitMs: 2000,
    initialServiceMs: 20,
  };

  it('leaves the service time as it was after requests the database failed, and learns from those it served', async () => {
    const clock = { now: 0 };
    const admission = createAdmission({ ...settings, now: () => clock.now });
    const run = (tookMs: number, troubled: boolean) => {
      const wrapped = withDatabaseTrouble(() =>
        admission.run(new Request('http://localhost/en-us/p/a'), async () => {
          clock.now += tookMs;
          if (troubled) wrapped.note.trouble = 'unavailable';
          return new Response('answer');
        }),
      );
      return wrapped.result.then((response) => response.text());
    };
    // Three requests that waited 5 s each for a database that was away.
    for (let i = 0; i < 3; i++) await run(5000, true);
    await vi.waitFor(() => expect(admission.stats().running).toBe(0));
    expect(admission.stats().serviceMs).toBe(20);
    // A request served normally still moves the average (1/8 of the way to its 100 ms).
    await run(100, false);
    await vi.waitFor(() => expect(admission.stats().running).toBe(0));
    expect(admission.stats().serviceMs).toBe(30);
  });
});

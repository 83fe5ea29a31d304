import { rmSync } from 'node:fs';
import { type RunningServer, startServer } from '../support/server.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 22: a burst of uncached page requests past what the server renders at once. Admission control
 * (server/http/middleware/admission.ts) lets one render at a time with two waiting; the rest are answered 503
 * with Retry-After at once — before the admitted renders finish — and the admitted ones are served whole.
 * /healthz never waits for a turn. A browser-suite file because it runs the built server; it has no store fixture of
 * its own (its server is started here with its own settings).
 */
test.describe('admission control under a burst', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(Number(process.env.E2E_SERVER_START_MS ?? 60_000) + 30_000);
    // Its own process, as in production: a client in the same event loop would take turns with the server.
    server = await startServer({
      env: {
        PAGE_CACHE: 'false',
        ADMISSION_CONCURRENCY: '1',
        ADMISSION_QUEUE: '2',
        ADMISSION_MAX_WAIT_MS: '60000',
      },
    });
  });
  test.afterAll(async () => {
    if (!server) return;
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('refuses what it cannot start soon with 503 and Retry-After, first, and serves the admitted pages', async () => {
    test.setTimeout(120_000);
    const order: number[] = [];
    const burst = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await fetch(`${server.url}/en-us`);
        order.push(response.status);
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: await response.text(),
        };
      }),
    );
    const served = burst.filter((answer) => answer.status === 200);
    const refused = burst.filter((answer) => answer.status === 503);
    expect(served.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length + refused.length).toBe(12);
    for (const answer of served) expect(answer.body).toContain('</html>');
    for (const answer of refused) {
      expect(answer.retryAfter).toBe('1');
      expect(answer.body).toContain('Back in a moment');
    }
    // Refused at once: every 503 came back before the last admitted page.
    expect(order.lastIndexOf(503)).toBeLessThan(order.lastIndexOf(200));

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    // Once the burst is over, pages are served again.
    expect((await fetch(`${server.url}/en-us`)).status).toBe(200);
  });
});

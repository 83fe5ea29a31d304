import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { BoundedPool } from '../db/bounded-pool.ts';
import type { PoolStats } from '../db/database.ts';
import { createAdmission } from './middleware/admission.ts';
import { loadShed, unavailableResponse } from './middleware/load-shed.ts';
import { requestLogger } from './request-logger.ts';

function recordingLogger() {
  const lines: { level: 'info' | 'error'; status: number; msg: string }[] = [];
  const logger = {
    info: (line: { status: number }, msg: string) => lines.push({ level: 'info', status: line.status, msg }),
    error: (line: { status: number }, msg: string) =>
      lines.push({ level: 'error', status: line.status, msg }),
  } as unknown as Logger;
  return { logger, lines };
}

describe('requestLogger', () => {
  it('logs work turned away as a refusal, and a 503 after the work, an outage or another 5xx as a failure', async () => {
    const { logger, lines } = recordingLogger();
    // No client and no room to wait: every query fails at once as "busy", without touching the network.
    const pool = new BoundedPool({ max: 1 }, 0);
    const saturated: PoolStats = { max: 1, total: 1, idle: 0, waiting: 0, maxWaiting: 0 };
    const calm: PoolStats = { max: 1, total: 0, idle: 0, waiting: 0, maxWaiting: 1 };
    let stats = saturated;
    const app = new Hono();
    app.use(requestLogger(logger));
    // Sets headers after the route, as the app's stack does: the answer may be copied on the way out.
    app.use(secureHeaders());
    // Only on /page: after database trouble, load shedding takes any 500 for a consequence of it.
    app.use('/page', loadShed({ poolStats: () => stats }));
    app.get('/page', async (c) => {
      try {
        await pool.query('select 1');
        return c.text('ok');
      } catch {
        return c.text('Something went wrong', 500);
      }
    });
    app.get('/down', (c) => unavailableResponse(c.req.raw, 'unavailable', 5));
    app.get('/boom', (c) => c.text('broken', 500));
    app.get('/fine', (c) => c.text('ok'));
    expect((await app.request('/page')).status).toBe(503);
    stats = calm;
    // The query waited out the pool: the render failed, and load shedding answers 503 after the work.
    expect((await app.request('/page')).status).toBe(503);
    for (const path of ['/down', '/boom', '/fine']) await app.request(path);
    await pool.end();
    expect(lines).toEqual([
      { level: 'info', status: 503, msg: 'request refused, busy' },
      { level: 'error', status: 503, msg: 'request failed' },
      { level: 'error', status: 503, msg: 'request failed' },
      { level: 'error', status: 500, msg: 'request failed' },
      { level: 'info', status: 200, msg: 'request' },
    ]);
  });

  it('logs a request whose client went away as aborted, never as failed, whatever the cut-short work answered', async () => {
    const { logger, lines } = recordingLogger();
    const app = new Hono();
    app.use(requestLogger(logger));
    // A render cut short by the client going away ends in a 500 (React Router answers an aborted render so).
    app.get('/slow', async (c) => {
      await new Promise((resolve) => c.req.raw.signal.addEventListener('abort', resolve, { once: true }));
      return c.text('Something went wrong', 500);
    });
    const client = new AbortController();
    const answer = app.request(new Request('http://store.test/slow', { signal: client.signal }));
    client.abort();
    expect((await answer).status).toBe(500);
    expect(lines).toEqual([{ level: 'info', status: undefined, msg: 'request aborted' }]);
  });

  it("logs admission control's refusals as refusals", async () => {
    const { logger, lines } = recordingLogger();
    const admission = createAdmission({
      concurrency: 1,
      maxQueue: 0,
      maxWaitMs: 5000,
      checkoutQueue: 1,
      checkoutWaitMs: 5000,
      crawlerQueue: 1,
      crawlerWaitMs: 5000,
      initialServiceMs: 1,
    });
    let finish: (() => void) | null = null;
    const app = new Hono();
    app.use(requestLogger(logger));
    app.use('/api/*', admission.middleware());
    app.get(
      '/api/slow',
      () => new Promise<Response>((resolve) => (finish = () => resolve(new Response('done')))),
    );
    const first = app.request('/api/slow');
    const refused = await app.request('/api/slow');
    expect(refused.status).toBe(503);
    await vi.waitFor(() => expect(finish).not.toBeNull());
    finish!();
    expect(await (await first).text()).toBe('done');
    expect(lines).toEqual([
      { level: 'info', status: 503, msg: 'request refused, busy' },
      { level: 'info', status: 200, msg: 'request' },
    ]);
  });
});

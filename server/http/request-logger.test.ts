import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createAdmission } from './middleware/admission.ts';
import { unavailableResponse } from './middleware/load-shed.ts';
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
  it('logs a busy refusal as such, a database outage and other 5xx as failures', async () => {
    const { logger, lines } = recordingLogger();
    const app = new Hono();
    app.use(requestLogger(logger));
    // Sets headers after the route, as the app's stack does: the answer may be copied on the way out.
    app.use(secureHeaders());
    app.get('/busy', (c) => unavailableResponse(c.req.raw, 'busy', 1));
    app.get('/down', (c) => unavailableResponse(c.req.raw, 'unavailable', 5));
    app.get('/boom', (c) => c.text('broken', 500));
    app.get('/fine', (c) => c.text('ok'));
    for (const path of ['/busy', '/down', '/boom', '/fine']) await app.request(path);
    expect(lines).toEqual([
      { level: 'info', status: 503, msg: 'request refused, busy' },
      { level: 'error', status: 503, msg: 'request failed' },
      { level: 'error', status: 500, msg: 'request failed' },
      { level: 'info', status: 200, msg: 'request' },
    ]);
  });

  it("logs admission control's refusals as refusals", async () => {
    const { logger, lines } = recordingLogger();
    const admission = createAdmission({ concurrency: 1, maxQueue: 0, maxWaitMs: 5000, initialServiceMs: 1 });
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

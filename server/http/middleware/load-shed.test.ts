import { createServer } from 'node:net';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { BoundedPool } from '../../db/bounded-pool.ts';
import type { PoolStats } from '../../db/database.ts';
import { loadShed, unavailableResponse } from './load-shed.ts';

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

function appWith(stats: () => PoolStats, routes: (app: Hono) => void) {
  const app = new Hono();
  app.use(loadShed({ poolStats: stats, busyRetryAfterSeconds: 2, unavailableRetryAfterSeconds: 5 }));
  routes(app);
  return app;
}

const calm: PoolStats = { max: 10, total: 3, idle: 1, waiting: 0, maxWaiting: 5 };
const saturated: PoolStats = { max: 10, total: 10, idle: 0, waiting: 5, maxWaiting: 5 };

describe('unavailableResponse', () => {
  it('states its length, so the compress middleware sends the small answer as it is', async () => {
    const app = new Hono();
    app.use(compress());
    app.get('*', (c) => unavailableResponse(c.req.raw, 'busy', 1));
    for (const [path, type] of [
      ['/en-us/c/snowshoes', 'text/html'],
      ['/api/products', 'application/json'],
    ] as const) {
      const answer = await app.request(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toContain(type);
      expect(answer.headers.get('content-encoding')).toBeNull();
      const body = await answer.arrayBuffer();
      expect(Number(answer.headers.get('content-length'))).toBe(body.byteLength);
      expect(body.byteLength).toBeGreaterThan(0);
    }
  });
});

describe('loadShed', () => {
  it('refuses work at once with 503 and Retry-After while the waiting line is full, but not static files', async () => {
    let stats = saturated;
    let ran = 0;
    const app = appWith(
      () => stats,
      (routes) => {
        routes.get('/en-us/c/snowshoes', (c) => {
          ran++;
          return c.html('<p>page</p>');
        });
        routes.get('/api/products', (c) => {
          ran++;
          return c.json({ data: [] });
        });
        routes.get('/assets/app.js', (c) => c.text('js'));
        routes.get('/healthz', (c) => c.json({ status: 'ok' }));
      },
    );
    const page = await app.request('/en-us/c/snowshoes');
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('2');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Back in a moment');
    const api = await app.request('/api/products');
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect(ran).toBe(0);
    expect((await app.request('/assets/app.js')).status).toBe(200);
    expect((await app.request('/healthz')).status).toBe(200);
    stats = calm;
    expect((await app.request('/en-us/c/snowshoes')).status).toBe(200);
    expect(ran).toBe(1);
  });

  it('refuses requests past pool max + max waiting in progress at once, and admits again as they finish', async () => {
    const small: PoolStats = { max: 1, total: 1, idle: 1, waiting: 0, maxWaiting: 1 };
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = appWith(
      () => small,
      (routes) => {
        routes.get('/slow', async (c) => {
          await gate;
          return c.text('done');
        });
      },
    );
    const held = [app.request('/slow'), app.request('/slow')];
    const third = await app.request('/slow');
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('2');
    release();
    expect((await Promise.all(held)).map((response) => response.status)).toEqual([200, 200]);
    expect((await app.request('/slow')).status).toBe(200);
  });

  it('lets requests that wait in a line of their own pass the in-progress count, but not a saturated pool', async () => {
    const small: PoolStats = { max: 1, total: 1, idle: 1, waiting: 0, maxWaiting: 1 };
    let stats = small;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = new Hono();
    app.use(
      loadShed({
        poolStats: () => stats,
        waitsInOwnLine: (request) => request.method === 'POST',
      }),
    );
    app.all('/slow', async (c) => {
      await gate;
      return c.text('done');
    });
    const held = [app.request('/slow'), app.request('/slow')];
    expect((await app.request('/slow')).status).toBe(503);
    const checkout = app.request('/slow', { method: 'POST' });
    stats = { ...small, idle: 0, waiting: 1 };
    expect((await app.request('/slow', { method: 'POST' })).status).toBe(503);
    release();
    expect((await checkout).status).toBe(200);
    await Promise.all(held);
  });

  it('turns a 500 caused by an unreachable database into 503, and leaves other 500s alone', async () => {
    const pool = new BoundedPool(
      {
        host: '127.0.0.1',
        port: await closedPort(),
        user: 'x',
        database: 'x',
        connectionTimeoutMillis: 2000,
      },
      10,
    );
    pool.on('error', () => {});
    const app = appWith(
      () => calm,
      (routes) => {
        // As React Router and the /api router do: the error is caught inside and rendered as a 500.
        routes.get('/en-us/p/boot', async (c) => {
          try {
            await pool.query('select 1');
            return c.html('<p>ok</p>');
          } catch {
            return c.html('<h1>Something went wrong</h1>', 500);
          }
        });
        routes.get('/api/orders/1', async (c) => {
          await pool.query('select 1').catch(() => {});
          return c.json({ status: 500, title: 'Internal Server Error' }, 500);
        });
        routes.get('/en-us/bug', (c) => c.html('<h1>Something went wrong</h1>', 500));
        routes.get('/en-us/p/missing', async (c) => {
          const product = await pool.query('select 1').catch(() => null);
          return product ? c.html('<p>found</p>') : c.html('<h1>Not found</h1>', 404);
        });
        routes.get('/en-us/absent', (c) => c.html('<h1>Not found</h1>', 404));
      },
    );
    // Before any database trouble in this process, a 500 is a bug and stays one.
    expect((await app.request('/en-us/bug')).status).toBe(500);
    const page = await app.request('/en-us/p/boot');
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('cannot reach its database');
    const api = await app.request('/api/orders/1');
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toMatchObject({ status: 503 });
    // A "not found" after a failed lookup is not trusted either.
    expect((await app.request('/en-us/p/missing')).status).toBe(503);
    expect((await app.request('/en-us/absent')).status).toBe(404);
    await pool.end();
  });
});

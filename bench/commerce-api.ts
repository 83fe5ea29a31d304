/**
 * Benchmark of the commerce /api on this machine (the server runs in a child process, autocannon here): 10,000 generated products on top of the demo store,
 * 20 connections, 10 s per scenario (BENCH_SECONDS), on PGlite (in memory) and on PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database, dropped afterwards).
 * Prints p50/p95 latency and throughput for: product list by category, product by id with variants,
 * cart create + add item. Targets (PostgreSQL): p95 ≤ 20 ms for catalogue reads, ≤ 50 ms for cart writes.
 *
 *   npm run bench:commerce            BENCH_PRODUCTS=10000 BENCH_SECONDS=10 BENCH_CONNECTIONS=20
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import pino from 'pino';
import { createCommerce } from '../server/commerce/index.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../server/db/database.ts';
import { createApiRouter } from '../server/http/api/index.ts';
import { variants } from '../server/schema.ts';
import { seedDemoStore } from '../server/seed/seed.ts';
import { seedLargeCatalogue } from '../server/seed/seed-commerce.ts';
import { createSessionCart } from '../server/sessions/session-cart.ts';
import { createSessions } from '../server/sessions/sessions.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface LineItem {
  product_id: number;
  variant_id: number;
}

interface Figures {
  scenario: string;
  requests: number;
  p50: number;
  p95: number;
  rps: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(url: string, scenario: string, options: Record<string, unknown>): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options });
  instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
    times.push(time);
    if (status >= 400) errors++;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    scenario,
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    rps: times.length / SECONDS,
    errors: errors + (result.errors ?? 0) + (result.timeouts ?? 0),
  };
}

/** Child process: opens and seeds the database, serves /api, and prints `READY {json}` on stdout. */
async function serveTarget(name: string, handle: DatabaseHandle): Promise<void> {
  const started = Date.now();
  await handle.migrate();
  await seedDemoStore(handle.db);
  await seedLargeCatalogue(handle.db, PRODUCTS);
  process.stderr.write(
    `${name}: seeded ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  const [first, second] = await Promise.all(
    [100_001, 100_003].map(async (productId) => {
      const rows = await handle.db.select().from(variants).where(eq(variants.productId, productId)).limit(1);
      return { product_id: productId, variant_id: rows[0]!.id };
    }),
  );
  await handle.db
    .update(variants)
    .set({ inventoryLevel: 1_000_000 })
    .where(eq(variants.id, first!.variant_id));
  await handle.db
    .update(variants)
    .set({ inventoryLevel: 1_000_000 })
    .where(eq(variants.id, second!.variant_id));

  const sessions = createSessions(handle.db);
  const commerce = createCommerce(handle.db, {
    sessions,
    accountLimits: {
      windowSeconds: 60,
      loginPerIp: 1000,
      loginPerEmail: 1000,
      signupPerIp: 1000,
      signupPerEmail: 1000,
    },
  });
  const app = new Hono();
  app.route(
    '/api',
    createApiRouter({
      commerce,
      sessions,
      sessionCart: createSessionCart({ carts: commerce.carts, sessions, logger: pino({ level: 'silent' }) }),
      logger: pino({ level: 'silent' }),
      trustProxy: false,
      geo: { countryHeaders: [] },
    }),
  );
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  process.stdout.write(`READY ${JSON.stringify({ port, first, second })}\n`);
  await new Promise((resolve) => process.once('SIGTERM', resolve));
  await new Promise((resolve) => server.close(resolve));
}

/** Parent process: starts the server in a child (so the load generator does not share its CPU) and measures. */
async function benchTarget(name: string, serveWhat: string): Promise<Figures[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    env: { ...process.env, BENCH_SERVE: serveWhat },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<{ port: number; first: LineItem; second: LineItem }>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((entry) => entry.startsWith('READY '));
      if (line) resolve(JSON.parse(line.slice(6)));
    });
    child.once('exit', (code) => reject(new Error(`${name} server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${ready.port}`;
  const { first, second } = ready;
  try {
    return await measure(url);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async function measure(url: string): Promise<Figures[]> {
    // A signed-in customer: its carts are reachable from its session whichever cart the session last made.
    const session = await fetch(`${url}/api/session`);
    let cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = ((await session.json()) as { data: { csrfToken: string } }).data.csrfToken;
    const login = await fetch(`${url}/api/customers/login`, {
      method: 'POST',
      headers: { cookie, 'csrf-token': csrf, 'content-type': 'application/json', region: 'us' },
      body: JSON.stringify({ email: 'hannah.miller@example.com', pw: 'Snowshoe-Demo-2026' }),
    });
    cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    const ids = Array.from({ length: 200 }, (_, index) => 100_001 + ((index * 37) % PRODUCTS));
    const headers = { region: 'us', cookie, 'csrf-token': csrf, 'content-type': 'application/json' };

    const figures: Figures[] = [];
    figures.push(
      await run(url, 'product list by category (24 per page)', {
        headers,
        requests: [21, 22, 24, 31, 36].map((category) => ({
          method: 'GET',
          path: `/api/products?categories:in=${category}&limit=24&page=3`,
        })),
      }),
    );
    figures.push(
      await run(url, 'product by id with variants', {
        headers,
        requests: ids
          .slice(0, 50)
          .map((id) => ({ method: 'GET', path: `/api/products/${id}?include=variants` })),
      }),
    );
    figures.push(
      await run(url, 'cart create + add item (per request)', {
        headers,
        requests: [
          {
            method: 'POST',
            path: '/api/cart/create',
            body: JSON.stringify({ line_items: [{ ...first, quantity: 1 }] }),
            onResponse: (_status: number, body: string, context: Record<string, string>) => {
              try {
                context.cartId = JSON.parse(body).data.id;
              } catch {
                context.cartId = '00000000-0000-4000-8000-000000000000';
              }
            },
          },
          {
            method: 'POST',
            setupRequest: (request: Record<string, unknown>, context: Record<string, string>) => ({
              ...request,
              path: `/api/cart/${context.cartId}/items`,
              body: JSON.stringify({ line_items: [{ ...second, quantity: 1 }] }),
            }),
          },
        ],
      }),
    );
    return figures;
  }
}

function print(name: string, figures: Figures[]) {
  process.stdout.write(`\n${name} — ${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s each\n`);
  process.stdout.write(
    `${'scenario'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'errors'.padStart(7)}\n`,
  );
  for (const row of figures)
    process.stdout.write(
      `${row.scenario.padEnd(42)} ${row.p50.toFixed(1).padStart(8)} ${row.p95.toFixed(1).padStart(8)} ${row.rps.toFixed(0).padStart(8)} ${String(row.errors).padStart(7)}\n`,
    );
}

const serveTarget_ = process.env.BENCH_SERVE;
const only = process.env.BENCH_TARGET; // pglite | postgres
if (serveTarget_) {
  // Child: the server side of one target.
  const handle =
    serveTarget_ === 'pglite' ? await openPglite(null) : await openPostgres(serveTarget_, { poolMax: 10 });
  try {
    await serveTarget(serveTarget_ === 'pglite' ? 'pglite' : 'postgres', handle);
  } finally {
    await handle.close();
  }
} else {
  if (only !== 'postgres') print('PGlite (in memory)', await benchTarget('pglite', 'pglite'));
  if (postgresUrl && only !== 'pglite') {
    const name = `ridgeline_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    try {
      print('PostgreSQL', await benchTarget('postgres', url.toString()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

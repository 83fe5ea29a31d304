/**
 * Flash sale (issue 42 #1): `tsx bench/faults/flash-sale.ts [--shoppers 200] [--stock 20] [--burst-ms 1000]
 * [--steady 1000] [--steady-seconds 10] [--crawl-limit 0] [--pg-url postgres://…] [--via document|data]
 * [--scenarios flash,steady,crawl] [--databases pglite,postgres] [--quick]` (build first).
 *
 * The built server with its production settings (admission control as shipped, page cache on), on PGlite and,
 * when a PostgreSQL is given (`--pg-url`, TEST_DATABASE_URL, or `--pg-port`…), on a temporary database there.
 * Every shopper has a session and a client address of its own (X-Forwarded-For, the server trusting the
 * loopback proxy), and one unit of the same variant in the cart.
 *   1. Flash sale: `--stock` units left, `--shoppers` post the checkout within `--burst-ms`. Goal: as many orders
 *      as units, every other shopper told "sold out" (sent to the cart with the reason), no 503, every answer
 *      within 10 s; the database then holds exactly those orders and no stock below 0.
 *   2. Steady sale: `--steady` checkouts spread over `--steady-seconds`, plenty of stock. Goal: every one an order;
 *      the answer times (waiting for a turn included) at p50/p95/p99.
 *   3. Crawler (first database only): every sitemap URL, 8 at a time, as a search engine's bot. Goal: no 503.
 * Each prints its figures with goal and verdict; the exit code is 0 when every goal is met.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  fixed,
  formField,
  loadAverage,
  onCleanup,
  options,
  type PgTarget,
  percentile,
  pgTargetFrom,
  postCheckout as post,
  requireBuild,
  runMain,
  type ServerProcess,
  say,
  sleep,
  startServer,
  statusLine,
  tempDatabase,
} from './lib.ts';

/** The longest a checkout may take to answer (ADMISSION_CHECKOUT_WAIT_MS's default, the issue's goal). */
const ANSWER_GOAL_MS = 10_000;
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Rows = Record<string, unknown>[];

/** A database the server runs on, reachable from here while the server runs (PostgreSQL) or between runs. */
interface Store {
  name: string;
  env: Record<string, string>;
  /** SQL against the store's database; for PGlite only while no server holds it. */
  query(text: string, values?: unknown[]): Promise<Rows>;
  /** Whether `query` works while the server runs. */
  live: boolean;
  close(): Promise<void>;
}

async function pgliteStore(): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-flash-'));
  const remove = onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir },
    live: false,
    async query(text, values = []) {
      const client = new PGlite(join(dataDir, 'pglite'));
      try {
        return (await client.query<Record<string, unknown>>(text, values)).rows;
      } finally {
        await client.close();
      }
    },
    close: remove,
  };
}

async function postgresStore(target: PgTarget): Promise<Store> {
  const database = await tempDatabase(target);
  const client = new pg.Client({ connectionString: database.url });
  let connected = false;
  return {
    name: `PostgreSQL (${target.host}:${target.port})`,
    env: { DATABASE_URL: database.url },
    live: true,
    async query(text, values = []) {
      if (!connected) {
        await client.connect();
        connected = true;
      }
      return (await client.query(text, values)).rows;
    },
    async close() {
      if (connected) await client.end();
      await database.drop();
    },
  };
}

/** PostgreSQL from `--pg-url`, TEST_DATABASE_URL, or explicit `--pg-*` options; null: PGlite only. */
function postgresTarget(values: Record<string, string | boolean | undefined>): PgTarget | null {
  const url = (values['pg-url'] as string | undefined) ?? process.env.TEST_DATABASE_URL;
  if (url) {
    const parsed = new URL(url);
    return {
      host: parsed.hostname,
      port: Number(parsed.port || 5432),
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
    };
  }
  return process.argv.some((arg) => arg.startsWith('--pg-')) ? pgTargetFrom(values) : null;
}

interface Sale {
  productId: number;
  variantId: number;
}

/** A tracked, visible variant sold in the US: the sale's article. */
async function pickVariant(store: Store): Promise<Sale> {
  const [row] = await store.query(
    `select p.id as product_id, min(v.id) as variant_id
       from products p join variants v on v.product_id = p.id
       join product_prices pp on pp.product_id = p.id and pp.region_id = 'us'
      where p.inventory_tracking <> 'none' and p.availability = 'available' and p.is_visible
        and not v.purchasing_disabled
      group by p.id order by p.id limit 1`,
  );
  if (!row) throw new Error('the demo store has no stocked variant sold in the US');
  return { productId: Number(row.product_id), variantId: Number(row.variant_id) };
}

async function setStock(store: Store, sale: Sale, units: number) {
  await store.query('update variants set inventory_level = $1 where id = $2', [units, sale.variantId]);
  await store.query('update products set inventory_level = $1 where id = $2', [units, sale.productId]);
}

async function soldSince(store: Store, sale: Sale, baseline: number) {
  const [row] = await store.query(
    `select count(distinct o.id)::int as orders, coalesce(sum(i.quantity), 0)::int as units,
            (select inventory_level from variants where id = $2)::int as level
       from orders o join order_items i on i.order_id = o.id
      where o.id > $1 and i.variant_id = $2`,
    [baseline, sale.variantId],
  );
  return { orders: Number(row?.orders ?? 0), units: Number(row?.units ?? 0), level: Number(row?.level ?? 0) };
}

async function lastOrderId(store: Store): Promise<number> {
  const [row] = await store.query('select coalesce(max(id), 0)::int as id from orders');
  return Number(row?.id ?? 0);
}

interface Shopper {
  address: string;
  cookie: string;
  form: URLSearchParams;
}

/** The address of shopper n: one of 65,000 in 10.42.0.0/16, as a proxy in front would name it. */
const addressOf = (n: number) => `10.42.${(n >> 8) & 255}.${(n & 255) + 1}`;

/** Fetch that waits out a 503 (Retry-After) a few times: getting ready for the sale is not what is measured. */
async function patient(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    if (response.status !== 503 || attempt === 10) return response;
    await response.arrayBuffer();
    await sleep(1000);
  }
}

/** The checkout form's fixed choices (shipping and payment method), read once from a real checkout page. */
interface Choices {
  shipping: string;
  payment: string;
}

/** A shopper with a session and one unit in the cart; the checkout form filled as the page would. */
async function prepareShopper(
  base: string,
  n: number,
  sale: Sale,
  choices: Choices | null,
): Promise<{ shopper: Shopper; choices: Choices }> {
  const address = addressOf(n);
  const session = await patient(`${base}/api/session`, { headers: { 'x-forwarded-for': address } });
  const header = session.headers.getSetCookie().find((value) => value.startsWith('rl_session='));
  if (!header) throw new Error(`GET /api/session answered ${session.status} without a session cookie`);
  const cookie = header.split(';')[0]!;
  const { data } = (await session.json()) as { data: { csrfToken: string } };
  const headers = { cookie, 'x-forwarded-for': address };
  const created = await patient(`${base}/api/cart/create`, {
    method: 'POST',
    headers: { ...headers, region: 'us', 'csrf-token': data.csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({
      line_items: [{ product_id: sale.productId, variant_id: sale.variantId, quantity: 1 }],
    }),
  });
  if (created.status !== 201)
    throw new Error(`cart/create answered ${created.status}: ${await created.text()}`);
  const cart = (await created.json()) as { data: { cart_amount: number } };
  let known = choices;
  if (!known) {
    const page = await patient(`${base}/en-us/checkout`, { headers, redirect: 'manual' });
    const html = await page.text();
    const shipping = formField(html, 'shipping_method');
    const payment = formField(html, 'payment_method');
    if (page.status !== 200 || !shipping || !payment)
      throw new Error(`GET /en-us/checkout answered ${page.status} without shipping and payment methods`);
    known = { shipping, payment };
  }
  const form = new URLSearchParams({
    // The page's csrf field is the session's token (the one /api/session hands out).
    csrf: data.csrfToken,
    idempotency_key: randomUUID(),
    expected_subtotal: String(cart.data.cart_amount),
    email: `flash${n}@example.com`,
    address_choice: 'new',
    ship_first_name: 'Flash',
    ship_last_name: 'Sale',
    ship_address1: '1 Summit Road',
    ship_city: 'Bend',
    ship_state_or_province: 'OR',
    ship_postal_code: '97701',
    ship_country_code: 'US',
    shipping_method: known.shipping,
    billing_same: '1',
    payment_method: known.payment,
  });
  return { shopper: { address, cookie, form }, choices: known };
}

async function prepareShoppers(base: string, count: number, first: number, sale: Sale): Promise<Shopper[]> {
  const { shopper, choices } = await prepareShopper(base, first, sale, null);
  const shoppers = [shopper];
  for (let start = 1; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, i) =>
      prepareShopper(base, first + start + i, sale, choices),
    );
    for (const prepared of await Promise.all(batch)) shoppers.push(prepared.shopper);
  }
  return shoppers;
}

type Outcome = 'order' | 'sold-out' | '503' | 'other' | 'lost';

interface Answer {
  outcome: Outcome;
  status: number;
  ms: number;
}

/**
 * How the checkout is posted: `document`, a form post without JavaScript (answered with a redirect: to the
 * confirmation, or to the cart with the reason when sold out), or `data`, as the hydrated page posts it (React
 * Router's single fetch: the action's answer only, a redirect named in the body).
 */
let via: 'document' | 'data' = 'document';

async function postCheckout(base: string, shopper: Shopper): Promise<Answer> {
  const answer = await post(base, shopper.cookie, shopper.form, {
    via,
    headers: { 'x-forwarded-for': shopper.address },
  });
  return { ...answer, outcome: answer.outcome === 'refused' ? 'other' : answer.outcome };
}

/** Posts every shopper's checkout, shopper i at i × spreadMs / count after the start. */
async function checkoutWave(base: string, shoppers: Shopper[], spreadMs: number): Promise<Answer[]> {
  const started = performance.now();
  return Promise.all(
    shoppers.map(async (shopper, i) => {
      const due = (i * spreadMs) / shoppers.length;
      const late = due - (performance.now() - started);
      if (late > 0) await sleep(late);
      return postCheckout(base, shopper);
    }),
  );
}

const count = (answers: Answer[], outcome: Outcome) => answers.filter((a) => a.outcome === outcome).length;
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

function otherStatuses(answers: Answer[]): string {
  const status: Record<string, number> = {};
  for (const answer of answers)
    if (answer.outcome === 'other' || answer.outcome === 'lost')
      status[answer.status || 'cut off'] = (status[answer.status || 'cut off'] ?? 0) + 1;
  return statusLine(status) || 'none';
}

/** Error lines (pino level 50 and up) the server wrote. */
function errorLines(server: ServerProcess): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => /"level":(5\d|60)/.test(line));
}

async function flashSale(server: ServerProcess, sale: Sale, values: Record<string, unknown>) {
  const shoppers = Number(values.shoppers);
  const stock = Number(values.stock);
  const burstMs = Number(values['burst-ms']);
  say(
    `\n  Flash sale: ${shoppers} shoppers, one unit each, post the checkout within ${burstMs} ms for the last ${stock}`,
  );
  const ready = await prepareShoppers(server.url, shoppers, 1, sale);
  const answers = await checkoutWave(server.url, ready, burstMs);
  const orders = count(answers, 'order');
  const soldOut = count(answers, 'sold-out');
  const shed = count(answers, '503');
  const maxMs = Math.max(...answers.map((a) => a.ms));
  const shedMs = answers.filter((a) => a.outcome === '503').map((a) => a.ms);
  const met = orders === stock && soldOut === shoppers - stock && shed === 0 && maxMs <= ANSWER_GOAL_MS;
  say(
    `  orders ${orders}, sold out ${soldOut}, 503 ${shed}, other ${otherStatuses(answers)}; answer p50 ${fixed(
      percentile(
        answers.map((a) => a.ms),
        50,
      ),
      0,
    )} ms, max ${fixed(maxMs, 0)} ms${shedMs.length ? `; the 503s after p50 ${fixed(percentile(shedMs, 50), 0)} ms` : ''}`,
  );
  say(
    `  goal: ${stock} orders, ${shoppers - stock} sold out, 0 × 503 to a checkout, every answer ≤ ${ANSWER_GOAL_MS / 1000} s → ${verdict(met)}`,
  );
  return { met, orders };
}

async function steadySale(server: ServerProcess, sale: Sale, values: Record<string, unknown>) {
  const total = Number(values.steady);
  const seconds = Number(values['steady-seconds']);
  say(`\n  Steady sale: ${total} checkouts over ${seconds} s, plenty of stock`);
  const ready = await prepareShoppers(server.url, total, 1000, sale);
  const answers = await checkoutWave(server.url, ready, seconds * 1000);
  const orders = count(answers, 'order');
  const times = answers.map((a) => a.ms);
  const met = orders === total;
  say(
    `  orders ${orders}, sold out ${count(answers, 'sold-out')}, 503 ${count(answers, '503')}, other ${otherStatuses(
      answers,
    )}; answer (wait included) p50 ${fixed(percentile(times, 50), 0)} ms, p95 ${fixed(
      percentile(times, 95),
      0,
    )} ms, p99 ${fixed(percentile(times, 99), 0)} ms, max ${fixed(Math.max(...times), 0)} ms`,
  );
  say(`  goal: every one of ${total} an order → ${verdict(met)}`);
  return { met, orders };
}

/** Every page URL of the sitemaps (an index of sitemaps, or one), as paths. */
async function sitemapPaths(base: string): Promise<string[]> {
  const locs = async (path: string) => {
    const xml = await (await fetch(`${base}${path}`, { headers: { 'user-agent': BOT } })).text();
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
      const url = new URL(match[1]!.replace(/&amp;/g, '&'));
      return `${url.pathname}${url.search}`;
    });
  };
  const top = await locs('/sitemap.xml');
  const paths: string[] = [];
  for (const path of top)
    if (/\.xml(\?|$)/.test(path)) paths.push(...(await locs(path)));
    else paths.push(path);
  return [...new Set(paths)];
}

async function crawl(server: ServerProcess, limit: number) {
  const all = await sitemapPaths(server.url);
  const paths = limit > 0 ? all.slice(0, limit) : all;
  say(`\n  Crawler: ${paths.length} of ${all.length} sitemap URLs, 8 at a time, as Googlebot`);
  const status: Record<string, number> = {};
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        const began = performance.now();
        const answer = await fetch(`${server.url}${path}`, {
          headers: { 'user-agent': BOT },
          redirect: 'manual',
          signal: AbortSignal.timeout(60_000),
        }).catch(() => null);
        await answer?.arrayBuffer().catch(() => {});
        times.push(performance.now() - began);
        const code = String(answer?.status ?? 'cut off');
        status[code] = (status[code] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const shed = status['503'] ?? 0;
  say(
    `  ${statusLine(status)} in ${fixed(seconds)} s (${fixed(paths.length / seconds)} pages/s); p50 ${fixed(
      percentile(times, 50),
      0,
    )} ms, p99 ${fixed(percentile(times, 99), 0)} ms, max ${fixed(Math.max(...times), 0)} ms`,
  );
  say(`  goal: no 503 → ${verdict(shed === 0)}`);
  return shed === 0;
}

/** One database: the three scenarios on a fresh demo store. */
async function runOn(
  store: Store,
  values: Record<string, unknown>,
  scenarios: Set<string>,
  withCrawler: boolean,
): Promise<boolean> {
  say(`\n${store.name}; load average ${loadAverage()}`);
  // Trust the bench's X-Forwarded-For: each shopper is a client address of its own, as behind a proxy.
  // As production runs (React's production build: the development one renders pages several times slower).
  const env = { ...store.env, NODE_ENV: 'production', TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn' };
  let server = await startServer(env);
  // PGlite: one process at a time; the stock is set and the sale checked between two starts.
  if (!store.live) await server.stop();
  const sale = await pickVariant(store);
  const stock = Number(values.stock);
  const baseline = await lastOrderId(store);
  await setStock(store, sale, stock);
  if (!store.live) server = await startServer(env);
  let ok = true;
  try {
    if (scenarios.has('flash')) {
      const flash = await flashSale(server, sale, values);
      ok &&= flash.met;
      if (!store.live) await server.stop();
      const sold = await soldSince(store, sale, baseline);
      const adds = sold.orders === flash.orders && sold.level === stock - sold.units && sold.level >= 0;
      say(
        `  database: ${sold.orders} orders, ${sold.units} units sold, ${sold.level} left → ${adds ? 'stock adds up' : 'STOCK DOES NOT ADD UP'}`,
      );
      ok &&= adds;
    } else if (!store.live) await server.stop();
    await setStock(store, sale, 1_000_000);
    if (!store.live) server = await startServer(env);
    // Every scenario runs whatever the last one gave (`ok = … && ok`, never a short-circuit).
    if (scenarios.has('steady')) ok = (await steadySale(server, sale, values)).met && ok;
    if (withCrawler && scenarios.has('crawl'))
      ok = (await crawl(server, Number(values['crawl-limit']))) && ok;
    const errors = errorLines(server);
    say(`  server error lines (level ≥ 50): ${errors.length}`);
    for (const line of errors.slice(0, 3)) say(`    ${line.slice(0, 300)}`);
    ok &&= errors.length === 0;
  } finally {
    await server.stop();
  }
  return ok;
}

async function main(): Promise<boolean> {
  requireBuild();
  const values = options({
    shoppers: { type: 'string', default: '200' },
    stock: { type: 'string', default: '20' },
    'burst-ms': { type: 'string', default: '1000' },
    steady: { type: 'string', default: '1000' },
    'steady-seconds': { type: 'string', default: '10' },
    'crawl-limit': { type: 'string', default: '0' },
    'pg-url': { type: 'string' },
    via: { type: 'string', default: 'document' },
    scenarios: { type: 'string', default: 'flash,steady,crawl' },
    databases: { type: 'string', default: 'pglite,postgres' },
  });
  const scenarios = new Set(String(values.scenarios).split(','));
  const databases = new Set(String(values.databases).split(','));
  via = values.via === 'data' ? 'data' : 'document';
  if (values.quick) {
    values.steady = '300';
    values['steady-seconds'] = '3';
    values['crawl-limit'] = '300';
  }
  const target = postgresTarget(values);
  say('Flash sale, steady sale and a crawler against admission control as shipped (issue 42 #1)');
  say(
    `checkouts posted as ${via === 'data' ? 'the hydrated page does (.data)' : 'a form without JavaScript'}`,
  );
  say(`load average ${loadAverage()}`);
  let ok = true;
  if (databases.has('pglite')) {
    const pglite = await pgliteStore();
    try {
      ok = (await runOn(pglite, values, scenarios, true)) && ok;
    } finally {
      await pglite.close();
    }
  }
  if (target && databases.has('postgres')) {
    const postgres = await postgresStore(target);
    try {
      // The crawler runs on the first database only (it measures rendering, not the database).
      ok = (await runOn(postgres, values, scenarios, !databases.has('pglite'))) && ok;
    } finally {
      await postgres.close();
    }
  } else say('\nPostgreSQL: not run (give --pg-url, TEST_DATABASE_URL or --pg-port).');
  say(`\nload average ${loadAverage()}`);
  say(ok ? 'Result: every goal met.' : 'Result: some goals NOT MET (above).');
  return ok;
}

runMain(main);

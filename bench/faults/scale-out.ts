/**
 * Scale out (issue 10, load): `tsx bench/faults/scale-out.ts [--processes 2] [--seconds 20] [--quick]
 * [--pg-port 5432]`.
 *
 * N server processes, each on its own port, against one temporary PostgreSQL database, behind a tiny
 * round-robin HTTP proxy (node:http) in this process — the shape of production, where a load balancer spreads
 * requests over stateless processes. Separate processes rather than node:cluster: each process is exactly
 * what production runs (its own port, health check, restart), and the checks below can address process 1 or
 * process 2 on purpose, which cluster's shared socket does not allow.
 *
 * Checks (each printed ok/FAILED):
 *   - a session and a cart made on process 1 are the same on process 2 (cart page and /api), and an item
 *     added on process 2 shows on process 1: sessions live in PostgreSQL, not in a process;
 *   - an anonymous product page cached on process 2 (X-Page-Cache HIT) is re-rendered there (MISS) shortly
 *     after its stock changes through an order placed on process 1, and after a price edit made in the
 *     database: each process's page cache polls the shared data_versions row (filled by triggers);
 * Then throughput (autocannon, anonymous pages and /api reads, page cache on and off) for 1 and for N
 * processes through the proxy, with the share of pages the page cache answered.
 *
 * As in production (issue 42 #8): PUBLIC_BASE_URL is the store's public origin and the proxy passes the public
 * Host (and X-Forwarded-Host/Proto/For, trusted from the loopback proxy); the checks that call one process
 * directly send the same forwarded host. Without it the page cache serves only the listening address, and the
 * "page cache on" rows measured uncached pages.
 */
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage } from 'node:http';
import pg from 'pg';
import {
  fixed,
  freePort,
  loadAverage,
  options,
  pgTargetFrom,
  requireBuild,
  runLoad,
  runMain,
  type ServerProcess,
  say,
  sleep,
  startServer,
  statusLine,
  tempDatabase,
} from './lib.ts';

/** The store's public origin, as a production deployment sets PUBLIC_BASE_URL. */
const PUBLIC_ORIGIN = 'https://shop.example';
const PUBLIC_HOST = new URL(PUBLIC_ORIGIN).host;
/** What the proxy in front adds to every request: the public host and scheme (the processes trust it). */
const FORWARDED = { 'x-forwarded-host': PUBLIC_HOST, 'x-forwarded-proto': 'https' };

/** fetch as through the production proxy: the public host and scheme forwarded. */
function publicFetch(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { ...FORWARDED, ...(init.headers as Record<string, string>) } });
}

/** Answers by their X-Page-Cache header (HIT, STALE, MISS…; 'none' without one). */
type CacheCounts = Record<string, number>;

/** Round-robin over the given ports; keep-alive to each backend; passes the public Host as a load balancer does. */
async function roundRobinProxy(ports: () => number[]) {
  let next = 0;
  let cache: CacheCounts = {};
  const server = createHttpServer((incoming, outgoing) => {
    const list = ports();
    const port = list[next++ % list.length]!;
    const headers = {
      ...incoming.headers,
      host: PUBLIC_HOST,
      ...FORWARDED,
      'x-forwarded-for': incoming.socket.remoteAddress ?? '127.0.0.1',
    };
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers },
      (answer: IncomingMessage) => {
        const state = String(answer.headers['x-page-cache'] ?? 'none').toUpperCase();
        cache[state] = (cache[state] ?? 0) + 1;
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    /** The answers' page-cache states since the last call, and a fresh count from now. */
    takeCacheCounts(): CacheCounts {
      const taken = cache;
      cache = {};
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Share of answers served from the page cache (fresh or stale), as "87 % (HIT×… MISS×…)". */
function hitRate(counts: CacheCounts): string {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const hits = (counts.HIT ?? 0) + (counts.STALE ?? 0);
  return total === 0 ? '–' : `${fixed((100 * hits) / total, 0)} % (${statusLine(counts)})`;
}

function cookieOf(response: Response): string {
  // Over https (the forwarded scheme) the session cookie carries the __Host- prefix.
  const header = response.headers.getSetCookie().find((value) => /^(__Host-)?rl_session=/.test(value));
  if (!header) throw new Error('no rl_session cookie');
  return header.split(';')[0]!;
}

async function sessionsAcrossProcesses(
  one: ServerProcess,
  two: ServerProcess,
  productId: number,
  variantId: number,
) {
  const results: [string, boolean][] = [];
  const session = await publicFetch(`${one.url}/api/session`);
  const cookie = cookieOf(session);
  const csrf = ((await session.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const headers = { cookie, region: 'us', 'csrf-token': csrf, 'content-type': 'application/json' };
  const created = await publicFetch(`${one.url}/api/cart/create`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ line_items: [{ product_id: productId, variant_id: variantId, quantity: 2 }] }),
  });
  const cart = ((await created.json()) as { data: { id: string } }).data;
  const onTwo = await publicFetch(`${two.url}/api/cart/${cart.id}`, { headers });
  const seen = (await onTwo.json()) as {
    data?: { line_items?: { physical_items?: { quantity: number }[] } };
  };
  results.push([
    'cart made on process 1 read through /api on process 2',
    onTwo.status === 200 && seen.data?.line_items?.physical_items?.[0]?.quantity === 2,
  ]);
  const page = await publicFetch(`${two.url}/en-us/cart`, { headers: { cookie } });
  const html = await page.text();
  results.push(['cart page on process 2 shows the line', page.status === 200 && /cart-line/.test(html)]);
  // Same session, other process: the csrf token handed out by process 1 is accepted by process 2.
  const added = await publicFetch(`${two.url}/api/cart/${cart.id}/items`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ line_items: [{ product_id: productId, variant_id: variantId, quantity: 1 }] }),
  });
  const back = await publicFetch(`${one.url}/api/cart/${cart.id}`, { headers });
  const after = (await back.json()) as {
    data?: { line_items?: { physical_items?: { quantity: number }[] } };
  };
  results.push([
    'item added on process 2 (csrf from process 1) shows on process 1',
    added.status === 200 && after.data?.line_items?.physical_items?.[0]?.quantity === 3,
  ]);
  return { results, cookie, cartId: cart.id };
}

/** Waits until an anonymous GET on `server` is answered from its page cache (HIT). */
async function cachedOn(server: ServerProcess, path: string): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    const response = await publicFetch(`${server.url}${path}`);
    await response.arrayBuffer();
    if (response.headers.get('x-page-cache') === 'HIT') return true;
    await sleep(100);
  }
  return false;
}

/** Seconds until an anonymous GET on `server` is rendered anew (MISS) with `expect` in its body. */
async function invalidatedWithin(server: ServerProcess, path: string, expect: RegExp, limitMs = 10_000) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const response = await publicFetch(`${server.url}${path}`);
    const body = await response.text();
    if (response.headers.get('x-page-cache') === 'MISS' && expect.test(body))
      return (performance.now() - started) / 1000;
    await sleep(50);
  }
  return Number.NaN;
}

async function placeOrder(server: ServerProcess, productId: number, variantId: number) {
  const session = await publicFetch(`${server.url}/api/session`);
  const cookie = cookieOf(session);
  const csrf = ((await session.json()) as { data: { csrfToken: string } }).data.csrfToken;
  await publicFetch(`${server.url}/api/cart/create`, {
    method: 'POST',
    headers: { cookie, region: 'us', 'csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ line_items: [{ product_id: productId, variant_id: variantId, quantity: 1 }] }),
  });
  const html = await (await publicFetch(`${server.url}/en-us/checkout`, { headers: { cookie } })).text();
  const field = (name: string) =>
    new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`)
      .exec(html)
      ?.slice(1)
      .find(Boolean);
  const form = new URLSearchParams({
    csrf: field('csrf') ?? '',
    idempotency_key: field('idempotency_key') ?? randomUUID(),
    expected_subtotal: field('expected_subtotal') ?? '',
    email: 'scale.out@example.com',
    address_choice: 'new',
    ship_first_name: 'Sam',
    ship_last_name: 'Scale',
    ship_address1: '1 Cluster Road',
    ship_city: 'Bend',
    ship_state_or_province: 'OR',
    ship_postal_code: '97701',
    ship_country_code: 'US',
    shipping_method: field('shipping_method') ?? '',
    billing_same: '1',
    payment_method: field('payment_method') ?? 'bank_transfer',
  });
  const placed = await publicFetch(`${server.url}/en-us/checkout`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  if (placed.status !== 303)
    say(`  (checkout answered ${placed.status}: ${(await placed.text()).slice(0, 200)})`);
  return placed.status === 303;
}

async function main(): Promise<boolean> {
  requireBuild();
  const values = options({
    processes: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '16' },
  });
  const quick = values.quick === true;
  const count = Math.max(2, Number(values.processes));
  const seconds = quick ? 8 : Number(values.seconds);
  const connections = Number(values.connections);
  const target = pgTargetFrom(values);
  say(`Scale out: ${count} server processes against one PostgreSQL (${target.host}:${target.port})`);
  say(`load average ${loadAverage()}\n`);

  const database = await tempDatabase(target);
  const env = (pageCache: boolean) => ({
    DATABASE_URL: database.url,
    PAGE_CACHE: pageCache ? 'true' : 'false',
    PAGE_CACHE_FRESH_SECONDS: '30',
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: PUBLIC_ORIGIN,
    TRUST_PROXY: 'loopback',
  });
  // The first process migrates and seeds; the others start on the ready database.
  const servers: ServerProcess[] = [await startServer(env(true))];
  for (let i = 1; i < count; i++) servers.push(await startServer(env(true)));
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let ok = true;
  try {
    const [one, two] = [servers[0]!, servers[1]!];
    const slug = 'ridgeline-summit-ascent-mens';
    const picked = await client.query<{ product_id: number; variant_id: number; name: string }>(
      `select p.id as product_id, min(v.id) as variant_id, p.name from products p
         join variants v on v.product_id = p.id
        where p.slug = $1 and not v.purchasing_disabled group by p.id, p.name`,
      [slug],
    );
    const product = picked.rows[0];
    if (!product) throw new Error(`no product ${slug}`);
    await client.query('update variants set inventory_level = 500 where id = $1', [product.variant_id]);

    const { results } = await sessionsAcrossProcesses(one, two, product.product_id, product.variant_id);

    const path = `/en-us/p/${slug}`;
    results.push(['anonymous product page cached on process 2 (HIT)', await cachedOn(two, path)]);
    // Stock moves pages only where it changes what they show (decision 0036): 500 → 1 keeps the page, and the
    // order then sells the size's last unit, which the size picker shows.
    await client.query('update variants set inventory_level = 1 where id = $1', [product.variant_id]);
    await sleep(1_500);
    const kept = await publicFetch(`${two.url}${path}`);
    await kept.arrayBuffer();
    results.push([
      'a stock change that leaves the size in stock keeps the page (HIT at once)',
      kept.headers.get('x-page-cache') === 'HIT',
    ]);
    const ordered = await placeOrder(one, product.product_id, product.variant_id);
    results.push(['order placed on process 1 through the public host', ordered]);
    const afterStock = await invalidatedWithin(two, path, /./);
    results.push([
      `the order sells the last unit on process 1 → process 2 re-renders (MISS) after ${fixed(afterStock, 2)} s`,
      ordered && Number.isFinite(afterStock),
    ]);
    results.push(['page cached again on process 2 (HIT)', await cachedOn(two, path)]);
    // A price edit made straight in the database (as an import or an administrator would): the trigger bumps
    // data_versions, and process 2 must render the new price without being told.
    const before = await client.query(
      'select retail_price, sale_price from product_prices where product_id = $1 and region_id = $2',
      [product.product_id, 'us'],
    );
    await client.query(
      "update product_prices set retail_price = 987.65, sale_price = null where product_id = $1 and region_id = 'us'",
      [product.product_id],
    );
    const afterEdit = await invalidatedWithin(two, path, /987\.65/);
    results.push([
      `price edit in the database → process 2 shows the new price after ${fixed(afterEdit, 2)} s`,
      Number.isFinite(afterEdit),
    ]);
    await client.query(
      "update product_prices set retail_price = $2, sale_price = $3 where product_id = $1 and region_id = 'us'",
      [product.product_id, before.rows[0]?.retail_price, before.rows[0]?.sale_price],
    );
    for (const [name, passed] of results) {
      ok &&= passed;
      say(`  ${passed ? 'ok    ' : 'FAILED'}  ${name}`);
    }
    say(
      '  (Each process reads data_versions at most every 100 ms when a request needs it (decision 0036); no\n' +
        '   LISTEN/NOTIFY, so a change reaches the other processes within a few tenths of a second plus one render.)\n',
    );

    // Throughput through the round-robin proxy: 1 process, then all of them.
    let active = [one.port];
    const proxy = await roundRobinProxy(() => active);
    const mixes = [
      { name: 'anonymous pages, page cache on', paths: ['/', '/en-us/c/snowshoes', path] },
      { name: '/api/products (database every time)', paths: ['/api/products?limit=5'] },
    ];
    say(`Throughput (autocannon ${connections} connections, ${seconds} s each, through the proxy):`);
    say(
      '  mix                                      processes    req/s   p50 ms   p99 ms   statuses   page cache hits',
    );
    for (const mix of mixes)
      for (const processes of [1, count]) {
        active = servers.slice(0, processes).map((server) => server.port);
        // Warm-up: every process renders and caches each page before the measured run (one request at a
        // time: the page cache does not merge concurrent misses of one page, so a cold start under load
        // renders the same page once per waiting request).
        for (const server of servers.slice(0, processes))
          for (const warm of mix.paths)
            for (let i = 0; i < 3; i++) {
              const response = await publicFetch(`${server.url}${warm}`, { headers: { region: 'us' } });
              await response.arrayBuffer();
            }
        proxy.takeCacheCounts();
        const result = await runLoad({
          url: proxy.url,
          paths: mix.paths,
          connections,
          seconds,
          headers: { region: 'us' },
        });
        say(
          `  ${mix.name.padEnd(40)} ${String(processes).padStart(9)}  ${fixed(result.rps).padStart(7)}  ${fixed(
            result.all.p50,
            0,
          ).padStart(7)}  ${fixed(result.all.p99, 0).padStart(7)}   ${statusLine(result.status)}   ${hitRate(
            proxy.takeCacheCounts(),
          )}`,
        );
      }
    await proxy.close();
    say(`\nMachine: 2 cores shared with other work; load average ${loadAverage()}`);
    return ok;
  } finally {
    await client.end();
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

runMain(main);

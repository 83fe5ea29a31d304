/**
 * Soak (issue 10, load): `tsx bench/faults/soak.ts [--minutes 30] [--share 70] [--quick] [--pg-port 5432]
 * [--checkouts 2.5] [--carts 5] [--searches 5] [--no-shopping] [--publish-every 60] [--reprice-every 60]
 * [--whole-catalogue]
 * [--rate <req/s>]`.
 *
 * The server on a temporary PostgreSQL database with its production settings (page cache on). First the
 * peak: autocannon as fast as it goes for 20 s on a mix of anonymous pages and /api reads. Then the same mix
 * at `--share` % of that peak (a fixed request rate) for `--minutes`, one minute at a time, sampling the
 * server's RSS, the p99 of the minute, its PostgreSQL connections (ss) and its non-2xx answers.
 *
 * Beside the reads, a shopping stream (issue 42, shopping.ts): checkouts, carts and searches, each a given
 * percentage of the read rate, each its own shopper; a page sampled every 100 ms gives the page cache's hit rate
 * (HIT, STALE or SHARED of every X-Page-Cache answer), and the data versions read each minute say how often each
 * moved. An editor publishes a blog post every `--publish-every` seconds (0: none) through the content management
 * service on the same database, as the back office does from another process: since decision 0050 that
 * re-renders the blog and the pages that list blog posts, not the product and category pages sampled. A price
 * manager changes one product's US price every `--reprice-every` seconds (0: never), as the back office does: it
 * re-renders that product's pages and listings and re-indexes its search documents only. Printed:
 * one line per minute for the reads, one for the shopping, and the drift from the first minute
 * to the last. `--whole-catalogue` puts back the triggers of before issue 42 (every stock or price update moves
 * the catalogue's version, emptying every cache), for a comparison on the same code.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createContentManagement } from '../../server/content/index.ts';
import { openPostgres } from '../../server/db/database.ts';
import {
  connectionsTo,
  fixed,
  loadAverage,
  options,
  pgTargetFrom,
  requireBuild,
  rssMb,
  runLoad,
  runMain,
  say,
  startServer,
  statusLine,
  tempDatabase,
} from './lib.ts';
import {
  emptyCounts,
  hitRate,
  readVersions,
  type ShoppingCounts,
  startShopping,
  stockedChoices,
} from './shopping.ts';

const PATHS = [
  '/',
  '/en-us/c/snowshoes',
  '/en-us/p/ridgeline-summit-ascent-mens',
  '/api/products?limit=5',
  '/en-us/c/snowshoes?sort=price-asc',
  '/api/categories',
];

async function main(): Promise<boolean> {
  requireBuild();
  const values = options({
    minutes: { type: 'string', default: '30' },
    share: { type: 'string', default: '70' },
    connections: { type: 'string', default: '16' },
    'no-page-cache': { type: 'boolean', default: false },
    checkouts: { type: 'string', default: '2.5' },
    carts: { type: 'string', default: '5' },
    searches: { type: 'string', default: '5' },
    'no-shopping': { type: 'boolean', default: false },
    'whole-catalogue': { type: 'boolean', default: false },
    rate: { type: 'string' },
    'publish-every': { type: 'string', default: '60' },
    'reprice-every': { type: 'string', default: '60' },
  });
  const repriceEvery = Number(values['reprice-every']);
  const publishEvery = Number(values['publish-every']);
  const shopping = values['no-shopping'] !== true;
  const shares = {
    checkout: Number(values.checkouts) / 100,
    cart: Number(values.carts) / 100,
    search: Number(values.searches) / 100,
  };
  const quick = values.quick === true;
  const minutes = quick ? 1 : Number(values.minutes);
  const share = Number(values.share) / 100;
  const connections = Number(values.connections);
  const target = pgTargetFrom(values);
  say(`Soak: ${minutes} min at ${fixed(share * 100, 0)} % of the measured peak; ${connections} connections`);
  say(`Mix: ${PATHS.join(', ')} (page cache ${values['no-page-cache'] ? 'off' : 'on'})`);
  if (shopping)
    say(
      `Shopping beside the reads, per 100 reads: ${values.checkouts} checkouts, ${values.carts} carts, ` +
        `${values.searches} searches (each its own shopper)`,
    );
  if (publishEvery > 0) say(`An editor publishes a blog post every ${publishEvery} s`);
  if (repriceEvery > 0) say(`A price manager changes ${REPRICED}'s US price every ${repriceEvery} s`);
  say(`PostgreSQL ${target.host}:${target.port}; load average ${loadAverage()}\n`);

  const database = await tempDatabase(target);
  const server = await startServer({
    DATABASE_URL: database.url,
    PAGE_CACHE: values['no-page-cache'] ? 'false' : 'true',
    // Every shopper of the stream comes from this one address; a store's shoppers come from thousands.
    ...(shopping ? { SESSION_CREATE_LIMIT_PER_IP: '1000000' } : {}),
  });
  try {
    const headers = { region: 'us' };
    // Warm-up one request at a time: the page cache does not merge concurrent misses of one page, so a cold
    // cache under full load would measure a render storm, not the peak.
    for (const path of PATHS)
      for (let i = 0; i < 3; i++) await (await fetch(`${server.url}${path}`, { headers })).arrayBuffer();
    await runLoad({ url: server.url, paths: PATHS, connections: 4, seconds: 5, headers });
    const peak = await runLoad({
      url: server.url,
      paths: PATHS,
      connections,
      seconds: quick ? 10 : 20,
      headers,
    });
    // A fixed rate compares runs on a machine whose other load moves the measured peak.
    const rate = values.rate ? Number(values.rate) : Math.max(1, Math.round(peak.rps * share));
    say(
      `Peak: ${fixed(peak.rps)} req/s (p99 ${fixed(peak.all.p99, 0)} ms, ${statusLine(peak.status)}); ` +
        `soak rate ${rate} req/s; load average ${loadAverage()}\n`,
    );
    say('minute   req/s   p50 ms   p99 ms   RSS MB   PG conns   non-2xx   load average');
    const rows: { rps: number; p99: number; rss: number; conns: number }[] = [];
    let ok = true;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    if (values['whole-catalogue'] === true) {
      say('Every stock or price update moves the catalogue version (the triggers of before issue 42).');
      for (const table of ['products', 'variants', 'product_prices'])
        await client.query(
          `create trigger ${table}_bump_whole_catalogue after update on ${table} for each statement ` +
            `execute function bump_data_version('catalogue')`,
        );
    }
    const shoppers = shopping
      ? startShopping({
          base: server.url,
          readRate: rate,
          shares,
          choices: await stockedChoices(client),
          samplePaths: PATHS.filter((path) => !path.startsWith('/api/')),
        })
      : null;
    const editor = publishEvery > 0 ? await startEditor(database.url, publishEvery) : null;
    const repricer = repriceEvery > 0 ? await startRepricer(database.url, repriceEvery) : null;
    const firstVersions = await readVersions(client);
    let versions = firstVersions;
    const total = emptyCounts();
    const started = performance.now();
    for (let minute = 1; minute <= minutes; minute++) {
      const result = await runLoad({
        url: server.url,
        paths: PATHS,
        connections,
        seconds: 60,
        rate,
        headers,
      });
      const row = {
        rps: result.rps,
        p99: result.all.p99,
        rss: rssMb(server.pid),
        conns: connectionsTo(server.pid, target.port),
      };
      rows.push(row);
      const bad = Object.entries(result.status)
        .filter(([code]) => !code.startsWith('2'))
        .reduce((sum, [, count]) => sum + count, 0);
      if (server.child.exitCode !== null) {
        say(`server ended: ${server.output().slice(-2000)}`);
        return false;
      }
      say(
        `${String(minute).padStart(6)}  ${fixed(row.rps).padStart(6)}  ${fixed(result.all.p50, 0).padStart(7)}  ${fixed(
          row.p99,
          0,
        ).padStart(7)}  ${fixed(row.rss, 0).padStart(7)}  ${String(row.conns).padStart(9)}  ${String(
          bad + result.errors,
        ).padStart(8)}   ${loadAverage()}`,
      );
      ok &&= result.errors === 0;
      if (shoppers) {
        const counts = shoppers.take();
        const now = await readVersions(client);
        say(
          `        reads ${statusLine(result.status)}; ${shoppingLine(counts, versions, now, result.seconds)}` +
            (editor ? `; ${editor.take()} blog post(s) published` : '') +
            (repricer ? `; ${repricer.take()} price change(s)` : ''),
        );
        versions = now;
        add(total, counts);
        ok &&= counts.failed === 0;
      }
    }
    await shoppers?.stop();
    const published = await editor?.stop();
    const repriced = await repricer?.stop();
    if (repriced) {
      say(`Price manager: ${repriced.count} price changes, ${repriced.failed} failed`);
      ok &&= repriced.failed === 0;
    }
    if (published) {
      say(`\nEditor: ${published.count} publishes, ${published.failed} failed`);
      ok &&= published.failed === 0;
    }
    if (shoppers) {
      const seconds = (performance.now() - started) / 1000;
      say(
        `\nShopping over ${fixed(seconds / 60, 1)} min: ${shoppingLine(total, firstVersions, versions, seconds)}`,
      );
    }
    await client.end();
    const first = rows[0]!;
    const last = rows.at(-1)!;
    const delta = (a: number, b: number, unit: string) =>
      `${fixed(a, 0)} → ${fixed(b, 0)} ${unit} (${b >= a ? '+' : ''}${fixed(b - a, 0)})`;
    say(
      `\nDrift first → last minute: RSS ${delta(first.rss, last.rss, 'MB')}, p99 ${delta(first.p99, last.p99, 'ms')}, ` +
        `PostgreSQL connections ${delta(first.conns, last.conns, '')}, req/s ${delta(first.rps, last.rps, '')}`,
    );
    say(`Max RSS ${fixed(Math.max(...rows.map((row) => row.rss)), 0)} MB; load average ${loadAverage()}`);
    return ok;
  } finally {
    await server.stop();
    await database.drop();
  }
}

/**
 * A back-office editor in a process of its own: every `seconds` a new version of one blog post's title, saved and
 * published to production (what the storefront reads).
 */
async function startEditor(databaseUrl: string, seconds: number) {
  const handle = await openPostgres(databaseUrl, { poolMax: 2 });
  const management = createContentManagement({
    db: handle.db,
    config: { CONTENT_ENVIRONMENT: 'production' },
  });
  const actor = { token: 'soak-editor' };
  const uid = 'caring-for-your-snowshoes';
  let edits = 0;
  return periodic(
    'editor: publish failed',
    seconds,
    async () => {
      const draft = await management.getEntry('blog', uid, 'en-us');
      if (!draft) throw new Error(`no blog post '${uid}'`);
      edits++;
      const fields = { ...draft.fields, title: `Caring for your snowshoes (edit ${edits})` };
      await management.saveEntry(actor, { contentType: 'blog', uid, locale: 'en-us', fields });
      await management.publish(actor, {
        contentType: 'blog',
        uid,
        locales: ['en-us'],
        environments: ['production'],
      });
    },
    () => handle.close(),
  );
}

/** A product outside the sampled category (its listing and search documents are its own). */
const REPRICED = 'ridgeline-velocity-run';

/**
 * A back-office price manager in a process of its own: every `seconds` one product's US price moves by a cent up
 * or down, an update of `product_prices` as the back office's price form makes.
 */
async function startRepricer(databaseUrl: string, seconds: number) {
  const handle = await openPostgres(databaseUrl, { poolMax: 1 });
  let steps = 0;
  return periodic(
    'price manager: price change failed',
    seconds,
    async () => {
      const step = steps % 2 === 0 ? 0.01 : -0.01;
      await handle.db.execute(sql`
        update product_prices set retail_price = retail_price + ${step}
        where region_id = 'us' and product_id = (select id from products where slug = ${REPRICED})`);
      steps++;
    },
    () => handle.close(),
  );
}

/**
 * Runs `work` every `seconds`, one run at a time, counting the runs that succeeded and those that failed (said
 * with `failure` first); `take` answers the successes since the last take, `stop` waits for a run under way.
 */
function periodic(failure: string, seconds: number, work: () => Promise<void>, close: () => Promise<void>) {
  let count = 0;
  let failed = 0;
  let sinceTake = 0;
  const once = async () => {
    try {
      await work();
      count++;
      sinceTake++;
    } catch (error) {
      failed++;
      say(`${failure}: ${(error as Error).message}`);
    }
  };
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(once);
  }, seconds * 1000);
  return {
    take() {
      const n = sinceTake;
      sinceTake = 0;
      return n;
    },
    async stop() {
      clearInterval(timer);
      await running;
      await close();
      return { count, failed };
    },
  };
}

function add(total: ShoppingCounts, counts: ShoppingCounts) {
  for (const key of ['searches', 'carts', 'checkouts', 'orders', 'failed', 'skipped', 'requests'] as const)
    total[key] += counts[key];
  for (const [state, n] of Object.entries(counts.cache)) total.cache[state] = (total.cache[state] ?? 0) + n;
  for (const [reason, n] of Object.entries(counts.reasons))
    total.reasons[reason] = (total.reasons[reason] ?? 0) + n;
}

const failures = (counts: ShoppingCounts) => {
  const reasons = Object.entries(counts.reasons);
  return reasons.length ? ` (${reasons.map(([reason, n]) => `${reason} ×${n}`).join(', ')})` : '';
};

/** Orders, carts, searches, failures, the page cache's hit rate and how often each data version moved. */
function shoppingLine(
  counts: ShoppingCounts,
  before: Record<string, number>,
  after: Record<string, number>,
  seconds: number,
): string {
  const rate = hitRate(counts);
  const moved = (scope: string) => fixed(((after[scope] ?? 0) - (before[scope] ?? 0)) / seconds, 2);
  const cache = Object.entries(counts.cache)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');
  return (
    `shop: ${counts.orders} orders of ${counts.checkouts} checkouts, ${counts.carts} carts, ${counts.searches} ` +
    `searches (${counts.requests} requests), ${counts.failed} failed${failures(counts)}, ${counts.skipped} skipped; ` +
    'page cache ' +
    `${rate === null ? '–' : `${fixed(rate * 100, 1)} %`} served from cache (${cache}); versions moved per s: ` +
    `catalogue ${moved('catalogue')}, content ${moved('content')}, search ${moved('search')}, ` +
    `product changes ${moved('product-changes')} (shown ${moved('product-changes shown')})`
  );
}

runMain(main);

/**
 * Search benchmark (issue 9): `npm run bench:search` (tsx bench/search.ts).
 * Builds the demo store plus 10,000 generated products (BENCH_PRODUCTS), indexes it in all eight locales, then
 * measures the built-in search service in process through its hosted-search protocol (JSON in and out):
 *  - search: the storefront's results-page request (scope filters, region, 4 facets, result fields with
 *    snippets, 12 a page) over a mix of queries; target p95 ≤ 30 ms;
 *  - suggestion: query_suggestion for typed prefixes; target p95 ≤ 15 ms.
 * Runs on PGlite (in memory) and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Hono } from 'hono';
import pg from 'pg';
import { searchRequests, searchState } from '../app/lib/editorial/search-view.ts';
import { createCommerce } from '../server/commerce/index.ts';
import { seedLargeCatalogue } from '../server/commerce/seed-commerce.ts';
import { loadConfig } from '../server/config.ts';
import { createContentServices } from '../server/content/index.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../server/db/database.ts';
import { seedDemoStore } from '../server/db/seed.ts';
import { createSearchServices } from '../server/search/index.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 400);
const SEARCH_TARGET_MS = 30;
const SUGGEST_TARGET_MS = 15;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const QUERIES = [
  { q: 'women snowshoe', locale: 'en-us', region: 'us', commerce: 'us' },
  { q: 'snowshoe', locale: 'en-us', region: 'us', commerce: 'us' },
  { q: 'poles', locale: 'en-us', region: 'ca', commerce: 'ca' },
  { q: 'backcountry crampons', locale: 'en-us', region: 'us', commerce: 'us' },
  { q: 'snowsheo', locale: 'en-us', region: 'us', commerce: 'us' },
  { q: 'raquettes femme', locale: 'fr', region: 'ca', commerce: 'ca' },
  { q: 'Schneeschuhe', locale: 'de', region: 'eu_region_1', commerce: 'eu_region_1' },
  { q: 'スノーシュー', locale: 'ja', region: 'jp', commerce: 'us' },
  { q: 'gaiter&colour=Black', locale: 'en-us', region: 'us', commerce: 'us' },
  { q: 'warranty', locale: 'en-us', region: 'us', commerce: 'us' },
];
const PREFIXES = ['sn', 'sno', 'snows', 'wom', 'women sno', 'pol', 'gai', 'cram', 'back', 'run'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, count: number, run: (index: number) => Promise<void>) {
  for (let index = 0; index < 30; index++) await run(index);
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await run(index);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    label,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples[samples.length - 1]!,
  };
}

async function benchTarget(name: string, handle: DatabaseHandle) {
  const started = Date.now();
  await handle.migrate();
  await seedDemoStore(handle.db);
  await seedLargeCatalogue(handle.db, PRODUCTS);
  const seeded = Date.now();
  const config = loadConfig({
    CONTENT_CACHE_POLICY: '-1',
    SEARCH_CACHE_TTL_MS: '0',
    SEARCH_SYNC_INTERVAL_MS: '0',
  });
  const content = createContentServices({ config, db: handle.db });
  const search = createSearchServices({
    config,
    db: handle.db,
    content: content.client,
    commerce: createCommerce(handle.db),
  });
  const indexed = await search.sync();
  const documents = await search.engine.documentCount(config.SEARCH_ENGINE);
  process.stdout.write(
    `${name}: seeded ${PRODUCTS} extra products in ${((seeded - started) / 1000).toFixed(1)} s; indexed ${documents} documents (${indexed.written} written) in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`,
  );
  const app = new Hono().route('/search', search.service);
  const post = async (path: string, body: unknown) => {
    const response = await app.fetch(
      new Request(`http://bench/search/api/as/v1/engines/ridgeline/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.SEARCH_KEY}` },
        body: JSON.stringify(body),
      }),
    );
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ meta: { page?: { total_results: number } } }>;
  };
  const requests = QUERIES.map((query) => {
    const [q, extra = ''] = query.q.split('&');
    const state = searchState(new URLSearchParams(`q=${encodeURIComponent(q ?? '')}&${extra}`));
    return searchRequests(state, {
      stack: search.scope.stack,
      environment: search.scope.environment,
      locale: query.locale,
      contentRegion: query.region,
      commerceRegion: query.commerce,
    }).main;
  });
  for (const [index, request] of requests.entries()) {
    const answer = await post('search.json', request);
    process.stdout.write(
      `  ${QUERIES[index]!.q.padEnd(22)} ${QUERIES[index]!.locale.padEnd(6)} ${answer.meta.page?.total_results} results\n`,
    );
  }
  const searchFigures = await measure('search (results page)', ITERATIONS, async (index) => {
    await post('search.json', requests[index % requests.length]);
  });
  const suggestFigures = await measure('suggestion', ITERATIONS, async (index) => {
    await post('query_suggestion.json', {
      query: PREFIXES[index % PREFIXES.length],
      size: 5,
      filters: { locale: 'en-us' },
    });
  });
  search.stop();
  for (const [figures, target] of [
    [searchFigures, SEARCH_TARGET_MS],
    [suggestFigures, SUGGEST_TARGET_MS],
  ] as const) {
    process.stdout.write(
      `${name}: ${figures.label.padEnd(22)} p50 ${figures.p50.toFixed(1)} ms  p95 ${figures.p95.toFixed(1)} ms  max ${figures.max.toFixed(1)} ms  target p95 ≤ ${target} ms: ${figures.p95 <= target ? 'met' : 'NOT met'}\n`,
    );
  }
}

process.stdout.write(
  `Search benchmark: ${PRODUCTS} generated products + the demo store, ${ITERATIONS} sequential requests per scenario, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}\n`,
);
{
  const handle = await openPglite(null);
  try {
    await benchTarget('pglite', handle);
  } finally {
    await handle.close();
  }
}
if (postgresUrl) {
  const name = `ridgeline_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { poolMax: 4 });
  try {
    await benchTarget('postgres', handle);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

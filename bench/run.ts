/**
 * `npm run bench` (issue 10): every performance figure in one run, one table on stdout, the same table with
 * the machine, date and commit in bench/RESULTS.md. Progress goes to stderr. Parts:
 *   1. side by side at 50 connections: our server cached and uncached, react-router-serve, nginx (side-by-side.ts)
 *   2. Lighthouse mobile, median of 5, on home, category, product and cart (lighthouse.ts)
 *   3. JavaScript per route against its budget (scripts/js-budget.mjs)
 *   4. search (10,000 and 50,000 products), page render times and media, from their scripts' BENCH_JSON lines
 * A part that fails shows 'n/a' with the reason; the run goes on. Meant for a quiet machine: other load on
 * the two cores changes every figure (the load average is printed next to them).
 *
 *   npm run bench               the full run (about 25-35 minutes on 2 cores)
 *   npm run bench -- --quick    smoke test: short loads, 1 Lighthouse run, no 50,000-product search
 *   BENCH_DATA_DIR=/path        reuse a folder already seeded with `npm run seed -- --products 10000`
 *                               (it is opened by each server in turn and not deleted)
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { childPart, jsBudget } from './lib/parts.ts';
import { ROOT, waitIdle } from './lib/processes.ts';
import { loadText, machine, na, type PartResult, progress, type Row, table } from './lib/report.ts';
import { buildIsStale, ensureBuild, seedDataDir, startRidgeline } from './lib/servers.ts';
import { LIGHTHOUSE_PAGES, lighthouseRuns } from './lighthouse.ts';
import { sideBySide } from './side-by-side.ts';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  allowPositionals: false,
});
if (values.help) {
  process.stdout.write('npm run bench [-- --quick]\n');
  process.exit(0);
}
const quick = values.quick ?? false;
const PRODUCTS = 10_000;
const settings = quick
  ? {
      seconds: 3,
      warmupSeconds: 1,
      lighthouseRuns: 1,
      searchSizes: [10_000],
      searchIterations: '100',
      pageSamples: '50',
      mediaSeconds: '2',
    }
  : {
      seconds: 10,
      warmupSeconds: 3,
      lighthouseRuns: 5,
      searchSizes: [10_000, 50_000],
      searchIterations: '400',
      pageSamples: '200',
      mediaSeconds: '5',
    };

const started = Date.now();
const host = machine();
const loadAtStart = loadText();
progress(
  `${quick ? 'quick' : 'full'} run on ${host.cores} cores (${host.cpu}), ${host.ramGb} GB RAM, Node ${host.node}, commit ${host.commit}${host.dirty ? ' (uncommitted changes)' : ''}`,
);

const sections: { title: string; result: PartResult; load: string }[] = [];
async function part(title: string, area: string, run: () => Promise<PartResult> | PartResult) {
  const partStarted = Date.now();
  let result: PartResult;
  try {
    result = await run();
  } catch (error) {
    progress(`${title} failed: ${(error as Error).stack ?? error}`);
    result = { rows: [na(area, title, (error as Error).message.split('\n')[0]!)], notes: [] };
  }
  const load = loadText();
  progress(`${title} done in ${((Date.now() - partStarted) / 1000).toFixed(0)} s`);
  sections.push({ title, result, load });
}

let built = true;
await part('build', 'build', () => {
  const wasStale = buildIsStale();
  ensureBuild();
  return { rows: [], notes: [wasStale ? '- build/ was stale and was rebuilt.' : '- build/ was up to date.'] };
});
if (sections.at(-1)!.result.rows.length > 0) built = false;

const reuse = process.env.BENCH_DATA_DIR;
let dataDir: string | null = reuse ?? null;
if (!dataDir) {
  try {
    dataDir = seedDataDir(PRODUCTS);
  } catch (error) {
    progress(`seeding failed: ${(error as Error).message}`);
  }
}

try {
  if (built && dataDir) {
    const dir = dataDir;
    await part('1. Side by side', 'pages @50 conn', () =>
      sideBySide({
        dataDir: dir,
        connections: 50,
        seconds: settings.seconds,
        warmupSeconds: settings.warmupSeconds,
      }),
    );
    await part('2. Lighthouse', 'lighthouse mobile', async () => {
      // Our server as deployed (page cache on), not pinned: Lighthouse simulates a mobile device and network.
      const server = await startRidgeline({ dataDir: dir, pageCache: true, core: null });
      try {
        await waitIdle(server.running, 600_000);
        return await lighthouseRuns({ baseUrl: server.url, runs: settings.lighthouseRuns });
      } finally {
        await server.stop();
      }
    });
  } else {
    const why = built ? 'no seeded data folder' : 'no build';
    sections.push({
      title: '1. Side by side',
      result: { rows: [na('pages @50 conn', 'all', why)], notes: [] },
      load: loadText(),
    });
    sections.push({
      title: '2. Lighthouse',
      result: { rows: LIGHTHOUSE_PAGES.map((page) => na('lighthouse mobile', page.name, why)), notes: [] },
      load: loadText(),
    });
  }
} finally {
  if (dataDir && !reuse) rmSync(dataDir, { recursive: true, force: true });
}

await part('3. JavaScript per route', 'JS per route (gzip)', () => jsBudget());

await part('4. Search, render and media', 'search', async () => {
  const rows: Row[] = [];
  const notes: string[] = [];
  const add = (result: PartResult) => {
    rows.push(...result.rows);
    notes.push(...result.notes);
  };
  for (const size of settings.searchSizes) {
    add(
      await childPart({
        area: 'search',
        item: `${size.toLocaleString('en-US')} products`,
        script: 'bench/search.ts',
        env: { BENCH_PRODUCTS: String(size), BENCH_ITERATIONS: settings.searchIterations },
        timeoutMs: 40 * 60_000,
      }),
    );
  }
  add(
    await childPart({
      area: 'page render (sequential)',
      item: '10,000 products',
      script: 'bench/pages.ts',
      env: { BENCH_PRODUCTS: String(PRODUCTS), BENCH_SAMPLES: settings.pageSamples },
      timeoutMs: 20 * 60_000,
    }),
  );
  add(
    await childPart({
      area: 'media',
      item: '',
      script: 'bench/media.ts',
      env: { BENCH_SECONDS: settings.mediaSeconds },
      timeoutMs: 10 * 60_000,
    }),
  );
  return { rows, notes };
});

const rows = sections.flatMap((section) => section.result.rows);
const output = table(rows);
process.stdout.write(`${output}\n`);

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const notes = sections
  .filter((section) => section.result.notes.length > 0 || section.title !== 'build')
  .map(
    (section) =>
      `### ${section.title}\n\nLoad average at the end of this part: ${section.load}.\n\n${section.result.notes.join('\n')}`,
  )
  .join('\n\n');
const markdown = `# Ridgeline benchmark results

Written by \`npm run bench${quick ? ' -- --quick' : ''}\` (bench/run.ts); the last run replaces this file.${
  quick
    ? '\n\n**Quick run (smoke test): short loads and one Lighthouse run; these figures are not the report.**'
    : ''
}

| Machine | |
|---|---|
| Date | ${host.date} |
| Commit | ${host.commit}${host.dirty ? ' (with uncommitted changes)' : ''} |
| Cores (\`nproc\`) | ${host.cores} |
| CPU | ${host.cpu} |
| RAM | ${host.ramGb} GB (${host.freeGb} GB free at start) |
| Load average (1, 5, 15 min) | at start ${loadAtStart}; at end ${loadText()} |
| Node | ${host.node} |
| Duration | ${minutes} min (${quick ? 'quick' : 'full'} run) |

Pages: server pinned to core 0 and autocannon (a child process) to core 1 with \`taskset\`, 50 connections,
${settings.warmupSeconds} s warm-up then ${settings.seconds} s per measurement, data: demo store + ${PRODUCTS.toLocaleString('en-US')} generated products.
Ratios are to nginx serving the same HTML bytes as static files on the same core. Latencies are autocannon's,
in whole milliseconds. Lighthouse: mobile preset (simulated throttling), median of ${settings.lighthouseRuns} run(s) per page,
our server with the page cache on, not pinned.

${output}

## Notes

### How react-router-serve is measured

A stock \`react-router-serve ./build/server/index.js\` of the same build cannot render any page of this store:
every page runs the root loader, which reads the services (database, commerce, content, search) from React
Router's context, and react-router-serve gives no way to put them there, so it answers 500 ("No value found for
context") on every page; only static files under build/client work. Its row shows what it answered and is not
measured: the throughput of an error page says nothing about rendering. The 3x goal is measured instead against
\`bench/lib/serve-with-services.ts\`: react-router-serve's own server (express, compression, express.static,
morgan "tiny" log, @react-router/express) copied line for line from @react-router/serve 7.18.4, plus a
\`getLoadContext\` that hands the loaders the same services our server builds. It is not our Hono app: no page
cache, no locale middleware, no API routes.

${notes}
`;
writeFileSync(join(ROOT, 'bench/RESULTS.md'), markdown);
progress(`wrote bench/RESULTS.md; ${minutes} min in all`);

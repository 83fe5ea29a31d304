/**
 * `npm run bench` (issues 10 and 22): every performance figure in one run, with its goal and verdict. stdout
 * gets a summary table of every goal, then each part's table; bench/RESULTS.md gets the same with the machine,
 * date, commit and the load average next to each part. Progress goes to stderr. Parts (`--only` names):
 *   side-by-side  50 connections: our server cached and uncached, nginx (side-by-side.ts)
 *   lighthouse    Lighthouse mobile, median of 5, six pages and the floor page (bench/floor) in one interleaved
 *                 loop, goals against the floor; each page's HTML bytes; TBT observed (page-tbt.ts)
 *   js            JavaScript per route against issue 22's product goal and the budget file (js-budget.mjs)
 *   search        search at 1k, 10k, 50k and 100k products: goals and the growth table (search.ts)
 *   pages         server CPU and time per page, uncached, 10,000 products (pages.ts)
 *   overload      capacity, 50 connections, open-loop 70 % and past capacity (overload.ts)
 *   media         image transforms (media.ts)
 *   codes         discount codes: cart view, entering a code and checkout, with a code against without (discount-codes.ts)
 * Scripts report through a last `BENCH_JSON {...}` line, whose `goals` entries become rows. A part that fails
 * shows 'n/a' with the reason; the run goes on. One data folder (demo store + 10,000 products) is seeded once
 * and shared by every part that serves pages (BENCH_DATA_DIR for the child scripts); search seeds its own
 * in-memory databases, one per size. Meant for a quiet machine: other load on the two cores changes every
 * figure (hence the load average next to each part).
 *
 *   npm run bench                          the full run (estimate on 2 quiet cores: about 40-45 minutes:
 *                                          seed 1, side by side 6, Lighthouse 15, search 12, pages 3,
 *                                          overload 5, media 1)
 *   npm run bench -- --quick               smoke test: short loads, 1 Lighthouse run, search at 1k and 10k
 *   npm run bench -- --only lighthouse,js  rerun some parts; the other parts of bench/RESULTS.md are kept as
 *                                          they were (each with its own date, commit and load average)
 *   BENCH_DATA_DIR=/path                   reuse a folder seeded with `npm run seed -- --products 10000`
 *                                          (opened by each server in turn and not deleted); a folder with
 *                                          no database yet is seeded first
 *   BENCH_TARGETS=pglite,postgres          search on PostgreSQL too (default here: PGlite only, for time)
 *   BENCH_SEARCH_SIZES=1000,10000,50000    the search part's catalogue sizes (full run: 1k, 10k, 50k and 100k;
 *                                          50k and 100k take most of the part's time and 2-4 GB of memory)
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { childPart, jsBudget } from './lib/parts.ts';
import { ROOT, waitIdle } from './lib/processes.ts';
import { loadText, machine, na, type PartResult, progress, type Row, table } from './lib/report.ts';
import { buildIsStale, ensureBuild, seedDataDir, startRidgeline } from './lib/servers.ts';
import { LIGHTHOUSE_PAGES, lighthouseRuns } from './lighthouse.ts';
import { sideBySide } from './side-by-side.ts';

const PARTS = [
  { key: 'side-by-side', title: 'Side by side', data: true },
  { key: 'lighthouse', title: 'Lighthouse', data: true },
  { key: 'js', title: 'JavaScript per route', data: false },
  { key: 'search', title: 'Search', data: false },
  { key: 'pages', title: 'Page CPU (uncached)', data: true },
  { key: 'overload', title: 'Overload', data: true },
  { key: 'media', title: 'Media', data: false },
  { key: 'codes', title: 'Discount codes', data: false },
] as const;
type PartKey = (typeof PARTS)[number]['key'];
const USAGE = `npm run bench [-- --quick] [-- --only ${PARTS.map((part) => part.key).join(',')}]\n`;

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  allowPositionals: false,
});
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const only = values.only
  ?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !PARTS.some((part) => part.key === name)) ?? [];
if (unknown.length > 0 || (only && only.length === 0)) {
  process.stderr.write(`unknown part(s): ${unknown.join(', ') || '(none given)'}\n${USAGE}`);
  process.exit(2);
}
const selected = PARTS.filter((part) => !only || only.includes(part.key));
const quick = values.quick ?? false;
const PRODUCTS = 10_000;
const settings = quick
  ? {
      seconds: 3,
      warmupSeconds: 1,
      lighthouseRuns: 1,
      searchSizes: '1000,10000',
      searchIterations: '100',
      searchSqlIterations: '20',
      pageSamples: '50',
      mediaSeconds: '2',
      codeIterations: '50',
      overloadSeconds: '3',
    }
  : {
      seconds: 10,
      warmupSeconds: 3,
      lighthouseRuns: 5,
      searchSizes: process.env.BENCH_SEARCH_SIZES ?? '1000,10000,50000,100000',
      searchIterations: '400',
      searchSqlIterations: '100',
      pageSamples: '200',
      mediaSeconds: '5',
      codeIterations: '200',
      overloadSeconds: '15',
    };

const started = Date.now();
const host = machine();
const loadAtStart = loadText();
progress(
  `${quick ? 'quick' : 'full'} run${only ? ` of ${only.join(', ')}` : ''} on ${host.cores} cores (${host.cpu}), ${host.ramGb} GB RAM, Node ${host.node}, commit ${host.commit}${host.dirty ? ' (uncommitted changes)' : ''}`,
);

/** One part's outcome, with what is needed to keep it in RESULTS.md when later runs use --only. */
interface Section {
  key: PartKey;
  title: string;
  result: PartResult;
  date: string;
  commit: string;
  quick: boolean;
  minutes: number;
  loadStart: string;
  loadEnd: string;
}
const sections: Section[] = [];

async function part(key: PartKey, area: string, run: () => Promise<PartResult> | PartResult) {
  const title = PARTS.find((candidate) => candidate.key === key)!.title;
  const partStarted = Date.now();
  const loadStart = loadText();
  let result: PartResult;
  try {
    result = await run();
  } catch (error) {
    progress(`${title} failed: ${(error as Error).stack ?? error}`);
    result = { rows: [na(area, title, (error as Error).message.split('\n')[0]!)], notes: [] };
  }
  const minutes = (Date.now() - partStarted) / 60_000;
  progress(`${title} done in ${(minutes * 60).toFixed(0)} s`);
  sections.push({
    key,
    title,
    result,
    date: new Date(partStarted).toISOString(),
    commit: `${host.commit}${host.dirty ? ' (uncommitted changes)' : ''}`,
    quick,
    minutes,
    loadStart,
    loadEnd: loadText(),
  });
}
const wanted = (key: PartKey) => selected.some((candidate) => candidate.key === key);

let buildNote = '';
let built = true;
try {
  const wasStale = buildIsStale();
  ensureBuild();
  buildNote = wasStale ? 'build/ was stale and was rebuilt.' : 'build/ was up to date.';
} catch (error) {
  built = false;
  buildNote = `the build failed: ${(error as Error).message}`;
  progress(buildNote);
}

// One seeded folder for every part that serves pages; deleted at the end unless it was given.
const reuse = process.env.BENCH_DATA_DIR;
let dataDir: string | null = reuse ?? null;
let noData = built ? '' : 'no build';
// A given folder that holds no database yet is seeded into (once): opened empty, the servers would seed only the
// demo store, and every page figure would be measured without the 10,000 products.
const unseeded = dataDir !== null && !existsSync(join(dataDir, 'pglite'));
if (built && (!dataDir || unseeded) && selected.some((candidate) => candidate.data)) {
  try {
    dataDir = seedDataDir(PRODUCTS, dataDir ?? undefined);
  } catch (error) {
    noData = 'no seeded data folder';
    progress(`seeding failed: ${(error as Error).message}`);
  }
}
const dataParts: Record<string, string> = dataDir ? { BENCH_DATA_DIR: dataDir } : {};

try {
  if (wanted('side-by-side'))
    await part('side-by-side', 'pages @50 conn', () => {
      if (!dataDir) return { rows: [na('pages @50 conn', 'all', noData)], notes: [] };
      return sideBySide({
        dataDir,
        connections: 50,
        seconds: settings.seconds,
        warmupSeconds: settings.warmupSeconds,
      });
    });
  if (wanted('lighthouse'))
    await part('lighthouse', 'lighthouse mobile', async () => {
      if (!dataDir)
        return {
          rows: LIGHTHOUSE_PAGES.map((page) => na('lighthouse mobile', page.name, noData)),
          notes: [],
        };
      // Our server as deployed (page cache on), not pinned: Lighthouse simulates a mobile device and network.
      const server = await startRidgeline({ dataDir, pageCache: true, core: null });
      try {
        await waitIdle(server.running, 600_000);
        return await lighthouseRuns({ baseUrl: server.url, runs: settings.lighthouseRuns });
      } finally {
        await server.stop();
      }
    });
  if (wanted('js')) await part('js', 'JS per route (gzip)', () => jsBudget());
  if (wanted('search'))
    await part('search', 'search', () =>
      childPart({
        area: 'search',
        item: '',
        script: 'bench/search.ts',
        env: {
          // Every size in one process: one growth table. (A script that reads only BENCH_PRODUCTS runs 10k.)
          BENCH_SIZES: settings.searchSizes,
          BENCH_PRODUCTS: String(PRODUCTS),
          BENCH_ITERATIONS: settings.searchIterations,
          BENCH_SQL_ITERATIONS: settings.searchSqlIterations,
          BENCH_TARGETS: process.env.BENCH_TARGETS ?? 'pglite',
        },
        timeoutMs: (quick ? 15 : 30) * 60_000,
      }),
    );
  if (wanted('pages'))
    await part('pages', 'page CPU (uncached)', () =>
      dataDir
        ? childPart({
            area: 'page CPU (uncached)',
            item: '',
            script: 'bench/pages.ts',
            env: { ...dataParts, BENCH_PRODUCTS: String(PRODUCTS), BENCH_SAMPLES: settings.pageSamples },
            timeoutMs: 20 * 60_000,
          })
        : { rows: [na('page CPU (uncached)', 'all', noData)], notes: [] },
    );
  if (wanted('overload'))
    await part('overload', 'overload', () =>
      dataDir
        ? childPart({
            area: 'overload',
            item: '',
            script: 'bench/overload.ts',
            env: {
              ...dataParts,
              BENCH_PRODUCTS: String(PRODUCTS),
              BENCH_SECONDS: settings.overloadSeconds,
              ...(quick ? { BENCH_QUICK: '1' } : {}),
            },
            timeoutMs: 20 * 60_000,
          })
        : { rows: [na('overload', 'all', noData)], notes: [] },
    );
} finally {
  if (dataDir && !reuse) rmSync(dataDir, { recursive: true, force: true });
}
if (wanted('media'))
  await part('media', 'media', () =>
    childPart({
      area: 'media',
      item: '',
      script: 'bench/media.ts',
      env: { BENCH_SECONDS: settings.mediaSeconds },
      timeoutMs: 10 * 60_000,
    }),
  );
if (wanted('codes'))
  await part('codes', 'discount codes', () =>
    childPart({
      area: 'discount codes',
      item: '',
      script: 'bench/discount-codes.ts',
      env: {
        BENCH_ITERATIONS: settings.codeIterations,
        BENCH_TARGETS: process.env.BENCH_TARGETS ?? 'pglite',
      },
      timeoutMs: 15 * 60_000,
    }),
  );

// With --only, the parts not rerun are kept from the existing RESULTS.md (each part carries its own data).
const RESULTS = join(ROOT, 'bench/RESULTS.md');
const MARK = '<!-- bench-part ';
function keptSections(): Section[] {
  if (!only || !existsSync(RESULTS)) return [];
  const kept: Section[] = [];
  for (const line of readFileSync(RESULTS, 'utf8').split('\n')) {
    if (!line.startsWith(MARK)) continue;
    try {
      const section = JSON.parse(line.slice(MARK.length, line.lastIndexOf(' -->'))) as Section;
      if (!sections.some((fresh) => fresh.key === section.key)) kept.push(section);
    } catch {
      // A hand-edited or truncated line: that part shows as not run.
    }
  }
  return kept;
}
const all = [...sections, ...keptSections()].sort(
  (a, b) => PARTS.findIndex((p) => p.key === a.key) - PARTS.findIndex((p) => p.key === b.key),
);
const number = (section: Section) => PARTS.findIndex((p) => p.key === section.key) + 1;
const loadOf = new Map<Row, string>();
for (const section of all)
  for (const row of section.result.rows) loadOf.set(row, section.loadEnd.split(' ')[0]!);
const goals = all.flatMap((section) => section.result.rows.filter((row) => row.goal));
const summary = table(goals, { title: 'Load (1 min)', cell: (row) => loadOf.get(row) ?? '' });
const count = (which: string) => goals.filter((row) => row.verdict === which).length;
const tally = `${count('met')} met, ${count('NOT met')} NOT met, ${count('n/a')} n/a of ${goals.length} goals`;
const heading = (section: Section) =>
  `${number(section)}. ${section.title}${section.quick ? ' (quick)' : ''}`;
const loadLine = (section: Section) =>
  `Load average (1, 5, 15 min) at start ${section.loadStart}, at end ${section.loadEnd}; ${section.date.slice(0, 16).replace('T', ' ')} UTC, commit ${section.commit}, ${section.minutes.toFixed(1)} min.`;

process.stdout.write(`## Summary: every goal (${tally})\n\n${summary}\n`);
for (const section of sections)
  process.stdout.write(
    `\n## ${heading(section)} (load at end ${section.loadEnd})\n\n${table(section.result.rows)}\n`,
  );

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const missing = PARTS.filter((p) => !all.some((section) => section.key === p.key)).map((p) => p.title);
const partsMarkdown = all
  .map((section) => {
    const json = JSON.stringify(section).replaceAll('>', '\\u003e');
    const details = section.result.details ?? [];
    return [
      `## ${heading(section)}`,
      '',
      `${MARK}${json} -->`,
      loadLine(section),
      '',
      table(section.result.rows),
      ...(details.length > 0 ? ['', 'Supporting figures:', '', table(details)] : []),
      ...(section.result.notes.length > 0 ? ['', section.result.notes.join('\n')] : []),
    ].join('\n');
  })
  .join('\n\n');
const markdown = `# Ridgeline benchmark results

Written by \`npm run bench${quick || only ? ' --' : ''}${quick ? ' --quick' : ''}${only ? ` --only ${only.join(',')}` : ''}\` (bench/run.ts); the last run replaces this file${only ? ' (with --only: the parts it ran; the others are kept from earlier runs, each with its own date, commit and load average)' : ''}.${
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
| Duration | ${minutes} min (${quick ? 'quick' : 'full'} settings${only ? `, parts ${only.join(', ')}` : ''}); ${buildNote} |

## Summary: every goal (${tally})

The load column is the 1-minute load average at the end of the goal's part.${missing.length > 0 ? ` Not run yet: ${missing.join(', ')}.` : ''}

${summary}

## How the figures are measured

Pages (side by side): server pinned to core 0 and autocannon (a child process) to core 1 with \`taskset\`,
50 connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s per measurement, data: demo store +
${PRODUCTS.toLocaleString('en-US')} generated products. Ratios are to nginx serving the same HTML bytes as static files
on the same core. Latencies are autocannon's, in whole milliseconds. Lighthouse: mobile preset (simulated
throttling), median of ${settings.lighthouseRuns} run(s) per page in one interleaved loop with the floor page (bench/floor: a bare
React Router page of the same React and React Router, one image, a paragraph and a button, its own build served
by react-router-serve), our server with the page cache on, not pinned; TBT is judged against the floor's TBT in
the same loop and performance only where the floor scores ≥ 98 (issue 43); HTML bytes as the server sends them. Next to it, TBT as each page observes it (its own long tasks, 4x CPU applied, not
simulated), without and with the DevTools Runtime domain that Lighthouse turns on (bench/page-tbt.ts). Search, page CPU, overload and media: their scripts' own figures (see their notes).

Issue 10's "uncached throughput ≥ 3x react-router-serve" is no longer measured (issue 43, decision 0045):
react-router-serve with our services (\`bench/lib/serve-with-services.ts\`) runs the same render, so the ratio
was one render's CPU measured twice (decision 0029).

${partsMarkdown}
`;
// Loops run by hand (bench/lighthouse.ts alone, dated sections under HAND_RUNS) are kept below every run's parts.
const HAND_RUNS = '<!-- hand-run loops: kept by npm run bench -->';
const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
const handRuns = previous.includes(HAND_RUNS) ? previous.slice(previous.indexOf(HAND_RUNS)) : '';
writeFileSync(RESULTS, handRuns ? `${markdown}\n${handRuns}` : markdown);
progress(`wrote bench/RESULTS.md; ${minutes} min in all`);

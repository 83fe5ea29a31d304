/**
 * Storefront page benchmark (issue 7): `npm run bench:pages` (tsx bench/pages.ts; build first with
 * `npx react-router build`). Seeds a data folder with the demo store plus 10,000 generated products, starts the
 * built server with the anonymous page cache off (so every request renders), then for the home, category and
 * product pages prints the server render time (p50/p95 of sequential requests on loopback, whole response)
 * and the JavaScript and CSS each page sends (KB gzip, every script, module preload and stylesheet in its HTML).
 * Budgets (issue 7): p95 ≤ 30 ms; product page JavaScript ≤ 150 KB gzip (`npm run bench` also reports issue 10's
 * stricter 125 KB). `BENCH_DATA_DIR=folder` seeds that folder once and reuses it on later runs (a fresh seed and
 * search index take a minute or two); without it a temporary folder is seeded and removed. The server runs with
 * NODE_ENV=production, as `npm start` does in production: otherwise React's development build renders, 5× slower.
 * The last line is `BENCH_JSON {…}` with every figure, for `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { collectOutput, exitOf, freePort, ROOT, runServerProcess } from '../tests/support/server.ts';
import { shopperCookie } from '../tests/support/shopper.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const WARMUP = 30;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const RENDER_BUDGET_MS = 30;
const PRODUCT_JS_BUDGET_KB = 150;
// Issue 22: server CPU per uncached page (p50) for home, category and product.
const CPU_GOAL_MS = 8;
// /proc counts CPU in 10 ms ticks: CPU is read per batch of this many requests, and the p50 is the median batch.
const CPU_BATCH = 20;
/** The README's pro buyer: session lookup, cart and customer prices on every page, never cached. */
const PRO_SHOPPER = { email: 'pro.guide@example.com', password: 'Pro-Guide-2026' } as const;

const PAGES = [
  // The shell alone (root loader, header, footer) on a page with no catalogue data: the floor under the others.
  { name: 'country (shell baseline)', path: '/en-us/country', baseline: true },
  { name: 'home', path: '/', cpuGoal: true },
  { name: 'category', path: '/en-us/c/snowshoes', cpuGoal: true },
  { name: 'category (filtered, sorted)', path: '/en-us/c/snowshoes?color=black&sort=price-asc' },
  { name: 'product', path: '/en-us/p/ridgeline-summit-ascent-mens', cpuGoal: true },
  {
    name: 'product (pro signed in)',
    path: '/en-us/p/ridgeline-summit-ascent-mens',
    signedIn: true,
    cpuGoal: true,
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function assetKb(origin: string, html: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)) scripts.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(match[1]!);
  // The page's own loader names its modules as strings (the module preloads the shell writes, the entry's imports).
  for (const match of html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) scripts.add(match[1]!);
  for (const match of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) styles.add(match[1]!);
  const size = async (urls: Set<string>) => {
    let total = 0;
    for (const url of urls) {
      const body = Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer());
      total += gzipSync(body, { level: 9 }).length;
    }
    return total / 1024;
  };
  return { js: await size(scripts), css: await size(styles), files: scripts.size + styles.size };
}

/** CPU seconds a process has used so far (Linux /proc), or null where that cannot be read. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until the server is idle: on a fresh data folder it first builds its search index (a minute of work on
 * 10,000 products) in the background, which would otherwise be measured as page time.
 */
async function settle(pid: number) {
  const started = Date.now();
  let last = cpuSeconds(pid);
  // Brief pauses (a GC, the search index between batches) look idle: three quiet readings in a row.
  let quiet = 0;
  while (last !== null && Date.now() - started < 600_000) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const now = cpuSeconds(pid);
    if (now === null) break;
    quiet = now - last < 0.1 ? quiet + 1 : 0;
    if (quiet >= 3) break;
    last = now;
  }
  process.stdout.write(`Server idle after ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

/** The built server on the seeded folder; a large catalogue takes longer to start than tests allow. */
async function startLargeServer(dataDir: string) {
  const port = await freePort();
  const child = runServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    PAGE_CACHE: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  const output = collectOutput(child);
  const started = Date.now();
  while (!output().includes('Ridgeline is running at')) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    if (Date.now() - started > 600_000) throw new Error(`server did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.stdout.write(`Server started in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  if (child.pid !== undefined) await settle(child.pid);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exitOf(child);
    },
  };
}

function seed(): void {
  process.stdout.write(`Seeding the demo store with ${PRODUCTS} generated products…\n`);
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'server/seed/seed-cli.ts'), '--products', String(PRODUCTS)],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    },
  );
  if (seeded.status !== 0) throw new Error('seeding failed');
}

const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'ridgeline-bench-pages-'));
try {
  if (keptDir && existsSync(join(keptDir, 'pglite'))) {
    process.stdout.write(`Reusing the store seeded in ${keptDir}.\n`);
  } else {
    seed();
  }
  const server = await startLargeServer(dataDir);
  try {
    process.stdout.write(
      `\nPage                         p50 ms   p95 ms    JS KB gz   CSS KB gz   CPU ms/req mean   CPU ms/req p50\n`,
    );
    let failed = false;
    const results: Array<{
      name: string;
      path: string;
      p50Ms: number;
      p95Ms: number;
      jsKbGzip: number;
      cssKbGzip: number;
      cpuMsPerRequest: number;
      cpuMsPerRequestP50: number;
      overBudget: boolean;
    }> = [];
    const goals: Array<{ item: string; figure: string; goal: string; met: boolean | null }> = [];
    const proCookie = await shopperCookie(server.url, PRO_SHOPPER);
    const loadBefore = loadavg();
    for (const page of PAGES) {
      const url = `${server.url}${page.path}`;
      const init: RequestInit = 'signedIn' in page ? { headers: { cookie: proCookie } } : {};
      for (let i = 0; i < WARMUP; i++) await (await fetch(url, init)).text();
      const samples: number[] = [];
      const batchCpuMs: number[] = [];
      let html = '';
      const cpuBefore = server.pid === undefined ? null : cpuSeconds(server.pid);
      let batchBefore = cpuBefore;
      for (let i = 0; i < SAMPLES; i++) {
        const start = performance.now();
        const response = await fetch(url, init);
        html = await response.text();
        samples.push(performance.now() - start);
        if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
        if ((i + 1) % CPU_BATCH === 0 && server.pid !== undefined) {
          const now = cpuSeconds(server.pid);
          if (now !== null && batchBefore !== null) batchCpuMs.push(((now - batchBefore) * 1000) / CPU_BATCH);
          batchBefore = now;
        }
      }
      const cpuAfter = server.pid === undefined ? null : cpuSeconds(server.pid);
      // Server CPU per request: what a page costs whatever else the machine is doing (wall time is not).
      const cpuMs =
        cpuBefore === null || cpuAfter === null ? Number.NaN : ((cpuAfter - cpuBefore) * 1000) / SAMPLES;
      batchCpuMs.sort((a, b) => a - b);
      const cpuP50 = batchCpuMs.length > 0 ? percentile(batchCpuMs, 50) : Number.NaN;
      samples.sort((a, b) => a - b);
      const p50 = percentile(samples, 50);
      const p95 = percentile(samples, 95);
      const assets = await assetKb(server.url, html);
      const over =
        !('baseline' in page) &&
        (p95 > RENDER_BUDGET_MS || (page.name === 'product' && assets.js > PRODUCT_JS_BUDGET_KB));
      failed ||= over;
      const round = (value: number) => Math.round(value * 10) / 10;
      results.push({
        name: page.name,
        path: page.path,
        p50Ms: round(p50),
        p95Ms: round(p95),
        jsKbGzip: round(assets.js),
        cssKbGzip: round(assets.css),
        cpuMsPerRequest: round(cpuMs),
        cpuMsPerRequestP50: round(cpuP50),
        overBudget: over,
      });
      // The signed-in page is reported (issue 22 asks for it) without a goal of its own.
      if ('cpuGoal' in page || 'cpuReport' in page)
        goals.push({
          item: `CPU per page p50 · ${page.name}`,
          figure: Number.isNaN(cpuP50) ? 'n/a' : `${cpuP50.toFixed(1)} ms (mean ${cpuMs.toFixed(1)} ms)`,
          goal: 'cpuGoal' in page ? `≤ ${CPU_GOAL_MS} ms` : 'reported',
          met: 'cpuGoal' in page && !Number.isNaN(cpuP50) ? cpuP50 <= CPU_GOAL_MS : null,
        });
      process.stdout.write(
        `${page.name.padEnd(28)} ${p50.toFixed(1).padStart(6)}  ${p95.toFixed(1).padStart(7)}  ${assets.js
          .toFixed(1)
          .padStart(10)}  ${assets.css.toFixed(1).padStart(10)}  ${cpuMs.toFixed(1).padStart(16)}  ${cpuP50
          .toFixed(1)
          .padStart(15)}${over ? '   OVER BUDGET' : ''}\n`,
      );
    }
    process.stdout.write(
      `\nBudgets: p95 ≤ ${RENDER_BUDGET_MS} ms per page; product page JS ≤ ${PRODUCT_JS_BUDGET_KB} KB gzip. ` +
        `${SAMPLES} sequential requests per page after ${WARMUP} warm-up, page cache off.\n` +
        `Server CPU: utime+stime of the server process (/proc) over the ${SAMPLES} requests (mean) and per batch ` +
        `of ${CPU_BATCH} (p50 = median batch); goal (issue 22) CPU p50 ≤ ${CPU_GOAL_MS} ms for home, category, product.\n` +
        `Load average (1/5/15 min): before ${loadBefore.map((value) => value.toFixed(2)).join(' ')}, ` +
        `after ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}.\n`,
    );
    const json = {
      bench: 'pages',
      products: PRODUCTS,
      samples: SAMPLES,
      budgets: { p95Ms: RENDER_BUDGET_MS, productJsKbGzip: PRODUCT_JS_BUDGET_KB },
      loadavg: { before: loadBefore, after: loadavg() },
      pages: results,
      goals,
      ok: !failed,
    };
    process.stdout.write(`BENCH_JSON ${JSON.stringify(json)}\n`);
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
  }
} finally {
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}

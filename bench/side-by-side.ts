/**
 * Side by side (issue 10): home, category and product page throughput and p50/p99 latency at 50 connections,
 * server on core 0 and autocannon on core 1 (taskset), for
 *   (a) our server with the anonymous page cache on,
 *   (b) our server with PAGE_CACHE=false (every request renders),
 *   (c) nginx on core 0 serving the very HTML bytes our server sent, as static files.
 * Goals: cached ≥ 50% of nginx's req/s; uncached p99 ≤ 3x its own p50 at 50 connections (issue 22, which
 * replaced issue 10's p99 ≤ 3x nginx's p99; the overload part measures the same goal with its own schedule).
 * Issue 10's "uncached ≥ 3x react-router-serve" is retired (issue 43, decision 0045): react-router-serve with our
 * services runs the same render, so the ratio measured one render's CPU twice (decision 0029).
 * bench/lib/serve-with-services.ts stays for a hand-run comparison.
 * Run by bench/run.ts; alone: `npx tsx bench/side-by-side.ts [--quick]` (seeds its own data folder).
 */
import { rmSync } from 'node:fs';
import { type LoadFigures, warmThenLoad } from './lib/load.ts';
import { nginxAvailable, type StaticFile, startNginx } from './lib/nginx.ts';
import { waitIdle } from './lib/processes.ts';
import { fixed, int, loadText, type PartResult, progress, type Row, table, verdict } from './lib/report.ts';
import { ensureBuild, type Served, seedDataDir, startRidgeline } from './lib/servers.ts';

export const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/en-us/c/snowshoes' },
  { name: 'product', path: '/en-us/p/ridgeline-summit-ascent-mens' },
] as const;
type PageName = (typeof PAGES)[number]['name'];

const SERVER_CORE = 0;
const LOAD_CORE = 1;
const AREA = 'pages @50 conn';

export interface SideBySideOptions {
  dataDir: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

type Outcome = { figures: LoadFigures } | { error: string };
type Contender = 'cached' | 'uncached' | 'nginx';
const LABELS: Record<Contender, string> = {
  cached: 'ridgeline, page cache on',
  uncached: 'ridgeline, PAGE_CACHE=false',
  nginx: 'nginx, same bytes (static)',
};

interface Probe {
  status: number;
  bytes: Uint8Array;
  cacheState: string | null;
  firstError: string;
}

/**
 * One plain GET as autocannon sends it (no cookies, no compression), to check what a contender answers. A 503
 * with Retry-After (admission control still busy with the previous page's load) is asked again after that
 * long, as a browser does, a few times.
 */
async function probe(url: string): Promise<Probe> {
  let response = await fetch(url, { headers: { 'accept-encoding': 'identity' }, redirect: 'manual' });
  for (let attempt = 0; attempt < 5 && response.status === 503; attempt++) {
    const retryAfter = Number(response.headers.get('retry-after'));
    if (!Number.isFinite(retryAfter) || retryAfter <= 0) break;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    response = await fetch(url, { headers: { 'accept-encoding': 'identity' }, redirect: 'manual' });
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes.slice(0, 20_000));
  const firstError =
    /<pre[^>]*>([^<]{0,200})/.exec(text)?.[1] ?? /<h1[^>]*>([^<]{0,120})/.exec(text)?.[1] ?? '';
  return { status: response.status, bytes, cacheState: response.headers.get('x-page-cache'), firstError };
}

export async function sideBySide(options: SideBySideOptions): Promise<PartResult> {
  const results = new Map<Contender, Map<PageName, Outcome>>();
  const notes: string[] = [];
  const htmlBytes = new Map<PageName, Uint8Array>();
  const measure = async (contender: Contender, baseUrl: string, serverOutput: () => string = () => '') => {
    const byPage = new Map<PageName, Outcome>();
    results.set(contender, byPage);
    for (const page of PAGES) {
      const url = `${baseUrl}${page.path}`;
      try {
        const first = await probe(url);
        if (first.status !== 200) {
          // The server's own log says why better than its error page does.
          const logged = /^\s*(?:Error|TypeError|RangeError): .*/m.exec(serverOutput())?.[0]?.trim();
          if (logged) first.firstError = logged;
          byPage.set(page.name, {
            error: `answers ${first.status}${first.firstError ? `: ${first.firstError.trim()}` : ''}; not measured`,
          });
          continue;
        }
        progress(
          `${LABELS[contender]} · ${page.name}: ${options.warmupSeconds} s warm-up + ${options.seconds} s`,
        );
        const figures = await warmThenLoad({
          url,
          connections: options.connections,
          warmupSeconds: options.warmupSeconds,
          seconds: options.seconds,
          core: LOAD_CORE,
        });
        // No response within the run has no latency to compare: an error, not a 0 ms p99 that would "meet" a goal.
        if (figures.requests === 0) {
          byPage.set(page.name, {
            error: `no response completed in ${options.seconds} s at ${options.connections} connections`,
          });
          progress('  no response completed');
          continue;
        }
        byPage.set(page.name, { figures });
        progress(
          `  ${int(figures.rps)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, non-2xx ${figures.non2xx}, errors ${figures.errors}`,
        );
        if (contender === 'cached') {
          // The bytes nginx will serve: what the cache hands every anonymous visitor, fetched after the run.
          const after = await probe(url);
          htmlBytes.set(page.name, after.bytes);
          notes.push(
            `- ${page.name} (\`${page.path}\`): ${after.bytes.length.toLocaleString('en-US')} bytes of HTML, X-Page-Cache: ${after.cacheState ?? 'none'} after the run.`,
          );
        }
      } catch (error) {
        byPage.set(page.name, { error: (error as Error).message.split('\n')[0]! });
      }
    }
  };
  const withServer = async (contender: Contender, startServer: () => Promise<Served>) => {
    let served: Served | null = null;
    try {
      progress(`starting ${LABELS[contender]} on core ${SERVER_CORE}`);
      served = await startServer();
      const idleAfter = await waitIdle(served.running, 600_000);
      progress(`${LABELS[contender]} ready (start-up work done after ${idleAfter.toFixed(0)} s)`);
      await measure(contender, served.url, served.running.output);
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]!;
      const byPage = results.get(contender) ?? new Map<PageName, Outcome>();
      for (const page of PAGES) if (!byPage.has(page.name)) byPage.set(page.name, { error: message });
      results.set(contender, byPage);
    } finally {
      await served?.stop();
    }
  };

  await withServer('cached', () =>
    startRidgeline({ dataDir: options.dataDir, pageCache: true, core: SERVER_CORE }),
  );
  await withServer('uncached', () =>
    startRidgeline({ dataDir: options.dataDir, pageCache: false, core: SERVER_CORE }),
  );

  if (!nginxAvailable()) {
    results.set('nginx', new Map(PAGES.map((page) => [page.name, { error: 'nginx is not installed' }])));
  } else if (htmlBytes.size === 0) {
    results.set(
      'nginx',
      new Map(PAGES.map((page) => [page.name, { error: 'no HTML from our server to serve' }])),
    );
  } else {
    const files: StaticFile[] = PAGES.filter((page) => htmlBytes.has(page.name)).map((page) => ({
      path: page.path,
      body: htmlBytes.get(page.name)!,
    }));
    try {
      progress(`starting nginx on core ${SERVER_CORE}`);
      const nginx = await startNginx({ files, contentType: 'text/html; charset=utf-8', core: SERVER_CORE });
      try {
        notes.push(
          `- nginx: ${nginx.version}, 1 worker pinned to core ${SERVER_CORE}, access log off, sendfile on.`,
        );
        await measure('nginx', nginx.url);
      } finally {
        await nginx.stop();
      }
    } catch (error) {
      results.set(
        'nginx',
        new Map(PAGES.map((page) => [page.name, { error: (error as Error).message.split('\n')[0]! }])),
      );
    }
  }

  return { ...rowsOf(results), notes };
}

function rowsOf(results: Map<Contender, Map<PageName, Outcome>>): { rows: Row[]; details: Row[] } {
  const rows: Row[] = [];
  const details: Row[] = [];
  const figuresOf = (contender: Contender, page: PageName): LoadFigures | null => {
    const outcome = results.get(contender)?.get(page);
    return outcome && 'figures' in outcome ? outcome.figures : null;
  };
  for (const page of PAGES) {
    const nginx = figuresOf('nginx', page.name);
    for (const contender of ['nginx', 'cached', 'uncached'] as const) {
      const outcome = results.get(contender)?.get(page.name);
      const item = `${page.name} · ${LABELS[contender]}`;
      if (!outcome || 'error' in outcome) {
        rows.push({
          area: AREA,
          item,
          figure: `n/a: ${outcome?.error ?? 'not run'}`,
          verdict: 'n/a',
        });
        continue;
      }
      const f = outcome.figures;
      const ratio = (value: number, base: number | undefined) =>
        nginx && base ? ` (${fixed(value / base, 2)}x nginx)` : '';
      const problems = f.non2xx + f.errors + f.timeouts;
      rows.push({
        area: AREA,
        item,
        figure:
          `${int(f.rps)} req/s${ratio(f.rps, nginx?.rps)} · p50 ${f.p50} ms${ratio(f.p50, nginx?.p50)} · ` +
          `p99 ${f.p99} ms${ratio(f.p99, nginx?.p99)}` +
          (problems ? ` · ${problems} non-2xx/errors, ${int(f.served)} pages/s served` : ''),
      });
    }
    const cached = figuresOf('cached', page.name);
    const uncached = figuresOf('uncached', page.name);
    rows.push({
      area: AREA,
      item: `${page.name} · goal: cached throughput vs nginx`,
      figure: cached && nginx ? `${fixed((100 * cached.served) / Math.max(nginx.served, 0.01), 0)}%` : 'n/a',
      goal: '≥ 50%',
      verdict: verdict(cached && nginx ? cached.served >= 0.5 * nginx.served : null),
    });
    const refused = uncached && uncached.requests > 0 ? (100 * uncached.non2xx) / uncached.requests : 0;
    rows.push({
      area: AREA,
      item: `${page.name} · goal: uncached p99 vs its p50`,
      figure: uncached
        ? `${fixed(uncached.p99 / Math.max(uncached.p50, 1), 1)}x (p99 ${uncached.p99} vs p50 ${uncached.p50} ms` +
          `${refused ? `, every answer: ${fixed(refused, 0)} % were 503s; served pages alone: see overload` : ''})`
        : 'n/a',
      goal: '≤ 3x',
      verdict: verdict(uncached ? uncached.p99 <= 3 * Math.max(uncached.p50, 1) : null),
    });
  }
  return { rows, details };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  ensureBuild();
  // BENCH_DATA_DIR: a folder already seeded with `npm run seed -- --products 10000`, kept afterwards.
  const reuse = process.env.BENCH_DATA_DIR;
  const dataDir = reuse ?? seedDataDir(Number(process.env.BENCH_PRODUCTS ?? 10_000));
  try {
    const result = await sideBySide({
      dataDir,
      connections: 50,
      seconds: quick ? 3 : 10,
      warmupSeconds: quick ? 1 : 3,
    });
    process.stdout.write(`${table(result.rows)}\n\n${result.notes.join('\n')}\nload average ${loadText()}\n`);
  } finally {
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}

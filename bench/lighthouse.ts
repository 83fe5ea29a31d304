/**
 * Lighthouse lab figures (issues 10, 22 and 43): npm lighthouse 12 through its programmatic API, Debian's Chromium
 * started by chrome-launcher, the default (mobile) preset with its simulated throttling, `runs` runs per page on
 * home, category, product, search results, a blog post and cart, and on the floor page (bench/floor: a bare React
 * Router page of the same React and React Router, its own build), all in one interleaved loop: run r of every
 * page before run r + 1 of any, so load on a shared machine falls on every page alike.
 * Goals (issue 43 restates issue 22's against the floor, whose figures depend on the host): TBT ≤ the floor's TBT
 * + 100 ms; performance ≥ 95 wherever the floor scores ≥ 98 (n/a below that: the host is too slow to judge);
 * accessibility, best practices and SEO 100; LCP ≤ 2.0 s, CLS ≤ 0.02, FCP ≤ 1.5 s. The comparison table gives
 * each page's median TBT, script evaluation, LCP, CLS and performance with its difference or ratio to the floor,
 * and the run's host: Lighthouse's `benchmarkIndex`, the CPU model (Node's os.cpus(): Lighthouse reports none)
 * and the load average. A peer storefront installed beside ours joins the loop with BENCH_PEER (see peerTargets).
 * Cart and search results are noindex on purpose, so Lighthouse's `is-crawlable` audit
 * fails there by design: their SEO verdict is the SEO score recomputed without that audit (Lighthouse's own
 * weighted mean of the other audits), and the score with it is shown next to it.
 * Also: each page's HTML as the server sends it (raw and gzip; issue 22: category ≤ 90 KB raw), the failing
 * audits (id and title, for whoever fixes them), where the LCP image's URL first appears in the HTML, and TBT as
 * each page observes it without and with the DevTools Runtime domain Lighthouse enables (bench/page-tbt.ts).
 * Run by bench/run.ts (`npm run bench -- --only lighthouse`); alone, against a running server:
 *   npx tsx bench/lighthouse.ts [--runs 5] [--quick] [--pages product,category,home] [--no-observed] [base URL]
 */
import { request } from 'node:http';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type FloorServer, startFloor } from './floor/floor.ts';
import {
  fixed,
  loadText,
  median,
  na,
  type PartResult,
  progress,
  type Row,
  table,
  verdict,
} from './lib/report.ts';
import { observeLoads } from './page-tbt.ts';

/** `noindex`: the page is kept out of search engines on purpose (see the SEO verdict above). */
export const LIGHTHOUSE_PAGES = [
  { name: 'home', path: '/', noindex: false },
  { name: 'category', path: '/en-us/c/snowshoes', noindex: false },
  { name: 'product', path: '/en-us/p/ridgeline-summit-ascent-mens', noindex: false },
  { name: 'search', path: '/en-us/search?q=snowshoe', noindex: true },
  // A post the demo content seeds (seed/content/blog/caring-for-your-snowshoes.json).
  { name: 'blog post', path: '/en-us/blog/p/caring-for-your-snowshoes', noindex: false },
  { name: 'cart', path: '/en-us/cart', noindex: true },
] as const;

/** Issue 22: the category page's HTML, raw bytes as rendered (it was 170 KB). */
const CATEGORY_HTML_GOAL_KB = 90;

const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The floor page's name in the loop and the tables. */
const FLOOR_NAME = 'floor';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FIRST_FLIGHT = 14 * 1024;
const AREA = 'lighthouse mobile';

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: unknown;
}
interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  environment?: { benchmarkIndex: number; hostUserAgent: string };
}

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** The SEO score without the `is-crawlable` audit, and whether that audit passed. */
  seoWithoutCrawlable: number;
  crawlable: boolean | null;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Lighthouse's main-thread breakdown, group "Script Evaluation" (ms, at its simulated 4x slowdown). */
  scriptEvaluation: number;
  lcpSnippet: string | null;
  failing: { id: string; title: string; category: string; weight: number }[];
}

/** binary audits pass at 1; scored ones at 0.9, where Lighthouse's report turns them green. */
function failed(audit: Audit): boolean {
  if (audit.score === null) return false;
  if (audit.scoreDisplayMode === 'binary') return audit.score < 1;
  if (audit.scoreDisplayMode === 'numeric' || audit.scoreDisplayMode === 'metricSavings')
    return audit.score < 0.9;
  return false;
}

function firstSnippet(details: unknown): string | null {
  if (!details || typeof details !== 'object') return null;
  if ('snippet' in details && typeof details.snippet === 'string') return details.snippet;
  for (const value of Object.values(details)) {
    const found = firstSnippet(value);
    if (found) return found;
  }
  return null;
}

/**
 * A category's score as Lighthouse computes it (the weighted mean of its scored audits; audits that are not
 * applicable, manual or informative carry no weight), leaving out the audits named.
 */
export function categoryScoreWithout(lhr: Lhr, category: string, leaveOut: string[]): number {
  let weighted = 0;
  let weights = 0;
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || leaveOut.includes(ref.id) || ref.weight === 0) continue;
    if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
    weighted += (audit.score ?? 0) * ref.weight;
    weights += ref.weight;
  }
  return weights === 0 ? Number.NaN : (weighted / weights) * 100;
}

function scriptEvaluationOf(lhr: Lhr): number {
  const details = lhr.audits['mainthread-work-breakdown']?.details as
    | { items?: { group: string; duration: number }[] }
    | undefined;
  const item = details?.items?.find((entry) => entry.group === 'scriptEvaluation');
  return item ? item.duration : Number.NaN;
}

function figuresOf(lhr: Lhr): RunFigures {
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id: string) => (lhr.categories[id]?.score ?? Number.NaN) * 100;
  const failing: RunFigures['failing'] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit && failed(audit))
        failing.push({ id: ref.id, title: audit.title, category, weight: ref.weight });
    }
  }
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    seoWithoutCrawlable: categoryScoreWithout(lhr, 'seo', ['is-crawlable']),
    crawlable: lhr.audits['is-crawlable'] ? lhr.audits['is-crawlable'].score === 1 : null,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    scriptEvaluation: scriptEvaluationOf(lhr),
    lcpSnippet: firstSnippet(lhr.audits['largest-contentful-paint-element']?.details),
    failing,
  };
}

const unescapeHtml = (text: string) =>
  text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&#39;', "'");

/**
 * Where the LCP image's URL first appears in the page's HTML, in raw bytes and in the gzip bytes that carry
 * the HTML up to it (the verdict). Lighthouse shortens
 * long attribute values in its snippet (ending them with "…"), so the URL is matched by the part it shows,
 * made relative to the site: the image's name and the start of its query are in it, which is specific enough.
 */
async function lcpDiscovery(
  pageUrl: string,
  snippet: string | null,
): Promise<{ figure: string; met: boolean | null }> {
  if (!snippet) return { figure: 'no LCP element reported', met: null };
  // An <img>'s image is its src/srcset; a <video>'s LCP image is its poster.
  const attributes = /^<img\b/i.test(snippet) ? 'src|srcset' : /^<video\b/i.test(snippet) ? 'poster' : null;
  if (!attributes) return { figure: `LCP element is not an image: ${snippet.slice(0, 60)}`, met: null };
  const origin = new URL(pageUrl).origin;
  const candidates = new Set<string>();
  for (const match of snippet.matchAll(new RegExp(`\\b(?:${attributes})="([^"]+)"`, 'gi'))) {
    for (const part of unescapeHtml(match[1]!).split(/,\s+/)) {
      const url = part.trim().split(/\s+/)[0]?.replace(/…$/, '').replace(origin, '');
      if (url && url.length > 8) candidates.add(url);
    }
  }
  if (candidates.size === 0)
    return { figure: `no image URL shown in the snippet: ${snippet.slice(0, 60)}`, met: null };
  const response = await fetch(pageUrl, { headers: { 'accept-encoding': 'identity' } });
  const html = unescapeHtml(await response.text());
  let first = -1;
  let which = '';
  for (const candidate of candidates) {
    const index = html.indexOf(candidate);
    if (index >= 0 && (first < 0 || index < first)) {
      first = index;
      which = candidate;
    }
  }
  if (first < 0) return { figure: `LCP image URL not in the HTML (${[...candidates][0]})`, met: false };
  const rawBytes = Buffer.byteLength(html.slice(0, first + which.length));
  const gzipBytes = gzipSync(html.slice(0, first + which.length)).length;
  return {
    figure: `at ${fixed(rawBytes / 1024)} KB raw (${fixed(gzipBytes / 1024)} KB gzip): ${which.slice(0, 60)}`,
    // Browsers get the HTML gzip-compressed: the first flight is counted in compressed bytes.
    met: gzipBytes <= FIRST_FLIGHT,
  };
}

const pageRow = (page: string, what: string, figure: string, goal: string, met: boolean): Row => ({
  area: AREA,
  item: `${page} · ${what}`,
  figure,
  goal,
  verdict: verdict(met),
});

/** Bytes of a body as the server sends it for an `accept-encoding` (node:http: fetch would decompress it). */
function bodyBytes(url: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolveBytes, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        response.statusCode === 200
          ? resolveBytes({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') })
          : reject(new Error(`HTTP ${response.statusCode}`)),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Each page's HTML, raw and gzip as the server sends it (its own compression; gzipSync of the raw bytes when it
 * sends them uncompressed). The category page has a goal; the others are for information.
 */
export async function htmlSizes(
  baseUrl: string,
  pages: readonly (typeof LIGHTHOUSE_PAGES)[number][] = LIGHTHOUSE_PAGES,
): Promise<Row[]> {
  const rows: Row[] = [];
  const others: string[] = [];
  for (const page of pages) {
    if (page.name === 'cart') continue;
    const url = `${baseUrl}${page.path}`;
    try {
      const raw = await bodyBytes(url, 'identity');
      const sent = await bodyBytes(url, 'gzip');
      const gzip =
        sent.encoding === 'gzip'
          ? sent.bytes
          : gzipSync(await (await fetch(url)).arrayBuffer().then((body) => Buffer.from(body))).length;
      const figure = `${fixed(raw.bytes / 1024)} KB raw, ${fixed(gzip / 1024)} KB gzip`;
      if (page.name === 'category')
        rows.push({
          area: AREA,
          item: 'category · HTML bytes',
          figure,
          goal: `≤ ${CATEGORY_HTML_GOAL_KB} KB raw`,
          verdict: verdict(raw.bytes / 1024 <= CATEGORY_HTML_GOAL_KB),
        });
      else others.push(`${page.name} ${figure}`);
    } catch (error) {
      if (page.name === 'category') rows.push(na(AREA, 'category · HTML bytes', (error as Error).message));
      else others.push(`${page.name} n/a (${(error as Error).message})`);
    }
  }
  if (others.length > 0)
    rows.push({
      area: AREA,
      item: 'HTML bytes (information)',
      figure: others.join(' · '),
      goal: '',
      verdict: '',
    });
  return rows;
}

/** What one Lighthouse run says about the machine it ran on (its environment). */
interface RunHost {
  benchmarkIndex: number;
  hostUserAgent: string;
}

/** The floor page's figures beside a store page's: the goals are stated against them (issue 43). */
const TBT_OVER_FLOOR_MS = 100;
const PERFORMANCE_GOAL = 95;
/** Below this floor score the machine, not the page, decides the performance verdict (issue 43). */
const FLOOR_PERFORMANCE_FOR_VERDICT = 98;

export async function lighthouseRuns(options: {
  baseUrl: string;
  runs: number;
  /** Page names of LIGHTHOUSE_PAGES to run (default: all). */
  pages?: readonly string[];
  /** Skip the DevTools / no-DevTools TBT observation (bench/page-tbt.ts). */
  skipObserved?: boolean;
}): Promise<PartResult> {
  const rows: Row[] = [];
  const details: Row[] = [];
  const notes: string[] = [];
  const matrix: string[] = [];
  const pages = LIGHTHOUSE_PAGES.filter((page) => !options.pages || options.pages.includes(page.name));
  rows.push(...(await htmlSizes(options.baseUrl, pages)));
  let floor: FloorServer | null = null;
  let floorError = '';
  try {
    floor = await startFloor();
  } catch (error) {
    floorError = (error as Error).message.split('\n')[0]!;
    progress(`floor page did not start: ${floorError}`);
  }
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  } catch (error) {
    await floor?.stop();
    return {
      rows: [...rows, na(AREA, 'all pages', `Chromium did not start: ${(error as Error).message}`)],
      notes,
    };
  }
  const peers = peerTargets(process.env.BENCH_PEER);
  const targets = [
    ...(floor ? [{ name: FLOOR_NAME, url: `${floor.url}/` }] : []),
    ...peers,
    ...pages.map((page) => ({ name: page.name, url: `${options.baseUrl}${page.path}` })),
  ];
  const results = new Map<string, { runs: RunFigures[]; errors: string[] }>(
    targets.map((target) => [target.name, { runs: [], errors: [] }]),
  );
  const hosts: RunHost[] = [];
  const loadStart = loadText();
  try {
    // One interleaved loop: run r of every page (the floor first) before run r + 1 of any, so a burst of load
    // on a shared machine falls on every page alike and the differences to the floor stay readable.
    for (let run = 1; run <= options.runs; run++) {
      for (const target of targets) {
        const result = results.get(target.name)!;
        // A run that fails (Lighthouse's own NO_NAVSTART and the like, seen on a loaded machine) is tried once
        // more; the median is of the runs that succeeded, and the notes say how many failed.
        for (let attempt = 1; attempt <= 2; attempt++) {
          progress(`lighthouse ${target.name} run ${run}/${options.runs}${attempt > 1 ? ' (again)' : ''}`);
          try {
            const outcome = await lighthouse(target.url, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: [...CATEGORIES],
            });
            if (!outcome) throw new Error('no result');
            const lhr = outcome.lhr as unknown as Lhr;
            result.runs.push(figuresOf(lhr));
            if (lhr.environment) hosts.push(lhr.environment);
            break;
          } catch (error) {
            result.errors.push((error as Error).message.split('\n')[0]!);
          }
        }
      }
    }
  } finally {
    await chrome.kill();
    await floor?.stop();
  }
  const loadEnd = loadText();
  const floorRuns = results.get(FLOOR_NAME)?.runs ?? [];
  const floorMedian = (pick: (run: RunFigures) => number) =>
    floorRuns.length > 0 ? median(floorRuns.map(pick)) : Number.NaN;
  const floorTbt = floorMedian((run) => run.tbt);
  const floorPerformance = floorMedian((run) => run.scores.performance);
  const floorScript = floorMedian((run) => run.scriptEvaluation);
  const comparison: string[] = [];
  if (floorRuns.length > 0)
    comparison.push(
      `| floor (bare React Router page) | ${floorRuns.length} | ${fixed(floorTbt, 0)} | — | ${fixed(floorScript, 0)} | — | ${fixed(floorMedian((run) => run.lcp) / 1000, 2)} | ${fixed(
        floorMedian((run) => run.cls),
        3,
      )} | ${fixed(floorPerformance, 0)} | — |`,
    );
  for (const peer of peers) {
    const { runs, errors } = results.get(peer.name)!;
    if (runs.length === 0) {
      comparison.push(`| ${peer.name} (peer) | 0 | n/a: ${errors[0] ?? 'no run'} | | | | | | | |`);
      continue;
    }
    const m = (pick: (run: RunFigures) => number) => median(runs.map(pick));
    comparison.push(
      `| ${peer.name} (peer) | ${runs.length} | ${fixed(
        m((run) => run.tbt),
        0,
      )} | ${signed(m((run) => run.tbt) - floorTbt)} | ${fixed(
        m((run) => run.scriptEvaluation),
        0,
      )} | ${fixed(m((run) => run.scriptEvaluation) / floorScript, 1)}× | ${fixed(m((run) => run.lcp) / 1000, 2)} | ${fixed(
        m((run) => run.cls),
        3,
      )} | ${fixed(
        m((run) => run.scores.performance),
        0,
      )} | ${signed(m((run) => run.scores.performance) - floorPerformance)} |`,
    );
  }
  for (const page of pages) {
    const { runs, errors } = results.get(page.name)!;
    if (runs.length === 0) {
      rows.push(na(AREA, page.name, errors[0] ?? 'no run'));
      continue;
    }
    const url = `${options.baseUrl}${page.path}`;
    const m = (pick: (run: RunFigures) => number) => median(runs.map(pick));
    const n = runs.length;
    const score = (name: string, value: number, goal: number) =>
      pageRow(
        page.name,
        name,
        fixed(value, 0),
        goal === 100 ? '100' : `≥ ${goal}`,
        Math.round(value) >= goal,
      );
    const perf = m((run) => run.scores.performance);
    // Performance ≥ 95 is judged only where the floor scores ≥ 98: below that, the host is too slow to tell.
    rows.push({
      area: AREA,
      item: `${page.name} · performance`,
      figure: `${fixed(perf, 0)} (floor ${fixed(floorPerformance, 0)})`,
      goal: `≥ ${PERFORMANCE_GOAL} where the floor ≥ ${FLOOR_PERFORMANCE_FOR_VERDICT}`,
      verdict: verdict(
        Number.isNaN(floorPerformance) || Math.round(floorPerformance) < FLOOR_PERFORMANCE_FOR_VERDICT
          ? null
          : Math.round(perf) >= PERFORMANCE_GOAL,
      ),
    });
    rows.push(
      score(
        'accessibility',
        m((run) => run.scores.accessibility),
        100,
      ),
    );
    rows.push(
      score(
        'best practices',
        m((run) => run.scores['best-practices']),
        100,
      ),
    );
    const seo = m((run) => run.scores.seo);
    if (page.noindex) {
      const without = m((run) => run.seoWithoutCrawlable);
      const crawlable = runs.map((run) => run.crawlable);
      rows.push(
        pageRow(
          page.name,
          'SEO without is-crawlable',
          `${fixed(without, 0)} (${fixed(seo, 0)} with it; is-crawlable ${crawlable.every((c) => c === false) ? 'fails: noindex, deliberate' : crawlable.every((c) => c === true) ? 'passes' : 'mixed'})`,
          '100',
          Math.round(without) >= 100,
        ),
      );
    } else rows.push(score('SEO', seo, 100));
    const lcp = m((run) => run.lcp);
    const tbt = m((run) => run.tbt);
    const cls = m((run) => run.cls);
    const fcp = m((run) => run.fcp);
    const script = m((run) => run.scriptEvaluation);
    rows.push(pageRow(page.name, 'LCP', `${fixed(lcp / 1000, 2)} s`, '≤ 2.0 s', lcp <= 2000));
    rows.push({
      area: AREA,
      item: `${page.name} · TBT`,
      figure: `${fixed(tbt, 0)} ms (floor ${fixed(floorTbt, 0)} ms, +${fixed(tbt - floorTbt, 0)})`,
      goal: `≤ floor + ${TBT_OVER_FLOOR_MS} ms`,
      verdict: verdict(Number.isNaN(floorTbt) ? null : tbt <= floorTbt + TBT_OVER_FLOOR_MS),
    });
    rows.push(pageRow(page.name, 'CLS', fixed(cls, 3), '≤ 0.02', cls <= 0.02));
    rows.push(pageRow(page.name, 'FCP', `${fixed(fcp / 1000, 2)} s`, '≤ 1.5 s', fcp <= 1500));
    comparison.push(
      `| ${page.name} | ${n} | ${fixed(tbt, 0)} | ${signed(tbt - floorTbt)} | ${fixed(script, 0)} | ${fixed(script / floorScript, 1)}× | ${fixed(lcp / 1000, 2)} | ${fixed(cls, 3)} | ${fixed(perf, 0)} | ${signed(perf - floorPerformance)} |`,
    );
    matrix.push(
      `| ${page.name} | ${n} | ${fixed(perf, 0)} | ${fixed(
        m((run) => run.scores.accessibility),
        0,
      )} | ${fixed(
        m((run) => run.scores['best-practices']),
        0,
      )} | ${
        page.noindex
          ? `${fixed(
              m((run) => run.seoWithoutCrawlable),
              0,
            )}* (${fixed(seo, 0)})`
          : fixed(seo, 0)
      } | ${fixed(lcp / 1000, 2)} | ${fixed(tbt, 0)} | ${fixed(cls, 3)} | ${fixed(fcp / 1000, 2)} |`,
    );
    // The LCP element of the run closest to the median performance score.
    const typical = [...runs].sort(
      (a, b) => Math.abs(a.scores.performance - perf) - Math.abs(b.scores.performance - perf),
    )[0]!;
    const discovery = await lcpDiscovery(url, typical.lcpSnippet).catch((error: Error) => ({
      figure: `n/a: ${error.message}`,
      met: null,
    }));
    details.push({
      area: AREA,
      item: `${page.name} · LCP image in first 14 KB of HTML`,
      figure: discovery.figure,
      goal: '≤ 14 KB as sent (gzip)',
      verdict: verdict(discovery.met),
    });
    const failing = new Map<string, { title: string; category: string; weight: number; count: number }>();
    for (const run of runs) {
      for (const audit of run.failing) {
        const seen = failing.get(audit.id);
        if (seen) seen.count++;
        else failing.set(audit.id, { ...audit, count: 1 });
      }
    }
    notes.push(
      `**${page.name}** (\`${page.path}\`, median of ${n}${errors.length ? `; ${errors.length} attempt(s) failed: ${errors[0]}` : ''}):`,
    );
    if (typical.lcpSnippet) notes.push(`- LCP element: \`${typical.lcpSnippet.slice(0, 200)}\``);
    const sorted = [...failing].sort((x, y) => y[1].weight - x[1].weight);
    const scored = sorted.filter(([, audit]) => audit.weight > 0);
    const diagnostics = sorted.filter(([, audit]) => audit.weight === 0);
    if (failing.size === 0) notes.push('- no failing audits');
    for (const [id, audit] of scored) {
      notes.push(
        `- \`${id}\` — ${audit.title} (${audit.category}, weight ${fixed(audit.weight, 0)}; failed in ${audit.count}/${runs.length} runs)`,
      );
    }
    if (diagnostics.length > 0) {
      notes.push(
        `- not scored (weight 0) but flagged: ${diagnostics.map(([id, audit]) => `\`${id}\` ${audit.title} (${audit.count}/${runs.length})`).join('; ')}`,
      );
    }
    notes.push('');
  }
  if (!options.skipObserved) details.push(...(await observedTbt(options.baseUrl, options.runs, pages)));
  if (matrix.length > 0)
    notes.unshift(
      'Medians per page (* cart and search are noindex on purpose: SEO without the `is-crawlable` audit, with it in brackets):',
      '',
      '| Page | Runs | Performance | Accessibility | Best practices | SEO | LCP s | TBT ms | CLS | FCP s |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...matrix,
      '',
    );
  const indexes = hosts.map((host) => host.benchmarkIndex).filter(Number.isFinite);
  notes.unshift(
    `Each page next to the floor page, one interleaved loop of ${options.runs} Lighthouse mobile run(s) per page (medians; the floor: bench/floor, a bare React Router page of the same React and React Router with one image, a paragraph and a button${floor ? '' : `; **it did not run: ${floorError}**`}). Goals: TBT ≤ floor + ${TBT_OVER_FLOOR_MS} ms; performance ≥ ${PERFORMANCE_GOAL} wherever the floor scores ≥ ${FLOOR_PERFORMANCE_FOR_VERDICT}.`,
    '',
    `Host: Lighthouse \`benchmarkIndex\` ${indexes.length > 0 ? `${fixed(median(indexes), 0)} (median; ${fixed(Math.min(...indexes), 0)}–${fixed(Math.max(...indexes), 0)} over ${indexes.length} runs)` : 'n/a'}; CPU ${cpus()[0]?.model.trim() ?? 'unknown'} × ${cpus().length}; ${hosts[0]?.hostUserAgent ?? 'no user agent reported'}; load average (1, 5, 15 min) ${loadStart} at the start of the loop, ${loadEnd} at its end.`,
    '',
    '| Page | Runs | TBT ms | TBT − floor | Script evaluation ms | ÷ floor | LCP s | CLS | Performance | − floor |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...comparison,
    '',
  );
  return { rows, details, notes };
}

/**
 * Pages of a peer storefront installed beside ours (optional): BENCH_PEER="vendure product=http://…,vendure
 * category=http://…". They run in the same loop and show in the comparison table, without goals of their own.
 */
function peerTargets(setting: string | undefined): { name: string; url: string }[] {
  if (!setting) return [];
  return setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=');
      if (at <= 0) throw new Error(`BENCH_PEER entry without name=URL: ${entry}`);
      return { name: entry.slice(0, at).trim(), url: entry.slice(at + 1).trim() };
    });
}

const signed = (value: number) =>
  Number.isNaN(value) ? 'n/a' : `${value >= 0 ? '+' : '−'}${fixed(Math.abs(value), 0)}`;

/**
 * TBT as each page observes it under the same 4x CPU slowdown, with and without the DevTools Runtime domain
 * that Lighthouse enables (bench/page-tbt.ts explains the difference): information next to Lighthouse's goal.
 */
async function observedTbt(
  baseUrl: string,
  loads: number,
  pages: readonly (typeof LIGHTHOUSE_PAGES)[number][],
): Promise<Row[]> {
  progress(`observed TBT: ${pages.length} pages, ${loads} load(s) each with and without DevTools`);
  try {
    const observed = await observeLoads(
      pages.map((page) => `${baseUrl}${page.path}`),
      loads,
    );
    return pages.map((page) => {
      const { plain, runtime } = observed.get(`${baseUrl}${page.path}`)!;
      return {
        area: AREA,
        item: `${page.name} · TBT observed by the page (4x CPU), no DevTools / Runtime domain on`,
        figure: `${fixed(median(plain.map((load) => load.tbtMs)), 0)} ms / ${fixed(median(runtime.map((load) => load.tbtMs)), 0)} ms (median of ${loads})`,
        verdict: '',
      };
    });
  } catch (error) {
    return [na(AREA, 'TBT observed by the page', (error as Error).message)];
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // npx tsx bench/lighthouse.ts [--runs 5] [--quick] [--pages product,category,home] [--no-observed] [base URL]
  const { values, positionals } = parseArgs({
    options: {
      runs: { type: 'string' },
      quick: { type: 'boolean', default: false },
      pages: { type: 'string' },
      'no-observed': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const baseUrl = positionals.find((arg) => arg.startsWith('http')) ?? 'http://127.0.0.1:3000';
  const runs = values.runs ? Number(values.runs) : values.quick ? 1 : 5;
  const result = await lighthouseRuns({
    baseUrl,
    runs,
    pages: values.pages?.split(',').map((name) => name.trim()),
    skipObserved: values['no-observed'],
  });
  process.stdout.write(
    `${table(result.rows)}\n\n${table(result.details ?? [])}\n\n${result.notes.join('\n')}\n`,
  );
}

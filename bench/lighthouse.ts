/**
 * Lighthouse lab figures (issue 10): npm lighthouse 12 through its programmatic API, Debian's Chromium started
 * by chrome-launcher, the default (mobile) preset with its simulated throttling, `runs` runs per page on home,
 * category, product and cart; the median of each figure. Also: the failing audits (id and title, for the lead
 * to fix) and whether the LCP image's URL is in the first 14 KB of the page's HTML.
 * Goals: performance ≥ 95, accessibility, best practices and SEO 100; LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS ≤ 0.02.
 * Run by bench/run.ts; alone: `npx tsx bench/lighthouse.ts [--quick] [base URL]` against a running server.
 */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { fixed, median, type PartResult, progress, type Row, table, verdict } from './lib/report.ts';

export const LIGHTHOUSE_PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/en-us/c/snowshoes' },
  { name: 'product', path: '/en-us/p/ridgeline-summit-ascent-mens' },
  { name: 'cart', path: '/en-us/cart' },
] as const;

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
}

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
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
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
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

export async function lighthouseRuns(options: { baseUrl: string; runs: number }): Promise<PartResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  } catch (error) {
    return {
      rows: [
        {
          area: AREA,
          item: 'all pages',
          figure: `n/a: Chromium did not start: ${(error as Error).message}`,
          verdict: 'n/a',
        },
      ],
      notes,
    };
  }
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const url = `${options.baseUrl}${page.path}`;
      const runs: RunFigures[] = [];
      const errors: string[] = [];
      // A run that fails (Lighthouse's own NO_NAVSTART and the like, seen on a loaded machine) is tried once
      // more; the median is of the runs that succeeded, and the notes say how many failed.
      for (let run = 1; run <= options.runs; run++) {
        for (let attempt = 1; attempt <= 2; attempt++) {
          progress(`lighthouse ${page.name} run ${run}/${options.runs}${attempt > 1 ? ' (again)' : ''}`);
          try {
            const result = await lighthouse(url, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: [...CATEGORIES],
            });
            if (!result) throw new Error('no result');
            runs.push(figuresOf(result.lhr as unknown as Lhr));
            break;
          } catch (error) {
            errors.push((error as Error).message.split('\n')[0]!);
          }
        }
      }
      if (runs.length === 0) {
        rows.push({ area: AREA, item: page.name, figure: `n/a: ${errors[0] ?? 'no run'}`, verdict: 'n/a' });
        continue;
      }
      const m = (pick: (run: RunFigures) => number) => median(runs.map(pick));
      const perf = m((run) => run.scores.performance);
      const a11y = m((run) => run.scores.accessibility);
      const bp = m((run) => run.scores['best-practices']);
      const seo = m((run) => run.scores.seo);
      const lcp = m((run) => run.lcp);
      const tbt = m((run) => run.tbt);
      const cls = m((run) => run.cls);
      const n = `median of ${runs.length}`;
      rows.push({
        area: AREA,
        item: `${page.name} · scores (${n})`,
        figure: `performance ${fixed(perf, 0)} · accessibility ${fixed(a11y, 0)} · best practices ${fixed(bp, 0)} · SEO ${fixed(seo, 0)}`,
        goal: 'perf ≥ 95, others 100',
        verdict: verdict(perf >= 95 && a11y >= 100 && bp >= 100 && seo >= 100),
      });
      rows.push({
        area: AREA,
        item: `${page.name} · lab metrics (${n})`,
        figure: `LCP ${fixed(lcp / 1000, 2)} s · TBT ${fixed(tbt, 0)} ms · CLS ${fixed(cls, 3)}`,
        goal: 'LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS ≤ 0.02',
        verdict: verdict(lcp <= 2000 && tbt <= 100 && cls <= 0.02),
      });
      // The LCP element of the run closest to the median performance score.
      const typical = [...runs].sort(
        (a, b) => Math.abs(a.scores.performance - perf) - Math.abs(b.scores.performance - perf),
      )[0]!;
      const discovery = await lcpDiscovery(url, typical.lcpSnippet).catch((error: Error) => ({
        figure: `n/a: ${error.message}`,
        met: null,
      }));
      rows.push({
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
        `**${page.name}** (\`${page.path}\`, ${n}${errors.length ? `; ${errors.length} attempt(s) failed: ${errors[0]}` : ''}):`,
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
  } finally {
    await chrome.kill();
  }
  return { rows, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  const baseUrl = process.argv.slice(2).find((arg) => arg.startsWith('http')) ?? 'http://127.0.0.1:3000';
  const result = await lighthouseRuns({ baseUrl, runs: quick ? 1 : 5 });
  process.stdout.write(`${table(result.rows)}\n\n${result.notes.join('\n')}\n`);
}

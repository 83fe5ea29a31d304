/**
 * What a phone's main thread does while a page loads (issue 22: Total Blocking Time). Loads a page in Debian's
 * Chromium as Lighthouse's mobile device (412 × 823, 2.625x, CPU 4x slower), records a performance trace and
 * prints each task of the renderer's main thread longer than 50 ms (start and length in ms from navigation start),
 * with what it spent its time on: HTML parsing, style, layout, paint or script (and which script). Then the sum of
 * the parts over 50 ms of the tasks after the first contentful paint, the same rule as TBT (an observed figure
 * under the 4x slowdown, not Lighthouse's simulation, so compare runs of this script with each other only).
 *
 *   npx tsx bench/long-tasks.ts <page URL> [runs]        against a running server (`npm start`)
 *
 * Not part of `npm run bench`: it explains a TBT figure, it is not a goal of its own.
 */
import { chromium } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

const LONG_TASK_US = 50_000;
const KINDS = new Set([
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'MajorGC',
  'MinorGC',
]);

const [url, runsArgument] = process.argv.slice(2);
if (!url) {
  process.stderr.write('usage: npx tsx bench/long-tasks.ts <page URL> [runs]\n');
  process.exit(2);
}
const runs = Number(runsArgument ?? 1);

const ms = (microseconds: number) => (microseconds / 1000).toFixed(0);
const fileOf = (address: string) => address.split('/').pop()?.split('?')[0] ?? address;

/** The renderer main thread that parsed the page's HTML (the trace also has the browser's own). */
function pageThread(events: TraceEvent[]): { pid: number; tid: number } {
  const parses = new Map<string, number>();
  for (const event of events)
    if (event.name === 'ParseHTML') {
      const key = `${event.pid}:${event.tid}`;
      parses.set(key, (parses.get(key) ?? 0) + 1);
    }
  const [busiest] = [...parses.entries()].sort((a, b) => b[1] - a[1]);
  if (!busiest) throw new Error('the trace has no HTML parsing: did the page load?');
  const [pid, tid] = busiest[0].split(':').map(Number) as [number, number];
  return { pid, tid };
}

async function traceOnce(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading'],
    });
    await page.goto(url as string, { waitUntil: 'load' });
    // Hydration, its effects and the requests they start come after `load`.
    await page.waitForTimeout(5000);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      .traceEvents;
    const { pid, tid } = pageThread(events);
    const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === pid)?.ts;
    const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid)?.ts;
    const main = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X');
    const origin = navigation ?? main[0]?.ts ?? 0;
    const long = main
      .filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > LONG_TASK_US)
      .sort((a, b) => a.ts - b.ts);
    process.stdout.write(`first contentful paint at ${fcp === undefined ? '?' : ms(fcp - origin)} ms\n`);
    let blocking = 0;
    for (const task of long) {
      const end = task.ts + (task.dur ?? 0);
      const spent = new Map<string, number>();
      for (const event of main) {
        if (!KINDS.has(event.name) || event.ts < task.ts || event.ts + (event.dur ?? 0) > end) continue;
        const data = event.args?.data;
        const what = [event.name, data?.url ? fileOf(data.url) : '', data?.functionName ?? '']
          .filter(Boolean)
          .join(' ');
        spent.set(what, (spent.get(what) ?? 0) + (event.dur ?? 0));
      }
      const parts = [...spent.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([what, duration]) => `${what} ${ms(duration)}`)
        .join(', ');
      if (fcp !== undefined && task.ts >= fcp) blocking += (task.dur ?? 0) - LONG_TASK_US;
      process.stdout.write(
        `  @${ms(task.ts - origin)} ${ms(task.dur ?? 0)} ms: ${parts || '(not attributed)'}\n`,
      );
    }
    process.stdout.write(`blocking after first contentful paint: ${ms(blocking)} ms\n`);
  } finally {
    await browser.close();
  }
}

for (let run = 1; run <= runs; run++) {
  if (runs > 1) process.stdout.write(`run ${run}/${runs}\n`);
  await traceOnce();
}

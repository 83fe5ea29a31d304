/**
 * Total Blocking Time as the page itself observes it, with no DevTools domain that changes the figure (issue 22).
 *
 * Lighthouse, Playwright and DevTools all enable the DevTools `Runtime` domain. With it on, V8 records where every
 * new `Error` was made, and for that it works out the source positions of each function on the stack: on the first
 * such `Error` inside a large function it parses that function again. React DOM makes five `Error`s while its
 * module first runs (its internal Suspense and hydration signals), inside the bundle's largest functions: a trace
 * of the category page shows 100-140 ms (4x CPU) of `V8.CollectSourcePositions` inside the 125-180 ms task that
 * evaluates the scripts. A shopper's phone has no DevTools attached and never does that work.
 *
 * This speaks the DevTools protocol to Debian's Chromium over a pipe (`--remote-debugging-pipe`, no
 * dependency) and enables only `Page`, `Emulation` and `Target`: Lighthouse's mobile device (412 × 823 at 2.625x)
 * and its CPU slowdown (4x, applied, not simulated). The page records its own long tasks and first contentful
 * paint (PerformanceObserver) and writes them into its title, which the browser reports without `Runtime`.
 * TBT here is the sum of each long task's time over 50 ms after the first contentful paint, as Lighthouse's
 * definition, observed rather than simulated: compare it with itself and with Lighthouse's figure for the size of
 * the DevTools share, not as a replacement for Lighthouse's goal.
 *
 *   npx tsx bench/page-tbt.ts <page URL> [loads]    against a running server: both modes, `loads` each
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { median } from './lib/report.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LONG_TASK_MS = 50;
/** Long tasks and first paint settle within this after `load` (hydration and its effects come after it). */
const AFTER_LOAD_MS = 4000;
const TITLE_PREFIX = 'TBT;';

/** Runs in the page before its own scripts; reports through document.title (`TBT;fcp;start,duration;…`). */
const RECORDER = `(() => {
  const tasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(Math.round(entry.startTime) + ',' + Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('load', () => setTimeout(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    document.title = '${TITLE_PREFIX}' + Math.round(paint ? paint.startTime : -1) + ';' + tasks.join(';');
  }, ${AFTER_LOAD_MS}));
})();`;

export interface ObservedLoad {
  fcpMs: number;
  longTasks: Array<{ startMs: number; durationMs: number }>;
  tbtMs: number;
}

/** TBT by Lighthouse's rule: the part of each long task over 50 ms, for tasks that start after the first paint. */
export function blockingTime(fcpMs: number, longTasks: ObservedLoad['longTasks']): number {
  return longTasks
    .filter((task) => task.startMs >= fcpMs)
    .reduce((sum, task) => sum + Math.max(0, task.durationMs - LONG_TASK_MS), 0);
}

export function parseTitle(title: string): ObservedLoad | null {
  if (!title.startsWith(TITLE_PREFIX)) return null;
  const [fcp, ...tasks] = title.slice(TITLE_PREFIX.length).split(';');
  const fcpMs = Number(fcp);
  if (!Number.isFinite(fcpMs) || fcpMs < 0) return null;
  const longTasks = tasks
    .filter(Boolean)
    .map((task) => task.split(',').map(Number))
    .map(([startMs = 0, durationMs = 0]) => ({ startMs, durationMs }));
  return { fcpMs, longTasks, tbtMs: blockingTime(fcpMs, longTasks) };
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

/** One Chromium with the DevTools protocol on fds 3 (to it) and 4 (from it), messages ended by NUL. */
class PipeBrowser {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (m: Message) => void; reject: (e: Error) => void }>();
  private buffer = '';

  private constructor(
    private readonly child: ChildProcess,
    private readonly profile: string,
  ) {
    // A browser that does not start or dies mid-run fails what waits on it instead of hanging the bench.
    const fail = (why: string) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`Chromium ${why}`));
      this.pending.clear();
    };
    child.once('error', (error) => fail(`did not start: ${error.message}`));
    child.once('exit', (code) => fail(`exited (${code ?? 'signal'})`));
    (child.stdio[3] as Writable).on('error', (error) => fail(`pipe: ${error.message}`));
    const output = child.stdio[4] as Readable;
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let end = this.buffer.indexOf('\0'); end >= 0; end = this.buffer.indexOf('\0')) {
        const message = JSON.parse(this.buffer.slice(0, end)) as Message;
        this.buffer = this.buffer.slice(end + 1);
        const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
        if (waiting) {
          this.pending.delete(message.id!);
          if (message.error) waiting.reject(new Error(message.error.message));
          else waiting.resolve(message);
        }
      }
    });
  }

  static launch(): PipeBrowser {
    const profile = mkdtempSync(join(tmpdir(), 'ridgeline-page-tbt-'));
    const child = spawn(
      CHROMIUM,
      [
        '--headless=new',
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--remote-debugging-pipe',
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    return new PipeBrowser(child, profile);
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Message> {
    const id = ++this.nextId;
    const message = { id, method, params, ...(sessionId ? { sessionId } : {}) };
    return new Promise((resolve, reject) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        reject(new Error('Chromium is not running'));
        return;
      }
      this.pending.set(id, { resolve, reject });
      (this.child.stdio[3] as Writable).write(`${JSON.stringify(message)}\0`);
    });
  }

  /**
   * Stops the browser, then removes its profile (it writes there until it exits; its helper processes may still
   * write for a moment after, hence the retries on ENOTEMPTY).
   */
  async close(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill();
      await exited;
    }
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/**
 * One load of `url` in a fresh tab with Lighthouse's mobile device and 4x CPU slowdown; `runtime` turns the
 * DevTools Runtime domain on, as Lighthouse has it, to show its share.
 */
async function loadOnce(browser: PipeBrowser, url: string, runtime: boolean): Promise<ObservedLoad> {
  const created = await browser.send('Target.createTarget', { url: 'about:blank' });
  const targetId = created.result?.targetId as string;
  try {
    const attached = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    const session = attached.result?.sessionId as string;
    await browser.send('Page.enable', {}, session);
    if (runtime) await browser.send('Runtime.enable', {}, session);
    await browser.send(
      'Emulation.setDeviceMetricsOverride',
      { width: 412, height: 823, deviceScaleFactor: 2.625, mobile: true },
      session,
    );
    await browser.send('Emulation.setCPUThrottlingRate', { rate: 4 }, session);
    await browser.send('Page.addScriptToEvaluateOnNewDocument', { source: RECORDER }, session);
    await browser.send('Page.navigate', { url }, session);
    // The title is read from the browser's list of targets (Target domain), which needs nothing in the page.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const info = await browser.send('Target.getTargetInfo', { targetId });
      const observed = parseTitle((info.result?.targetInfo as { title?: string } | undefined)?.title ?? '');
      if (observed) return observed;
    }
    throw new Error(`${url}: the page did not report its long tasks within a minute`);
  } finally {
    await browser.send('Target.closeTarget', { targetId }).catch(() => undefined);
  }
}

export interface PageObservation {
  /** No DevTools domain that changes the page's work: as a shopper's phone loads it. */
  plain: ObservedLoad[];
  /** The DevTools Runtime domain on, as under Lighthouse. */
  runtime: ObservedLoad[];
}

/**
 * `loads` loads of each URL in each mode, one browser, the two modes alternating load by load so that whatever
 * else the machine does weighs on both alike.
 */
export async function observeLoads(urls: string[], loads: number): Promise<Map<string, PageObservation>> {
  const browser = PipeBrowser.launch();
  try {
    const results = new Map<string, PageObservation>();
    for (const url of urls) {
      const observation: PageObservation = { plain: [], runtime: [] };
      for (let load = 0; load < loads; load++) {
        observation.plain.push(await loadOnce(browser, url, false));
        observation.runtime.push(await loadOnce(browser, url, true));
      }
      results.set(url, observation);
    }
    return results;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, loads = '5'] = process.argv.slice(2);
  if (!url) {
    process.stderr.write('usage: npx tsx bench/page-tbt.ts <page URL> [loads]\n');
    process.exit(2);
  }
  const observation = (await observeLoads([url], Number(loads))).get(url)!;
  for (const mode of ['plain', 'runtime'] as const) {
    process.stdout.write(`${mode === 'plain' ? 'no DevTools domain' : 'Runtime domain on'}:\n`);
    for (const load of observation[mode])
      process.stdout.write(
        `  first contentful paint ${load.fcpMs} ms, TBT ${load.tbtMs} ms; long tasks: ${load.longTasks
          .map((task) => `@${task.startMs} ${task.durationMs}`)
          .join(' ')}\n`,
      );
    process.stdout.write(`  median TBT ${median(observation[mode].map((load) => load.tbtMs))} ms\n`);
  }
}

/**
 * Load generation: autocannon's own CLI in a child process pinned to its own core (`taskset -c 1`), so the
 * load generator never competes with the server it measures (pinned to core 0). Reads its --json result.
 */
import { resolve } from 'node:path';
import { pinned, ROOT, start } from './processes.ts';

const AUTOCANNON = resolve(ROOT, 'node_modules/autocannon/autocannon.js');

export interface LoadFigures {
  /** Every answer per second, a 503 refusal as much as a page. */
  rps: number;
  /** 2xx answers per second: the pages actually served. */
  served: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  duration: number;
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  core: number | null;
}): Promise<LoadFigures> {
  const [command, args] = pinned(options.core, process.execPath, [
    AUTOCANNON,
    '--json',
    '--connections',
    String(options.connections),
    '--duration',
    String(options.seconds),
    options.url,
  ]);
  const running = start(command, args);
  const code = await new Promise<number | null>((resolveExit) => {
    if (running.child.exitCode !== null) resolveExit(running.child.exitCode);
    running.child.once('exit', (exitCode) => resolveExit(exitCode));
  });
  const text = running.output();
  const jsonLine = text
    .split('\n')
    .reverse()
    .find((line) => line.trim().startsWith('{'));
  if (code !== 0 || !jsonLine) throw new Error(`autocannon failed (${code}): ${text.slice(-1000)}`);
  const result = JSON.parse(jsonLine) as AutocannonJson;
  return {
    rps: result.requests.average,
    served: (result.requests.total - result.non2xx) / Math.max(result.duration, options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** A warm-up run whose figures are thrown away, then the measured run. */
export async function warmThenLoad(options: {
  url: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  core: number | null;
}): Promise<LoadFigures> {
  await load({ ...options, seconds: options.warmupSeconds });
  return load(options);
}

/**
 * Child processes for the bench: pinned to a core with taskset, their output kept (and echoed to stderr as
 * progress when asked), stopped by their own pid only. Child bench scripts report through one final line
 * `BENCH_JSON {...}`; a script that prints none yields null, never an exception.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const TASKSET = '/usr/bin/taskset';
export { freePort } from '../../tests/support/server.ts';

/** The command line with `taskset -c <core>` in front when a core is given and taskset exists. */
export function pinned(core: number | null, command: string, args: string[]): [string, string[]] {
  if (core === null || !existsSync(TASKSET)) return [command, args];
  return [TASKSET, ['-c', String(core), command, ...args]];
}

export interface Running {
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

export function start(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; echo?: string; cwd?: string } = {},
): Running {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let partial = '';
  const take = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    // Keep memory bounded for chatty children (request logs): the tail is what explains a failure.
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
    if (options.echo) {
      partial += text;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) process.stderr.write(`  ${options.echo}| ${line}\n`);
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit(code ?? (signal ? 128 : null)));
    child.once('error', (error) => {
      output += `\n${error.message}`;
      resolveExit(127);
    });
  });
  return {
    child,
    output: () => output,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Waits until `ready()` holds, failing with the child's output when it exits or the time runs out. */
export async function waitFor(running: Running, ready: () => boolean | Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    if (await ready()) return;
    if (running.child.exitCode !== null)
      throw new Error(`exited with ${running.child.exitCode}:\n${running.output().slice(-3000)}`);
    if (Date.now() - started > timeoutMs)
      throw new Error(`not ready after ${timeoutMs / 1000} s:\n${running.output().slice(-3000)}`);
    await new Promise((resolveTimer) => setTimeout(resolveTimer, 250));
  }
}

export interface ScriptResult {
  code: number | null;
  output: string;
  json: Record<string, unknown> | null;
  timedOut: boolean;
}

/** Runs a bench script (tsx) to its end and reads its last `BENCH_JSON {...}` line. */
export async function runScript(
  script: string,
  env: Record<string, string>,
  options: { timeoutMs: number; label: string; core?: number | null },
): Promise<ScriptResult> {
  const [command, args] = pinned(options.core ?? null, process.execPath, [
    '--import',
    'tsx',
    resolve(ROOT, script),
  ]);
  const running = start(command, args, { env: { ...process.env, ...env }, echo: options.label });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void running.stop(5_000);
  }, options.timeoutMs);
  const code = await new Promise<number | null>((resolveExit) => {
    if (running.child.exitCode !== null) resolveExit(running.child.exitCode);
    running.child.once('exit', (exitCode) => resolveExit(exitCode));
  });
  clearTimeout(timer);
  return { code, output: running.output(), json: parseBenchJson(running.output()), timedOut };
}

export function parseBenchJson(output: string): Record<string, unknown> | null {
  const lines = output.split('\n').filter((line) => line.startsWith('BENCH_JSON '));
  const last = lines.at(-1);
  if (!last) return null;
  try {
    const value = JSON.parse(last.slice('BENCH_JSON '.length)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** CPU seconds a process has used (user + system), from /proc; NaN where /proc is missing. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until a started server has finished its start-up work (our server and the services wrapper index the
 * catalogue for search after they listen, for a minute or more with 10,000 products): idle means under 5% of
 * a core over two consecutive seconds. Measuring before that would measure the indexer.
 */
export async function waitIdle(running: Running, timeoutMs: number): Promise<number> {
  const pid = running.child.pid;
  const started = Date.now();
  if (!pid || !Number.isFinite(cpuSeconds(pid))) return 0;
  let quiet = 0;
  let last = cpuSeconds(pid);
  while (quiet < 2) {
    if (running.child.exitCode !== null) throw new Error(`exited with ${running.child.exitCode}`);
    if (Date.now() - started > timeoutMs) break;
    await new Promise((resolveTimer) => setTimeout(resolveTimer, 1000));
    const now = cpuSeconds(pid);
    quiet = now - last < 0.05 ? quiet + 1 : 0;
    last = now;
  }
  return (Date.now() - started) / 1000;
}

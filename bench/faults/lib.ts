/**
 * Shared pieces of the fault and load scripts (bench/faults, issue 10): options, temporary PostgreSQL
 * databases, server processes, load generation and figures. Each script prints its own figures; nothing here
 * asserts timings.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { collectOutput, exitOf, freePort, ROOT } from '../../tests/support/server.ts';

export { freePort } from '../../tests/support/server.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function say(line = '') {
  process.stdout.write(`${line}\n`);
}

export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** Common options: `--quick`, the PostgreSQL to use (`--pg-host`, `--pg-port`, `--pg-user`, `--pg-password`). */
export function options<T extends Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>>(
  extra: T,
  defaults: { pgPort?: string } = {},
) {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      'pg-host': { type: 'string', default: '127.0.0.1' },
      'pg-port': { type: 'string', default: defaults.pgPort ?? '5432' },
      'pg-user': { type: 'string', default: 'ridgeline' },
      'pg-password': { type: 'string', default: 'ridgeline' },
      ...extra,
    },
    strict: true,
    allowPositionals: false,
  });
  return values as Record<string, string | boolean | undefined>;
}

export interface PgTarget {
  host: string;
  port: number;
  user: string;
  password: string;
}

export function pgTargetFrom(values: Record<string, string | boolean | undefined>): PgTarget {
  return {
    host: String(values['pg-host']),
    port: Number(values['pg-port']),
    user: String(values['pg-user']),
    password: String(values['pg-password']),
  };
}

export function pgUrl(target: PgTarget, database: string, port = target.port): string {
  return `postgres://${encodeURIComponent(target.user)}:${encodeURIComponent(target.password)}@${target.host}:${port}/${database}`;
}

export async function adminQuery(target: PgTarget, text: string, values: unknown[] = []) {
  const client = new pg.Client({
    connectionString: pgUrl(target, 'postgres'),
    connectionTimeoutMillis: 5000,
  });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

export interface TempDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

const cleanups = new Set<() => Promise<void>>();
let cleaningUp = false;
async function cleanupAll() {
  if (cleaningUp) return;
  cleaningUp = true;
  for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void cleanupAll().finally(() => process.exit(130));
  });

/** Runs `cleanup` at the end, also on Ctrl-C; returns the function that runs (and forgets) it now. */
export function onCleanup(cleanup: () => Promise<void>): () => Promise<void> {
  const once = async () => {
    if (!cleanups.delete(once)) return;
    await cleanup();
  };
  cleanups.add(once);
  return once;
}

/** A fresh database `ridgeline_fault_<hex>`, dropped by `drop()` (or on Ctrl-C). */
export async function tempDatabase(target: PgTarget): Promise<TempDatabase> {
  const name = `ridgeline_fault_${randomBytes(5).toString('hex')}`;
  await adminQuery(target, `create database ${name}`);
  const drop = onCleanup(async () => {
    await adminQuery(target, `drop database if exists ${name} with (force)`);
  });
  return { name, url: pgUrl(target, name), drop };
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  output(): string;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

let snapshotRoot: string | null = null;

/**
 * A private copy of the project (build, server, app, seed, migrations; node_modules linked) that the servers
 * run from. Other work rebuilds build/ and edits files meanwhile; a run of several minutes must not see a
 * half-written build. Copied under a shared hold of the build lock, so never in the middle of a build.
 */
export function projectSnapshot(): string {
  if (snapshotRoot) return snapshotRoot;
  const root = mkdtempSync(join(tmpdir(), 'ridgeline-fault-root-'));
  onCleanup(async () => rmSync(root, { recursive: true, force: true }));
  const parts = [
    'build',
    'server',
    'core',
    'app',
    'seed',
    'drizzle',
    'public',
    'package.json',
    'tsconfig.json',
  ];
  // The lock is also held through long browser-test runs that only read build/. A build folder whose files
  // are all there and unchanged for a minute, before and after the copy, is not being written: copy it then.
  const newest = () =>
    Number(
      execFileSync('sh', ['-c', "find build -type f -printf '%T@\\n' 2>/dev/null | sort -n | tail -1"], {
        cwd: ROOT,
        encoding: 'utf8',
      }) || Number.NaN,
    );
  const complete = () =>
    existsSync(join(ROOT, 'build/server/index.js')) && existsSync(join(ROOT, 'build/client/assets'));
  for (let attempt = 0; ; attempt++) {
    try {
      execFileSync('flock', ['-s', '-w', '20', '/tmp/ridgeline-build.lock', 'cp', '-a', ...parts, root], {
        cwd: ROOT,
        stdio: 'ignore',
      });
      break;
    } catch {
      const before = newest();
      if (complete() && Date.now() / 1000 - before > 60) {
        execFileSync('cp', ['-a', ...parts, root], { cwd: ROOT, stdio: 'ignore' });
        if (newest() === before && complete()) break;
      }
      if (attempt > 30) throw new Error('build/ stayed busy for ten minutes; run again later.');
      execFileSync('sh', ['-c', `rm -rf "${root}"/* && sleep 1`]);
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  if (!existsSync(join(root, 'build/server/index.js')))
    throw new Error('No build in build/: run `npm run build` first.');
  snapshotRoot = root;
  return root;
}

/** The built server as its own process (from the project snapshot), resolved once it listens. */
export async function startServer(
  env: Record<string, string>,
  options: { port?: number; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-fault-'));
  const root = projectSnapshot();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'fatal',
      // As `npm start` runs it: React's development build renders several times slower.
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const started = Date.now();
  while (!output().includes('Ridgeline is running at')) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${output().slice(-3000)}`);
    if (Date.now() - started > (options.timeoutMs ?? 180_000))
      throw new Error(`server did not start:\n${output().slice(-3000)}`);
    await sleep(100);
  }
  const stopNow = onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exitOf(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    child,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = exitOf(child);
        child.kill(signal);
        await exited;
      }
      await stopNow();
      return child.exitCode;
    },
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Established TCP connections from `pid` to a port (ss), e.g. the server's PostgreSQL connections. */
export function connectionsTo(pid: number, port: number): number {
  try {
    const out = execFileSync('ss', ['-Htnp', 'state', 'established', `( dport = :${port} )`], {
      encoding: 'utf8',
    });
    return out.split('\n').filter((line) => line.includes(`pid=${pid},`)).length;
  } catch {
    return Number.NaN;
  }
}

// autocannon ships no types; the part used here.
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonInstance extends Promise<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  stop(): void;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections?: number;
  duration?: number;
  amount?: number;
  overallRate?: number;
  timeout?: number;
  headers?: Record<string, string>;
  requests?: { method?: string; path?: string; headers?: Record<string, string> }[];
}) => AutocannonInstance;

export interface LoadResult {
  seconds: number;
  requests: number;
  rps: number;
  /** Latencies (ms) of 2xx answers and of all answers. */
  served: { p50: number; p99: number; count: number };
  all: { p50: number; p99: number };
  status: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  /** Base URL of the server; `paths` are requested in turn by each connection. */
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
  /** Requests per second over all connections (autocannon overallRate); unset for as fast as possible. */
  rate?: number;
  timeoutSeconds?: number;
  headers?: Record<string, string>;
  /** Each answer as it comes (status, latency ms). */
  onAnswer?(status: number, ms: number): void;
}

/** autocannon against the server, with per-status counts and the latency of the answers that were served. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const served: number[] = [];
  const all: number[] = [];
  const started = performance.now();
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    overallRate: options.rate,
    timeout: options.timeoutSeconds ?? 30,
    headers: options.headers,
    requests: options.paths.map((path) => ({ method: 'GET', path })),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    all.push(ms);
    if (status >= 200 && status < 400) served.push(ms);
    options.onAnswer?.(status, ms);
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  const status: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) status[code] = stats.count;
  return {
    seconds,
    requests: all.length,
    rps: all.length / seconds,
    served: { p50: percentile(served, 50), p99: percentile(served, 99), count: served.length },
    all: { p50: percentile(all, 50), p99: percentile(all, 99) },
    status,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export function statusLine(status: Record<string, number>): string {
  return Object.entries(status)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
}

/** The production build the servers run; the scripts never build (builds share build/, see the brief). */
export function requireBuild() {
  projectSnapshot();
}

/** Runs a script's main and ends the process with its code, cleaning temporary databases and servers. */
export function runMain(main: () => Promise<boolean>) {
  main()
    .then(
      (ok) => {
        process.exitCode = ok ? 0 : 1;
      },
      (error: unknown) => {
        process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exitCode = 1;
      },
    )
    .finally(async () => {
      await cleanupAll();
      // autocannon and pg may leave sockets open for a while: the figures are printed, end now.
      process.exit(process.exitCode ?? 0);
    });
}

/** The value of the input named `name` in a page's HTML (either attribute order). */
export function formField(html: string, name: string): string | undefined {
  return new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`)
    .exec(html)
    ?.slice(1)
    .find((value) => value !== undefined);
}

/** A shopper's session (GET /api/session): its cookie and csrf token. */
export async function shopperSession(
  base: string,
  headers: Record<string, string> = {},
): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${base}/api/session`, { headers });
  if (response.status !== 200) {
    await response.arrayBuffer();
    throw new Error(`session ${response.status}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith('rl_session='))
    ?.split(';')[0];
  const { data } = (await response.json()) as { data: { csrfToken: string } };
  if (!cookie) throw new Error('GET /api/session set no rl_session cookie');
  return { cookie, csrf: data.csrfToken };
}

/** The address every bench shopper ships to (Bend, Oregon), as the checkout form's fields. */
export const BENCH_ADDRESS = {
  ship_address1: '1 Bench Road',
  ship_city: 'Bend',
  ship_state_or_province: 'OR',
  ship_postal_code: '97701',
  ship_country_code: 'US',
};

/**
 * The checkout form a shopper with a cart would post, read from their checkout page (csrf, idempotency key,
 * expected subtotal, the first shipping and payment methods), a new address filled in.
 */
export async function checkoutForm(
  base: string,
  cookie: string,
  shopper: { email: string; firstName: string; lastName: string },
): Promise<URLSearchParams> {
  const page = await fetch(`${base}/en-us/checkout`, { headers: { cookie }, redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`checkout page ${page.status}`);
  const form = new URLSearchParams({
    csrf: formField(html, 'csrf') ?? '',
    idempotency_key: formField(html, 'idempotency_key') ?? '',
    expected_subtotal: formField(html, 'expected_subtotal') ?? '',
    email: shopper.email,
    address_choice: 'new',
    ship_first_name: shopper.firstName,
    ship_last_name: shopper.lastName,
    ...BENCH_ADDRESS,
    shipping_method: formField(html, 'shipping_method') ?? '',
    billing_same: '1',
    payment_method: formField(html, 'payment_method') ?? 'bank_transfer',
  });
  if (!form.get('idempotency_key') || !form.get('csrf') || !form.get('shipping_method'))
    throw new Error('the checkout page lacks its csrf, idempotency key or shipping methods');
  return form;
}

/**
 * What a checkout post was answered: an order, sold out (the shopper sent back to the cart with the reason, or a
 * 409 sold-out answer), another refusal, shed (503), another status, or no answer at all (`lost`).
 */
export type CheckoutOutcome = 'order' | 'sold-out' | 'refused' | '503' | 'other' | 'lost';

export interface CheckoutAnswer {
  outcome: CheckoutOutcome;
  status: number;
  orderId?: number;
  ms: number;
}

/**
 * Posts a checkout form. `via`: `document`, a form post answered with a redirect or a page (no JavaScript), or
 * `data`, as the hydrated page posts it (React Router's single fetch: the action's answer, a redirect named in
 * the body).
 */
export async function postCheckout(
  base: string,
  cookie: string,
  form: URLSearchParams,
  options: { via?: 'document' | 'data'; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CheckoutAnswer> {
  const started = performance.now();
  const via = options.via ?? 'document';
  try {
    const response = await fetch(`${base}/en-us/checkout${via === 'data' ? '.data' : ''}`, {
      method: 'POST',
      headers: { ...options.headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    const body = await response.text();
    const ms = performance.now() - started;
    const status = response.status;
    const target =
      status >= 300 && status < 400
        ? (response.headers.get('location') ?? '')
        : via === 'data' && status < 300
          ? body
          : '';
    const placed = /\/checkout\/confirmation\/(\d+)/.exec(target);
    if (placed) return { outcome: 'order', status, orderId: Number(placed[1]), ms };
    if (/\/cart\?notice=sold-out/.test(target) || (status === 409 && /sold out/i.test(body)))
      return { outcome: 'sold-out', status, ms };
    if (status === 503) return { outcome: '503', status, ms };
    if ((status >= 400 && status < 500) || /\/cart\?notice=/.test(target))
      return { outcome: 'refused', status, ms };
    return { outcome: 'other', status, ms };
  } catch {
    return { outcome: 'lost', status: 0, ms: performance.now() - started };
  }
}

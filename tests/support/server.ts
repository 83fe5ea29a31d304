import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'ridgeline-e2e-'));
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** Sends a signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs the built server (as `npm start` does after building) and resolves once it listens. */
export function runServerProcess(env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    // Production React, as `npm start` runs it (vitest itself sets NODE_ENV=test).
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // On a shared, loaded test machine a render can take far longer than in production: the test server waits
      // its turn rather than refusing (admission control's 503s have their own tests).
      ADMISSION_QUEUE: '1000',
      ADMISSION_MAX_WAIT_MS: '60000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function collectOutput(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return () => output;
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolveExit) => child.once('exit', (code) => resolveExit(code)));
}

export async function startServer(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? tempDataDir();
  const child = runServerProcess({ PORT: String(port), DATA_DIR: dataDir, ...options.env });
  const output = collectOutput(child);
  await new Promise<void>((resolveReady, reject) => {
    // A busy machine may need longer (E2E_SERVER_START_MS); a server that did not start is stopped, not left behind.
    const timer = setTimeout(
      () => {
        child.kill('SIGKILL');
        reject(new Error(`server did not start:\n${output()}`));
      },
      Number(process.env.E2E_SERVER_START_MS ?? 60_000),
    );
    const check = () => {
      if (output().includes('Ridgeline is running at')) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      const exited = exitOf(child);
      child.kill(signal);
      return exited;
    },
  };
}

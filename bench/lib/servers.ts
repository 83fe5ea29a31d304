/**
 * The servers the bench measures, each a child process pinned to one core: our server (server/main.ts, as
 * `npm start` runs it) with the page cache on or off (react-router-serve runs only beside the floor page,
 * bench/floor/, and by hand through bench/lib/serve-with-services.ts: decision 0045).
 * Also: the build (rebuilt only when older than its sources, as `npm start` decides) and the seeded data folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, pinned, ROOT, type Running, start, waitFor } from './processes.ts';
import { progress } from './report.ts';

const BUNDLE = join(ROOT, 'build/server/index.js');
// The same list scripts/start.mjs watches.
const SOURCES = [
  'app',
  'core',
  'server',
  'public',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIsStale(): boolean {
  return (
    !existsSync(BUNDLE) ||
    statSync(BUNDLE).mtimeMs < Math.max(...SOURCES.map((source) => newestMtime(join(ROOT, source))))
  );
}

export function ensureBuild(): void {
  if (!buildIsStale()) {
    progress('build/ is up to date');
    return;
  }
  progress('build/ is older than its sources: npx react-router build');
  const built = spawnSync('npx', ['react-router', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`react-router build failed (${built.status})`);
}

/**
 * Seeds `into` (a new temporary folder when not given) with the demo store and `products` generated products
 * (about a minute for 10,000).
 */
export function seedDataDir(products: number, into?: string): string {
  const dataDir = into ?? mkdtempSync(join(tmpdir(), 'ridgeline-bench-data-'));
  progress(`seeding ${dataDir} with the demo store + ${products} products`);
  const started = Date.now();
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'server/seed/seed-cli.ts'), '--products', String(products)],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (seeded.status !== 0) throw new Error('seeding failed');
  progress(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return dataDir;
}

export interface Served {
  name: string;
  url: string;
  running: Running;
  stop(): Promise<void>;
}

const reachable = (url: string) => async () => {
  try {
    await (await fetch(url)).arrayBuffer();
    return true;
  } catch {
    return false;
  }
};

async function serve(
  name: string,
  script: string[],
  env: Record<string, string>,
  core: number | null,
  readyPath: string,
): Promise<Served> {
  const port = await freePort();
  const [command, args] = pinned(core, process.execPath, script);
  const running = start(command, args, {
    // NODE_ENV=production for every contender: React and React Router take their production paths.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  // A large catalogue takes a while to open and index: allow minutes, not seconds.
  await waitFor(running, reachable(`${url}${readyPath}`), 600_000);
  return { name, url, running, stop: async () => void (await running.stop()) };
}

export function startRidgeline(options: { dataDir: string; pageCache: boolean; core: number | null }) {
  return serve(
    options.pageCache ? 'ridgeline (page cache on)' : 'ridgeline (PAGE_CACHE=false)',
    ['--import', 'tsx', join(ROOT, 'server/main.ts')],
    { DATA_DIR: options.dataDir, PAGE_CACHE: String(options.pageCache) },
    options.core,
    '/healthz',
  );
}

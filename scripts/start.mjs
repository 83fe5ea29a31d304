// `npm start`: build when the build is missing or older than the sources, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// React Router 8 needs Node 22.22 or later: say so in one line rather than fail deep in a build.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  process.stderr.write(
    `Ridgeline needs Node 22.22 or later (24 or 26 recommended, .nvmrc names the one CI runs); this is ${process.version}.\n`,
  );
  process.exit(1);
}

const root = resolve(import.meta.dirname, '..');
const bundle = join(root, 'build/server/index.js');
const SOURCES = [
  'app',
  'core',
  'server',
  'public',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const stale =
  !existsSync(bundle) ||
  statSync(bundle).mtimeMs < Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
if (stale) {
  process.stdout.write('Building the storefront…\n');
  const built = spawnSync('npx', ['react-router', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// React picks its build from process.env.NODE_ENV when first imported: production unless told otherwise, set before
// the server's imports load React (the development build renders pages several times slower).
process.env.NODE_ENV ??= 'production';

// Run the server in this process (TypeScript through tsx), so signals reach it directly.
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');

// No storefront page ships a byte of the back office (issue 19, decision 0006): for every route outside /admin,
// the chunks a page of it loads (entry, root, its parent routes and its own modules, with every chunk they import
// statically or dynamically) must hold no module of app/routes/admin, app/components/backoffice, app/lib/backoffice or
// the back office's stylesheet. Reads React Router's manifest (as js-budget.mjs) and build/client-chunks.json
// (what each chunk holds, written by scripts/client-chunk-modules.ts during the build). Runs in `check:budgets`.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const BACK_OFFICE =
  /^app\/(routes\/admin|components\/backoffice|lib\/backoffice)\/|^app\/styles\/admin\.css$/;
const isAdminRoute = (id) => id.startsWith('routes/admin/');

const chunksFile = join(root, 'build/client-chunks.json');
if (!existsSync(chunksFile)) {
  process.stderr.write(
    'storefront-chunks: build/client-chunks.json is missing: run `npm run build` first.\n',
  );
  process.exit(1);
}
const chunks = JSON.parse(readFileSync(chunksFile, 'utf8'));
const { assets } = await import(pathToFileURL(join(root, 'build/server/index.js')).href);

const fileOf = (url) => url.replace(/^\//, '');
const MODULE_KEYS = [
  'module',
  'clientActionModule',
  'clientLoaderModule',
  'clientMiddlewareModule',
  'hydrateFallbackModule',
];

/** Every chunk a page of the route may load, with the chunk that first led to it (for the report). */
function chunkGraph(routeId) {
  const start = [assets.entry.module, ...assets.entry.imports];
  for (let id = routeId; id; id = assets.routes[id]?.parentId) {
    const route = assets.routes[id];
    for (const key of MODULE_KEYS) if (route[key]) start.push(route[key]);
    start.push(...(route.imports ?? []));
  }
  const seen = new Map(start.map((url) => [fileOf(url), null]));
  const queue = [...seen.keys()];
  while (queue.length) {
    const file = queue.shift();
    const chunk = chunks[file];
    if (!chunk)
      throw new Error(`storefront-chunks: ${file} is not in build/client-chunks.json (stale build?)`);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
      if (!seen.has(next)) {
        seen.set(next, file);
        queue.push(next);
      }
    }
  }
  return seen;
}

const adminModules = (file) => chunks[file].modules.filter((module) => BACK_OFFICE.test(module));

// The check must see what it looks for: the back office's own routes hold its modules.
const adminRoutes = Object.keys(assets.routes).filter(isAdminRoute);
const seenInAdmin = adminRoutes.some((id) =>
  [...chunkGraph(id).keys()].some((file) => adminModules(file).length),
);
if (adminRoutes.length === 0 || !seenInAdmin) {
  process.stderr.write(
    'storefront-chunks: no back-office module found in the /admin routes: the check is blind.\n',
  );
  process.exit(1);
}

const leaks = [];
const storefront = Object.keys(assets.routes).filter((id) => !isAdminRoute(id));
for (const id of storefront) {
  for (const [file, via] of chunkGraph(id)) {
    for (const module of adminModules(file))
      leaks.push(`${id}: ${file}${via ? ` (loaded by ${via})` : ''} holds ${module}`);
  }
}
if (leaks.length) {
  process.stderr.write(
    `storefront-chunks: storefront routes ship back-office code:\n  ${leaks.join('\n  ')}\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `storefront-chunks: ${storefront.length} storefront routes load no back-office module (${adminRoutes.length} /admin routes checked apart)\n`,
);

/**
 * What React Router's route matching costs per request (issue 42: React Router 8 "cheaper route matching"):
 * `npx tsx bench/route-matching.ts` after `npm run build`. Rebuilds the route tree the server build declares (every
 * route of app/routes.ts) and times `matchRoutes` from the installed react-router over the storefront's and back
 * office's typical addresses, in microseconds per match (median of rounds). Decision 0029's profile put route
 * matching at 0.8 ms of a category page's CPU, which includes the per-request route tree this leaves out.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

const ROOT = resolve(import.meta.dirname, '..');
const { version } = JSON.parse(
  readFileSync(resolve(ROOT, 'node_modules/react-router/package.json'), 'utf8'),
) as { version: string };
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const PER_ROUND = Number(process.env.PER_ROUND ?? 100);
const PATHS = [
  '/',
  '/de-de',
  '/en-us/c/snowshoes',
  '/en-us/c/snowshoes/mens',
  '/de-de/p/ridgeline-summit-ascent-mens',
  '/en-us/search',
  '/en-us/cart',
  '/fr-fr/blog/choosing-snowshoes',
  '/en-us/account/orders',
  '/admin/orders',
  '/no-such-page/at-all',
];

const build = (await import(pathToFileURL(resolve(ROOT, 'build/server/index.js')).href)) as ServerBuild;
const manifest = Object.values(build.routes).filter((route) => route !== undefined);

function tree(parentId: string | undefined): RouteObject[] {
  return manifest
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
}
const routes = tree(undefined);

const perMatch: number[] = [];
let matched = 0;
for (let round = 0; round < ROUNDS; round++) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < PER_ROUND; i++) {
    for (const path of PATHS) if (matchRoutes(routes, path)) matched++;
  }
  perMatch.push(Number(process.hrtime.bigint() - started) / 1_000 / (PER_ROUND * PATHS.length));
}
perMatch.sort((a, b) => a - b);
const median = perMatch[Math.floor(perMatch.length / 2)] ?? 0;
process.stdout.write(
  `react-router ${version}, node ${process.version}: ${manifest.length} routes, ${PATHS.length} addresses, ` +
    `${median.toFixed(2)} µs per match (median of ${ROUNDS} rounds; ${matched} matches)\n`,
);
process.stdout.write(
  `BENCH_JSON ${JSON.stringify({ reactRouter: version, routes: manifest.length, matchMicros: median })}\n`,
);

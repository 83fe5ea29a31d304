// JavaScript budget per route (issue 10): the gzip size of every script a page of that route loads (entry,
// root, its parent routes and its own module with their imports), read from the build's own manifest. Runs in
// `npm test` after the build and fails when a route grows past its budget. Deterministic: bytes, not time.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const budgets = JSON.parse(readFileSync(join(root, 'scripts/js-budgets.json'), 'utf8'));
const build = await import(pathToFileURL(join(root, 'build/server/index.js')).href);
const { assets } = build;

const sizes = new Map();
const gzipKb = (file) => {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(root, 'build/client', file.replace(/^\//, '')));
    sizes.set(file, gzipSync(bytes, { level: 9 }).length / 1024);
  }
  return sizes.get(file);
};

const chain = (id) => {
  const ids = [];
  for (let current = id; current; current = assets.routes[current]?.parentId) ids.unshift(current);
  return ids;
};

const rows = [];
let failed = false;
for (const id of Object.keys(assets.routes)) {
  if (id === 'root') continue;
  const files = new Set([assets.entry.module, ...assets.entry.imports]);
  for (const routeId of chain(id)) {
    const route = assets.routes[routeId];
    if (route.module) files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const kb = [...files].reduce((sum, file) => sum + gzipKb(file), 0);
  const budget = budgets.routes[id] ?? budgets.default;
  const over = kb > budget;
  failed ||= over;
  rows.push({ route: id, kb, budget, over });
}
rows.sort((a, b) => b.kb - a.kb);
for (const row of rows) {
  const mark = row.over ? 'OVER' : 'ok';
  process.stdout.write(
    `${mark.padEnd(5)} ${row.route.padEnd(34)} ${row.kb.toFixed(1).padStart(7)} KB gzip (budget ${row.budget} KB)\n`,
  );
}
if (failed) {
  process.stderr.write('js-budget: a route grew past its JavaScript budget (scripts/js-budgets.json).\n');
  process.exit(1);
}

/**
 * Where a page's server time goes (issue 7): `tsx bench/page-queries.ts` with DATA_DIR pointing at a seeded
 * folder (PGlite) and a fresh build. Runs the real HTTP app in this process with the page cache off, renders each
 * page a few times, and prints per request the number of SQL statements, their total time and the slowest ones.
 * A diagnostic, not a benchmark: timings include the logging.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { readBuildInfo } from '../server/build-info.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { createHttpApp } from '../server/http/app.ts';
import { parseRedirectRules } from '../server/http/legacy-redirects.ts';
import { createServices } from '../server/services.ts';

// Run with NODE_ENV=production in the environment: React picks its build when first imported, before this line.
if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production');
const ROOT = resolve(import.meta.dirname, '..');
const PATHS = (
  process.env.PATHS ?? '/en-us/country,/,/en-us/c/snowshoes,/en-us/p/ridgeline-summit-ascent-mens'
).split(',');
const ROUNDS = Number(process.env.ROUNDS ?? 5);

interface Logged {
  sql: string;
  ms: number;
}
let log: Logged[] | null = null;
// Every statement of both drivers' PGlite path goes through query() or exec(); time them while a page renders.
for (const method of ['query', 'exec'] as const) {
  const original = PGlite.prototype[method] as (...args: unknown[]) => Promise<unknown>;
  (PGlite.prototype as unknown as Record<string, unknown>)[method] = async function (
    this: PGlite,
    ...args: unknown[]
  ) {
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      log?.push({ sql: String(args[0]).replace(/\s+/g, ' ').slice(0, 160), ms: performance.now() - started });
    }
  };
}

const config = loadConfig({ ...process.env, PAGE_CACHE: 'false', LOG_LEVEL: 'warn' });
const database = await openDatabase(config);
const bundle = resolve(ROOT, 'build/server/index.js');
const build = (await import(pathToFileURL(bundle).href)) as ServerBuild;
const services = createServices({
  config,
  logger: pino({ level: 'warn' }),
  db: database.db,
  build: readBuildInfo(bundle),
});
const redirects = parseRedirectRules(
  JSON.parse(readFileSync(resolve(ROOT, 'seed/redirects/legacy.json'), 'utf8')),
);
const app = createHttpApp({ services, database, build, clientDir: resolve(ROOT, 'build/client'), redirects });

try {
  for (const path of PATHS) {
    for (let round = 0; round < ROUNDS; round++) {
      log = [];
      const started = performance.now();
      const response = await app.fetch(new Request(`http://127.0.0.1${path}`));
      await response.text();
      const total = performance.now() - started;
      const entries = log;
      log = null;
      const sqlMs = entries.reduce((sum, entry) => sum + entry.ms, 0);
      process.stdout.write(
        `${path} #${round} ${response.status}: ${total.toFixed(1)} ms, ${entries.length} statements, ${sqlMs.toFixed(1)} ms in SQL (overlapping)\n`,
      );
      if (round === ROUNDS - 1) {
        const grouped = new Map<string, { n: number; ms: number }>();
        for (const entry of entries) {
          const slot = grouped.get(entry.sql) ?? { n: 0, ms: 0 };
          slot.n++;
          slot.ms += entry.ms;
          grouped.set(entry.sql, slot);
        }
        for (const [sql, slot] of [...grouped].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
          process.stdout.write(
            `   ${String(slot.n).padStart(3)}× ${slot.ms.toFixed(1).padStart(6)} ms  ${sql}\n`,
          );
      }
    }
  }
} finally {
  await database.close();
  process.exit(0);
}

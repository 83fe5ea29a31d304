import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { PGlite } from '@electric-sql/pglite';
let stmts = 0;
for (const m of ['query','exec','execProtocol','execProtocolRaw']) { const o = (PGlite.prototype as any)[m]; if (!o) continue; (PGlite.prototype as any)[m] = function (...a: any[]) { stmts++; if (stmts < 60 && process.env.TRACE) console.log(m, String(a[0]).slice(0, 120)); return o.apply(this, a); }; }
import { readBuildInfo } from '../server/build-info.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { createHttpApp } from '../server/http/app.ts';
import { parseRedirectRules } from '../server/http/legacy-redirects.ts';
const ROOT = '/work/main';
const config = loadConfig({ ...process.env, PAGE_CACHE: 'false', LOG_LEVEL: 'warn' });
const database = await openDatabase(config);
const bundle = resolve(ROOT, 'build/server/index.js');
const build = await import(pathToFileURL(bundle).href);
const services: any = { config, logger: pino({ level: 'warn' }), database, db: database.db, build: readBuildInfo(bundle) };
const redirects = parseRedirectRules(JSON.parse(readFileSync(resolve(ROOT, 'seed/redirects/legacy.json'), 'utf8')));
const app = createHttpApp({ services, build, clientDir: resolve(ROOT, 'build/client'), redirects });
const t0r = performance.now(); await services.search.ready(); console.log('search ready after', (performance.now()-t0r).toFixed(0), 'ms');
if (process.env.TRACE) { const d = services.content.client.delivery; const o = d.request; d.request = async (path: string, params: any, policy: any) => { const t = performance.now(); const size = d.cacheSize; const r = await o(path, params, policy); console.log('content', path, params?.locale, JSON.stringify(params?.query ?? {}).slice(0, 80), 'policy', policy, (performance.now() - t).toFixed(1), 'ms', d.cacheSize !== size ? 'STORED' : ''); return r; }; }
const N = Number(process.env.N ?? 100);
for (const path of (process.env.PATHS ?? '/en-us/country,/,/en-us/c/snowshoes,/en-us/p/ridgeline-summit-ascent-mens').split(',')) {
  for (let i = 0; i < 20; i++) await (await app.fetch(new Request(`http://127.0.0.1${path}`))).text();
  stmts = 0; const cpu0 = process.cpuUsage(); const t0 = performance.now(); let bytes = 0;
  for (let i = 0; i < N; i++) bytes = (await (await app.fetch(new Request(`http://127.0.0.1${path}`))).text()).length;
  const cpu = process.cpuUsage(cpu0); const wall = performance.now() - t0;
  console.log(`${path.padEnd(40)} cpu ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms/req  wall ${(wall / N).toFixed(2)} ms/req  html ${bytes} B  calls/req ${(stmts / N).toFixed(1)}`);
}
await database.close(); process.exit(0);

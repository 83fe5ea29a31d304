import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { demoStaffActive } from './backoffice/demo-staff.ts';
import { readBuildInfo } from './build-info.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DatabaseUnreachableError, openDatabase } from './db/database.ts';
import { goLiveWarnings } from './go-live-settings.ts';
import { createHttpApp } from './http/app.ts';
import { parseRedirectRules } from './http/legacy-redirects.ts';
import { publishedRedirectRules } from './http/published-redirects.ts';
import { generatedKeysLine, keepDeliveryKeys } from './keys/keep-delivery-keys.ts';
import { isEmpty, seedDemoStore } from './seed/seed.ts';
import { createServices, stopBackgroundWork } from './services.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_BUNDLE = resolve(ROOT, 'build/server/index.js');
const CLIENT_DIR = resolve(ROOT, 'build/client');
const REDIRECT_RULES = resolve(ROOT, 'seed/redirects/legacy.json');

/** Known start-up failures end in one line a person can act on, and exit code 1. */
function fail(message: string): never {
  process.stderr.write(`ridgeline: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = pino({ level: config.LOG_LEVEL, base: { pid: process.pid } });

  if (!existsSync(SERVER_BUNDLE))
    fail('No build found in build/. Run `npm run build` first (npm start does it).');

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseUnreachableError || error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  await database.migrate();
  if (config.SEED_ON_EMPTY && (await isEmpty(database.db))) {
    logger.info('empty database: seeding the demo store');
    await seedDemoStore(database.db);
  }
  const keys = await keepDeliveryKeys(database.db, config, process.env);
  config = keys.config;

  const build = (await import(pathToFileURL(SERVER_BUNDLE).href)) as ServerBuild;
  const services = createServices({ config, logger, db: database.db, build: readBuildInfo(SERVER_BUNDLE) });
  for (const warning of goLiveWarnings(config, keys.generated, await demoStaffActive(database.db)))
    logger.warn(`before going live: ${warning}`);
  // The published redirect_rules entry; the seed file's rules while none is published.
  const redirects = publishedRedirectRules({
    content: services.content.client,
    db: database.db,
    fallback: parseRedirectRules(JSON.parse(readFileSync(REDIRECT_RULES, 'utf8'))),
    onError: (error) => logger.error({ err: error }, 'legacy redirect rules: read failed, keeping the last'),
  });
  const app = createHttpApp({ services, database, build, clientDir: CLIENT_DIR, redirects });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }) as Server;
  // A client (a browser, a proxy, a test's request context) reuses an idle connection; with Node's 5 s default the
  // server may close it just as the client sends on it, and that request fails with ECONNRESET (seen once in CI
  // on a POST after 6 s idle). Closing idle connections later than clients and proxies usually do (60 s) leaves
  // the closing to them.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('error', (error: NodeJS.ErrnoException) => {
    void database.close();
    if (error.code === 'EADDRINUSE') fail(`Port ${config.PORT} is already in use; set PORT to a free port.`);
    fail(`Cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`);
  });
  server.on('listening', () => {
    const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
    process.stdout.write(`Ridgeline is running at http://${shownHost}:${config.PORT} (${database.kind})\n`);
    if (keys.generated.length > 0) {
      process.stdout.write(`${generatedKeysLine(config, keys.generated)}\n`);
    }
    logger.info({ port: config.PORT, database: database.kind, build: services.build.id }, 'listening');
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    stopBackgroundWork(services);
    const force = setTimeout(() => {
      logger.warn('shutdown timeout: closing remaining connections');
      server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // close() stops accepting and waits for in-flight requests; idle keep-alive sockets are closed now.
    server.close(async () => {
      try {
        // Confirmations of orders just answered are written before the database goes (else retried at start).
        await services.commerce.orderAnnouncements.settled();
        await database.close();
        logger.info('stopped');
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'error while closing the database');
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main();

import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { loadConfig } from '#server/config.ts';
import { type DatabaseHandle, openPglite } from '#server/db/database.ts';
import { createHttpApp } from '#server/http/app.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import { createServices, type Services, stopBackgroundWork } from '#server/services.ts';
import { freePort, ROOT, tempDataDir } from './server.ts';

export interface InProcessServer {
  url: string;
  services: Services;
  database: DatabaseHandle;
  stop(): Promise<void>;
}

/**
 * The built store served from the test's own process, on an in-memory PGlite with the demo store: for browser
 * tests that change data through a service (as the server itself would) and then look at the pages.
 */
export async function startInProcessServer(env: Record<string, string> = {}): Promise<InProcessServer> {
  const [port, database] = await Promise.all([freePort(), openPglite(null)]);
  await database.migrate();
  await seedDemoStore(database.db);
  const dataDir = tempDataDir();
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // As in server.ts: on a loaded test machine, wait for a turn rather than be refused.
    ADMISSION_QUEUE: '1000',
    ADMISSION_MAX_WAIT_MS: '60000',
    ...env,
  });
  const build = (await import(pathToFileURL(join(ROOT, 'build/server/index.js')).href)) as ServerBuild;
  const services = createServices({
    config,
    logger: pino({ level: 'warn' }),
    db: database.db,
    build: { id: 'in-process', timestamp: Date.now() },
  });
  const app = createHttpApp({ services, database, build, clientDir: join(ROOT, 'build/client') });
  const server = await new Promise<Server>((resolve) => {
    const listening = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
      resolve(listening as Server),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    database,
    async stop() {
      // Every timer first (the order confirmations' retry runs each minute), as server/main.ts does: one left
      // set would meet the closed PGlite and log it as an error.
      stopBackgroundWork(services);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await services.commerce.orderAnnouncements.settled();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

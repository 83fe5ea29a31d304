/**
 * The "stock react-router-serve" yardstick, made able to render our pages. A plain `react-router-serve
 * ./build/server/index.js` answers 500 on every page: the root loader reads the services (database, commerce,
 * content, search) from React Router's context, and react-router-serve has no way to put them there. This file
 * is react-router-serve's own server (@react-router/serve 7.18.4 cli.js: express, compression, express.static
 * for build/client and public, morgan "tiny" request log, @react-router/express's request handler), line for
 * line, plus the one thing it lacks: a `getLoadContext` that hands the loaders the same services our server
 * builds. It is NOT our Hono app: no page cache, no locale middleware, no API routes.
 *
 *   PORT=3000 DATA_DIR=… node --import tsx bench/lib/serve-with-services.ts
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
// @ts-expect-error compression ships no types here
import compression from 'compression';
// @ts-expect-error express ships no types here (@types/express is not installed)
import express from 'express';
// @ts-expect-error morgan ships no types here
import morgan from 'morgan';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { readBuildInfo } from '../../server/build-info.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { loadContextFactory } from '../../server/http/load-context.ts';
import { createServices } from '../../server/services.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = resolve(ROOT, 'build/server/index.js');

process.env.NODE_ENV = process.env.NODE_ENV ?? 'production';
const config = loadConfig(process.env);
const database = await openDatabase(config);
await database.migrate();
const services = createServices({
  config,
  logger: pino({ level: config.LOG_LEVEL }),
  db: database.db,
  build: readBuildInfo(BUNDLE),
});
services.search.start();

const build = (await import(pathToFileURL(BUNDLE).href)) as ServerBuild;
const loadContext = loadContextFactory(build);
const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use('/assets', express.static(resolve(ROOT, 'build/client/assets'), { immutable: true, maxAge: '1y' }));
app.use('/', express.static(resolve(ROOT, 'build/client')));
app.use(express.static('public', { maxAge: '1h' }));
app.use(morgan('tiny'));
app.all(
  '*',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (request) => loadContext(services, { clientIp: request.ip ?? '' }),
  }),
);
const server = app.listen(config.PORT, config.HOST, () => {
  process.stdout.write(`[serve-with-services] http://${config.HOST}:${config.PORT}\n`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    services.search.stop();
    server.close(() => {
      void database.close().then(() => process.exit(0));
    });
    server.closeAllConnections();
  });
}

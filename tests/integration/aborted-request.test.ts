import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createContext, type ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestFacts } from '#app/lib/router/load-context.ts';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createHttpApp } from '#server/http/app.ts';
import { createServices, type Services } from '#server/services.ts';
import { listen } from '../security/harness.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 42 #7: a client that closes its connection in the middle of a page render (a load generator stopping, a
 * browser leaving) is logged as an aborted request, never as a 500 "request failed" or any other error line.
 *
 * The real HTTP app on a loopback socket, with a React Router build of one page whose loader takes its time
 * (the production build is made after the unit tests; this one needs none).
 */
interface LogLine {
  level: number;
  msg: string;
  path?: string;
  status?: number;
  aborted?: boolean;
}

let loaderStarted: () => void = () => {};

function slowPageBuild(): ServerBuild {
  const servicesContext = createContext<Services>();
  const requestFactsContext = createContext<RequestFacts>({ clientIp: '' });
  const route = (id: string, path: string | undefined, parentId: string | undefined, loader?: unknown) => ({
    id,
    path,
    parentId,
    module: { default: () => null, ...(loader ? { loader } : {}) },
  });
  // Waits as a slow render does; when the client goes away, React Router ends the request (a 500 before #7).
  const slowLoader = async ({ request }: { request: Request }) => {
    loaderStarted();
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 1500);
      request.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
    return { done: true };
  };
  const asset = (id: string, parentId?: string) => ({
    id,
    parentId,
    module: `/${id}.js`,
    hasLoader: id !== 'root',
    hasAction: false,
    hasClientLoader: false,
    hasClientAction: false,
    hasErrorBoundary: false,
    imports: [],
  });
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) =>
          new Response('<!doctype html><p>slow page</p>', { status, headers }),
        servicesContext,
        requestFactsContext,
        // The page renders no image: the bundle's media base has nothing to point at.
        configureMediaBaseUrl: () => {},
      },
    },
    routes: {
      root: route('root', '', undefined),
      'routes/slow': route('routes/slow', ':lang/slow', 'root', slowLoader),
    },
    assets: {
      entry: { module: '/entry.js', imports: [] },
      routes: { root: asset('root'), 'routes/slow': asset('routes/slow', 'root') },
      url: '/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: tmpdir(),
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial' },
    basename: '/',
  } as unknown as ServerBuild;
}

describe('a request whose client went away', () => {
  const lines: LogLine[] = [];
  let database: DatabaseHandle;
  let dataDir: string;
  let server: { url: string; close(): Promise<void> };
  let services: Services;

  beforeAll(async () => {
    database = await openSeeded(testDatabaseTargets[0]!);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-aborted-'));
    services = createServices({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', SEARCH_SYNC_INTERVAL_MS: '0' }),
      logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) }),
      db: database.db,
      build: { id: 'aborted', timestamp: 0 },
    });
    server = await listen(createHttpApp({ services, database, build: slowPageBuild() }));
  });
  afterAll(async () => {
    services?.search.stop();
    services?.commerce.saleSchedule.stop();
    await server?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is logged as aborted, with no error line', async () => {
    const started = new Promise<void>((resolve) => {
      loaderStarted = resolve;
    });
    const { port } = new URL(server.url);
    const request = httpRequest({ host: '127.0.0.1', port, path: '/en-us/slow', method: 'GET' });
    request.on('error', () => {});
    request.end();
    await started;
    request.destroy();
    await vi.waitFor(() => expect(lines.filter((line) => line.path === '/en-us/slow')).toHaveLength(1));
    expect(lines.find((line) => line.path === '/en-us/slow')).toMatchObject({
      level: 30,
      msg: 'request aborted',
      aborted: true,
    });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('is still served in full when it stays', async () => {
    const response = await fetch(`${server.url}/en-us/slow`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('slow page');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import pino from 'pino';
import type { Commerce } from '#server/commerce/index.ts';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createHttpApp } from '#server/http/app.ts';
import { createServices, type Services } from '#server/services.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * The real HTTP app of server/http/app.ts (security headers, blocklist, rate limits, /api, /cms, /media,
 * sitemaps; no page renderer, which needs a production build and is covered in tests/e2e/security.e2e.ts)
 * on a seeded in-memory database, built from settings exactly as the server builds it.
 */
export interface SecurityApp {
  app: Hono;
  services: Services;
  database: DatabaseHandle;
  /** The built-in engine behind the port, whose internals (reset tokens, lookups by email) the checks reach. */
  commerce: Commerce;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** PGlite always; the security suite checks behaviour, not the database, so one target is enough. */
export const target = testDatabaseTargets[0]!;

export async function openSecurityApp(env: Record<string, string> = {}): Promise<SecurityApp> {
  const handle = await openSeeded(target);
  const dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-security-'));
  const services = createServices({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEARCH_SYNC_INTERVAL_MS: '0', ...env }),
    logger: pino({ level: 'silent' }),
    db: handle.db,
    build: { id: 'security', timestamp: 0 },
  });
  const app = createHttpApp({ services, database: handle });
  return {
    app,
    services,
    database: handle,
    commerce: services.commerce as Commerce,
    handle,
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app on a real loopback socket, so the client IP is the peer's address as in production. */
export async function listen(app: Hono): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  region?: string | null;
}

/**
 * A tiny browser on the app: keeps cookies (by name, as a browser would for one site), sends the csrf token
 * it was handed and the region header. `base` is an origin to call over a socket, else app.request.
 */
export class Client {
  cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(
    readonly app: Hono,
    readonly options: { base?: string; headers?: Record<string, string>; region?: string } = {},
  ) {}

  async call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...this.options.headers, ...options.headers };
    const region = options.region === undefined ? (this.options.region ?? 'us') : options.region;
    if (region !== null) headers.region = region;
    if (method !== 'GET' && this.csrfToken) headers['csrf-token'] = this.csrfToken;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const init = { method, headers, body, redirect: 'manual' as const };
    const response = this.options.base
      ? await fetch(`${this.options.base}${path}`, init)
      : await this.app.request(path, init);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async json(method: string, path: string, options: CallOptions = {}) {
    const response = await this.call(method, path, options);
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    // biome-ignore lint/suspicious/noExplicitAny: answers are inspected loosely in tests
    return { status: response.status, body: body as any, headers: response.headers, text };
  }

  async start(): Promise<this> {
    const { body } = await this.json('GET', '/api/session');
    this.csrfToken = body.data.csrfToken;
    return this;
  }

  async login(email: string, pw: string) {
    if (!this.csrfToken) await this.start();
    const result = await this.json('POST', '/api/customers/login', { body: { email, pw } });
    if (result.status !== 200) throw new Error(`login failed: ${result.text}`);
    this.csrfToken = result.body.meta.csrfToken;
    return result.body.data as { id: number; email: string; customer_group_id: number; isPro: boolean };
  }
}

export const DEMO = {
  standard: { email: 'hannah.miller@example.com', pw: 'Snowshoe-Demo-2026' },
  pro: { email: 'pro.guide@example.com', pw: 'Pro-Guide-2026' },
  employee: { email: 'employee@example.com', pw: 'Ridgeline-Staff-2026' },
};

/** Text that must never reach a client: stack frames, source paths, internal messages. */
export const LEAK = /\bat [\w$.<>]+ \(|node_modules|\/work\/|server\/[\w/-]+\.ts|Error: |stack/i;

import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import pino from 'pino';
import { type AccountLimits, type Commerce, createCommerce } from '#server/commerce/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createApiRouter } from '#server/http/api/index.ts';
import type { ApiOptions } from '#server/http/api/support.ts';
import { blocklist } from '#server/http/middleware/blocklist.ts';
import { createSessionCart } from '#server/sessions/session-cart.ts';
import { createSessions, type Sessions } from '#server/sessions/sessions.ts';
import { openSeeded, type TestDatabaseTarget } from '../support/test-databases.ts';

/**
 * A Hono app wired like server/http/app.ts (security headers, blocklist, /api router, JSON 404) on a real,
 * seeded database, and a tiny browser that keeps cookies and the csrf token.
 */
export interface ApiHarness {
  handle: DatabaseHandle;
  commerce: Commerce;
  sessions: Sessions;
  app: Hono;
  browser(options?: { ip?: string; region?: string }): TestBrowser;
  close(): Promise<void>;
}

export const RATE_LIMITS: AccountLimits = {
  windowSeconds: 600,
  loginPerIp: 40,
  loginPerEmail: 5,
  signupPerIp: 30,
  signupPerEmail: 3,
};

export async function openApi(
  target: TestDatabaseTarget,
  overrides: Partial<ApiOptions> = {},
): Promise<ApiHarness> {
  const handle = await openSeeded(target);
  const sessions = createSessions(handle.db);
  const commerce = createCommerce(handle.db, { accountLimits: RATE_LIMITS, sessions });
  const logger = pino({ level: 'silent' });
  const app = new Hono();
  app.use(secureHeaders({ xFrameOptions: 'DENY' }));
  app.use(
    blocklist({
      blockedIps: ['198.51.100.66'],
      blockedUrlSubstrings: ['.php', 'wp-', '-wp', 'sleep(', 'select('],
      blockedUserAgents: ['sleep(', 'select('],
      internalIps: ['10.0.0.1'],
      trustProxy: true,
    }),
  );
  app.route(
    '/api',
    createApiRouter({
      commerce,
      sessions,
      sessionCart: createSessionCart({ carts: commerce.carts, sessions, logger }),
      logger,
      trustProxy: true,
      geo: { countryHeaders: ['cf-ipcountry', 'cloudfront-viewer-country'] },
      ...overrides,
    }),
  );
  app.all('/api/*', (c) => c.json({ status: 404, title: 'Not Found' }, 404));
  return {
    handle,
    commerce,
    sessions,
    app,
    browser: (options) => new TestBrowser(app, options?.ip ?? '203.0.113.10', options?.region ?? 'us'),
    close: () => handle.close(),
  };
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  region?: string | null;
  csrf?: boolean;
}

export class TestBrowser {
  cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(
    readonly app: Hono,
    readonly ip: string,
    public region: string,
  ) {}

  /** GET /api/session: the session cookie and the csrf token, as the page would hand them over. */
  async start(): Promise<this> {
    const response = await this.call('GET', '/api/session');
    this.csrfToken = (await response.json()).data.csrfToken;
    return this;
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers };
    const region = options.region === undefined ? this.region : options.region;
    if (region !== null) headers.region = region;
    if (method !== 'GET' && options.csrf !== false && this.csrfToken) headers['csrf-token'] = this.csrfToken;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await this.app.request(path, { method, headers, body });
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
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  async login(email: string, pw: string) {
    if (!this.csrfToken) await this.start();
    const result = await this.json('POST', '/api/customers/login', { body: { email, pw } });
    if (result.status !== 200) throw new Error(`login failed: ${JSON.stringify(result.body)}`);
    return result.body.data as { id: number; email: string };
  }
}

export const DEMO = {
  standard: { email: 'hannah.miller@example.com', pw: 'Snowshoe-Demo-2026' },
  pro: { email: 'pro.guide@example.com', pw: 'Pro-Guide-2026' },
  employee: { email: 'employee@example.com', pw: 'Ridgeline-Staff-2026' },
};

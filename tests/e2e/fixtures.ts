import { rmSync } from 'node:fs';
import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import type { StaffRole } from '#core/staff-permissions.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { DEMO_SHOPPER, shopperCookie } from '../support/shopper.ts';
import { type StaffClient, signInInBrowser, staffClient } from '../support/staff.ts';
import { seededDataDir } from './seeded-template.ts';

/**
 * The browser suite's fixtures (Playwright's own runner). Every test file runs against a store of its own: a
 * built server on a fresh embedded database, started the first time a test of the file needs it and stopped
 * when the file is done. A file names its store with `ownStoreFor(import.meta.url, env)`: the file's address is
 * a worker option, so two files never share a worker, a server or its data, and what one file changes cannot
 * decide another file's result.
 */
export interface StoreOptions {
  /** The file the store belongs to (its import.meta.url); empty when the file starts its own servers. */
  file: string;
  /** Settings of this file's server, on top of the test defaults (e.g. PAGE_CACHE: 'false'). */
  env?: Record<string, string>;
}

/** A page of a fresh browser context with its page errors and console errors collected. */
export interface ObservedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

interface WorkerFixtures {
  storeOptions: StoreOptions;
  /** Starts this file's store once (lazily: a file that never asks for it starts none). */
  startStore: () => Promise<RunningServer>;
  /** This file's running store (the built server on its own data folder). */
  store: RunningServer;
}

interface TestFixtures {
  /** Page errors and console errors of the test's `page`: a shopper should meet none. */
  pageErrors: string[];
  /** Opens another shopper (a fresh context at `width` px, en-US unless `options` say otherwise), closed after the test. */
  openShopper: (width?: number, options?: BrowserContextOptions) => Promise<ObservedPage>;
  /** The test's `page`, signed in as the README's demo customer. */
  customerPage: Page;
  /** Signs the test's `page` in as the demo staff member of `role` (the owner with a TOTP code). */
  signInStaff: (role: StaffRole) => Promise<Page>;
  /** An HTTP client signed in as the demo staff member of `role` (or none), as a browser without JavaScript. */
  staffHttp: (role: StaffRole | null) => Promise<StaffClient>;
}

function observe(context: BrowserContext, page: Page): ObservedPage {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  storeOptions: [{ file: '' }, { scope: 'worker', option: true }],
  startStore: [
    async ({ storeOptions }, use) => {
      let running: Promise<RunningServer> | undefined;
      await use(() => {
        if (!storeOptions.file)
          throw new Error('This file has no store of its own: call ownStoreFor(import.meta.url) at its top.');
        // A store on PostgreSQL seeds its own database; an embedded one starts from a copy of the run's seeded one.
        running ??= startServer({
          env: storeOptions.env,
          dataDir: storeOptions.env?.DATABASE_URL ? undefined : seededDataDir(),
        });
        return running;
      });
      if (running) {
        const server = await running;
        await server.stop();
        // Each store's data folder (~100 MB of PGlite) is the worker's own: left behind, a few hundred runs
        // filled this machine's disk.
        rmSync(server.dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  store: [
    async ({ startStore }, use) => {
      await use(await startStore());
    },
    // A busy machine may need longer to start a server (E2E_SERVER_START_MS, as startServer waits).
    { scope: 'worker', timeout: Number(process.env.E2E_SERVER_START_MS ?? 60_000) + 30_000 },
  ],
  // Relative addresses (page.goto('/en-us')) go to this file's store; a file that starts its own servers has none.
  baseURL: [
    async ({ storeOptions, startStore }, use) => {
      await use(storeOptions.file ? (await startStore()).url : undefined);
    },
    { scope: 'test', timeout: Number(process.env.E2E_SERVER_START_MS ?? 60_000) + 30_000 },
  ],
  pageErrors: async ({ page }, use) => {
    await use(observe(page.context(), page).errors);
  },
  openShopper: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (width = 1440) => {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: 'en-US',
        baseURL,
      });
      contexts.push(context);
      return observe(context, await context.newPage());
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  customerPage: async ({ page, store }, use) => {
    const cookie = await shopperCookie(store.url, DEMO_SHOPPER);
    const { hostname } = new URL(store.url);
    await page.context().addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), domain: hostname, path: '/' };
      }),
    );
    await use(page);
  },
  signInStaff: async ({ page, store }, use) => {
    await use(async (role) => {
      await signInInBrowser(page, store.url, role);
      return page;
    });
  },
  staffHttp: async ({ store }, use) => {
    await use((role) => staffClient(store.url, role));
  },
});

/** Gives the calling test file a store of its own, started with `env` on top of the test defaults. */
export function ownStoreFor(file: string, env?: Record<string, string>): void {
  test.use({ storeOptions: { file, env } });
}

export { expect };

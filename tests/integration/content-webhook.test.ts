import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCacheVersions } from '#server/cache/data-version.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import {
  type ContentServices,
  createContentService,
  createContentServices,
  createContentStore,
} from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * A hosted content service's changes move the store's content data version through POST /api/webhooks/content,
 * as a publication in the built-in service does through its triggers: the page cache and the content client's
 * cache follow it (issue 44 #4).
 */

const SECRET = 'a-webhook-secret-of-at-least-32-characters';
const API_KEY = 'blt-hosted-stack';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const publication = (overrides: Record<string, unknown> = {}) => ({
  module: 'entry',
  api_key: API_KEY,
  event: 'publish',
  triggered_at: '2026-12-07T11:00:00.000Z',
  data: {
    entry: { uid: 'blt-entry', title: 'Winter banner', locale: 'en-us' },
    content_type: { uid: 'banner' },
    environment: { name: 'production', uid: 'blt-env' },
    locale: { code: 'en-us' },
    status: 'success',
    action: 'publish',
  },
  ...overrides,
});

describe.each(testDatabaseTargets)('the hosted content webhook on $name', (target) => {
  let handle: DatabaseHandle;
  let content: ContentServices;
  let app: Hono;
  let requestsToHost = 0;
  const realFetch = globalThis.fetch;

  const contentVersion = async () => {
    const result = (await handle.db.execute(
      sql`select version from data_versions where scope = 'content'`,
    )) as unknown as { rows: Array<{ version: string | number }> };
    return Number(result.rows[0]?.version ?? 0);
  };

  const notify = (body: unknown, authorization: string | null = basic('contentstack', SECRET)) =>
    app.request('/api/webhooks/content', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    handle = await openMigrated(target);
    const config = loadConfig({
      CONTENT_BASE_URL: 'https://hosted-content.example',
      CONTENT_API_KEY: API_KEY,
      CONTENT_WEBHOOK_SECRET: SECRET,
      CONTENT_CACHE_TTL_MS: '3600000',
    });
    content = createContentServices({ config, db: handle.db });
    // The hosted service, as the content client reaches it: every answer counted.
    globalThis.fetch = (async () => {
      requestsToHost++;
      return Response.json({ entries: [{ uid: 'brand', title: 'Ridgeline', shopping: true }], count: 1 });
    }) as typeof fetch;
    // Mounted as server/http/app.ts mounts it.
    app = new Hono().route('/api', content.webhooks);
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await handle?.close();
  });

  it('moves the content version on a publication, and the page cache and the content cache follow', async () => {
    const pages = pageCacheVersions(handle.db);
    await pages.dataVersion();
    const cachedAt = pages.changes.now();
    await content.client.brandSettings('en-us');
    await content.client.brandSettings('en-us');
    expect(requestsToHost).toBe(1);
    const before = await contentVersion();

    const response = await notify(publication());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ moved: true });
    expect(await contentVersion()).toBe(before + 1);

    // A hosted service's webhook names no entry (no publication row here), so every cached page is stale
    // (decision 0050): the page cache's clock moves everything on its next look.
    await expect
      .poll(async () => {
        await pages.dataVersion();
        return pages.changes.fresh([], cachedAt);
      })
      .toBe(false);
    // The cached answer was kept under the old version: the next read asks the hosted service again.
    await content.client.brandSettings('en-us');
    expect(requestsToHost).toBe(2);
  });

  it.each([
    ['unpublish', 'entry'],
    ['delete', 'asset'],
    ['deploy', 'release'],
  ])('moves it on %s of an %s too', async (event, module) => {
    const before = await contentVersion();
    const response = await notify(publication({ event, module }));
    expect(response.status).toBe(200);
    expect(await contentVersion()).toBe(before + 1);
  });

  it('refuses a missing or wrong secret with 401, moving nothing', async () => {
    const before = await contentVersion();
    for (const authorization of [
      null,
      basic('contentstack', 'a-webhook-secret-of-at-least-32-characterz'),
      basic(SECRET, ''),
      `Bearer ${SECRET}`,
    ]) {
      const response = await notify(publication(), authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
    }
    expect(await contentVersion()).toBe(before);
  });

  it('refuses a malformed notification with 400 naming the field, and another stack with 422', async () => {
    const before = await contentVersion();
    const notJson = await notify('{"module":');
    expect(notJson.status).toBe(400);
    const noEvent = await notify({ module: 'entry', api_key: API_KEY });
    expect(noEvent.status).toBe(400);
    expect(((await noEvent.json()) as { detail: string }).detail).toMatch(/^event: /);
    const otherStack = await notify(publication({ api_key: 'blt-someone-else' }));
    expect(otherStack.status).toBe(422);
    expect(await contentVersion()).toBe(before);
  });

  it('leaves the version alone for a draft saved or a publication to another environment (202)', async () => {
    const before = await contentVersion();
    const draft = await notify(publication({ event: 'update' }));
    expect(draft.status).toBe(202);
    expect(await draft.json()).toEqual({ moved: false, reason: 'not-delivered' });
    const staging = await notify(
      publication({ data: { environment: { name: 'staging' }, entry: { uid: 'blt-entry' } } }),
    );
    expect(staging.status).toBe(202);
    expect(await staging.json()).toEqual({ moved: false, reason: 'other-environment' });
    expect(await contentVersion()).toBe(before);
  });
});

describe('the content webhook setting', () => {
  it('is off without a secret, and refuses a short one at start', async () => {
    expect(() => loadConfig({ CONTENT_WEBHOOK_SECRET: 'short' })).toThrow(
      new ConfigError('CONTENT_WEBHOOK_SECRET', 'must be at least 32 characters', 'short'),
    );
    expect(loadConfig({}).CONTENT_WEBHOOK_SECRET).toBeUndefined();
  });
});

describe.each(testDatabaseTargets)('the hosted content sync poll on $name', (target) => {
  let hosted: DatabaseHandle;
  let handle: DatabaseHandle;
  let content: ContentServices;
  const realFetch = globalThis.fetch;
  const entry = (title: string) => ({
    contentType: 'banner',
    uid: 'banner-winter',
    locale: 'en-us',
    fields: { title, background: { type: 'Image', amplience_id: 'banner-powder-day' } },
    publishTo: ['production'],
  });

  const contentVersion = async () => {
    const result = (await handle.db.execute(
      sql`select version from data_versions where scope = 'content'`,
    )) as unknown as { rows: Array<{ version: string | number }> };
    return Number(result.rows[0]?.version ?? 0);
  };

  beforeAll(async () => {
    // The hosted service: the built-in delivery protocol on a database of its own, reached at http://hosted.test.
    [hosted, handle] = await Promise.all([openMigrated(target), openMigrated(target)]);
    await createContentStore(hosted.db).putEntries([entry('Winter')]);
    const service = new Hono().route(
      '/cms',
      createContentService({
        store: createContentStore(hosted.db),
        apiKey: API_KEY,
        deliveryToken: 'cs-hosted-token',
        environments: ['production'],
      }),
    );
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      service.fetch(new Request(input, init))) as typeof fetch;
    content = createContentServices({
      config: loadConfig({
        CONTENT_BASE_URL: 'http://hosted.test/cms',
        CONTENT_API_KEY: API_KEY,
        CONTENT_DELIVERY_TOKEN: 'cs-hosted-token',
      }),
      db: handle.db,
    });
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await Promise.all([hosted?.close(), handle?.close()]);
  });

  it('moves the content version when the hosted service published something since the last question', async () => {
    const poll = content.changes!;
    const before = await contentVersion();
    expect(await poll.pollOnce()).toBe(0);
    expect(await poll.pollOnce()).toBe(0);
    expect(await contentVersion()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createContentStore(hosted.db).putEntries([entry('Winter, updated')]);
    expect(await poll.pollOnce()).toBe(1);
    expect(await contentVersion()).toBe(before + 1);
    expect(await poll.pollOnce()).toBe(0);
    expect(await contentVersion()).toBe(before + 1);
  });

  it('is not set up for the built-in service, whose publications move the version themselves', () => {
    expect(createContentServices({ config: loadConfig({}), db: handle.db }).changes).toBeNull();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { seedDemoStore } from '#server/db/seed.ts';
import { createHttpApp } from '#server/http/app.ts';
import type { Services } from '#server/services.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

describe('content settings', () => {
  it('defaults to the built-in service with dev keys and the §9-compatible cache settings', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      CONTENT_BASE_URL: '/cms',
      CONTENT_REGION: 'us',
      CONTENT_ENVIRONMENT: 'production',
      CONTENT_CACHE_POLICY: 1,
      CONTENT_CACHE_TTL_MS: 30000,
    });
    expect(
      loadConfig({ CONTENT_BASE_URL: 'https://cdn.example.com', CONTENT_CACHE_POLICY: '-1' }),
    ).toMatchObject({
      CONTENT_BASE_URL: 'https://cdn.example.com',
      CONTENT_CACHE_POLICY: -1,
    });
  });

  it.each([
    ['CONTENT_BASE_URL', 'ftp://x'],
    ['CONTENT_REGION', 'mars'],
    ['CONTENT_CACHE_POLICY', '7'],
    ['CONTENT_CACHE_TTL_MS', '-5'],
  ])('rejects %s=%s naming the setting', (setting, value) => {
    expect(() => loadConfig({ [setting]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [setting]: value });
    } catch (error) {
      expect((error as ConfigError).setting).toBe(setting);
    }
  });
});

describe.each(testDatabaseTargets)('the HTTP app serves content on $name', (target) => {
  let handle: DatabaseHandle;
  let app: Hono;
  let services: Services;
  let dataDir: string;

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedDemoStore(handle.db);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-content-app-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    services = {
      config,
      logger: pino({ level: 'silent' }),
      database: handle,
      db: handle.db,
      build: { id: 'test', timestamp: 0 },
    };
    app = createHttpApp({ services });
  });
  afterAll(async () => {
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const headers = { api_key: 'ridgeline-demo', access_token: 'ridgeline-demo-delivery' };

  it('mounts the delivery protocol under /cms/v3', async () => {
    const response = await app.request(
      '/cms/v3/content_types/header/entries?environment=production&locale=fr',
      { headers },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { entries: Array<{ uid: string; title: string }> };
    expect(body.entries.map((entry) => entry.uid)).toEqual(['site-header']);
    const refused = await app.request('/cms/v3/content_types/header/entries?environment=production');
    expect(refused.status).toBe(412);
  });

  it('mounts /api/interstack/references ahead of the commerce API', async () => {
    const response = await app.request(
      '/api/interstack/references?content_type=duplicate_display_text&api_key=ridgeline-demo&entry_uids=cart-summary-labels&locale=de',
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      entries: Array<{ display_text_input: Array<{ title: string; text: string }> }>;
    };
    expect(body.entries[0]?.display_text_input.map((input) => input.text)).toEqual([
      'Zwischensumme',
      'Versand',
      'Gesamt',
      'Zur Kasse',
    ]);
  });

  it('mounts /graphql and gives loaders the content client through services', async () => {
    const query = encodeURIComponent('{ colorGroups(locale: "de") { uid color_name } }');
    const response = await app.request(`/graphql?query=${query}`, {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: { colorGroups: Array<{ uid: string; color_name: string }> };
    };
    expect(body.data.colorGroups.find((group) => group.uid === 'greens')?.color_name).toBe('Grün');
    const header = await services.content?.client.header('fr', 'eu_region_1');
    expect(header?.main_nav.map((item) => item.title)).toEqual(['Raquettes', 'Accessoires', 'Explorer']);
  });
});

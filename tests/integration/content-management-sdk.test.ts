import type { AddressInfo } from 'node:net';
import contentstack from '@contentstack/delivery-sdk';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentService, createContentStore } from '#server/content/index.ts';
import { createManagementRoutes } from '#server/content/management/protocol/routes.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { managementSdk } from '../support/management-sdk.ts';
import { memoryContentManagement } from '../support/memory-content-management.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

// biome-ignore lint/suspicious/noExplicitAny: protocol answers are inspected loosely in tests
type Loose = any;

const API_KEY = 'blt-management-test';
const DELIVERY_TOKEN = 'cs-delivery-token-test';
const MANAGEMENT_TOKEN = 'cs-management-token-test-0123456789';
const ENV = 'production';

/** The SDK's error, or a failure when the call succeeded. */
async function refusal(call: Promise<unknown>): Promise<Loose> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

/** Issue 21: the built-in content service answers the official management SDK. */
describe.each(testDatabaseTargets)('content management protocol on $name', (target) => {
  let handle: DatabaseHandle;
  let server: ReturnType<typeof serve>;
  let base: string;

  const sdk = (credentials: { authorization?: string; authtoken?: string } = {}) =>
    managementSdk.client({
      endpoint: `${base}/v3`,
      ...credentials,
      retryOnError: false,
      logHandler: () => {},
    });
  const stack = (token: string | undefined = MANAGEMENT_TOKEN) =>
    sdk().stack({ api_key: API_KEY, ...(token ? { management_token: token } : {}) });
  const delivery = () =>
    contentstack.stack({
      apiKey: API_KEY,
      deliveryToken: DELIVERY_TOKEN,
      environment: ENV,
      endpoint: base,
    } as Parameters<typeof contentstack.stack>[0]);

  beforeAll(async () => {
    handle = await openMigrated(target);
    const store = createContentStore(handle.db);
    const app = new Hono().route(
      '/cms',
      createContentService(
        { store, apiKey: API_KEY, deliveryToken: DELIVERY_TOKEN, environments: [ENV, 'staging'] },
        createManagementRoutes({
          management: memoryContentManagement(store),
          apiKey: API_KEY,
          managementToken: MANAGEMENT_TOKEN,
          deliveryToken: DELIVERY_TOKEN,
          staffSession: async () => null,
        }),
      ),
    );
    server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cms`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await handle?.close();
  });

  it('reads the content types with their field schema', async () => {
    const types = await stack().contentType().query().find();
    expect(types.items.map((type: Loose) => type.uid)).toContain('top_alert');
    const one: Loose = await stack().contentType('top_alert').fetch();
    expect(one.schema[0]).toMatchObject({ uid: 'title', data_type: 'text', mandatory: true });
  });

  it('creates, updates and publishes an entry, and the delivery SDK reads the change back', async () => {
    const alerts = stack().contentType('top_alert').entry();
    const created: Loose = await alerts.create({ entry: { title: 'Free shipping', text: 'Over $100' } });
    expect(created).toMatchObject({
      uid: 'free-shipping',
      title: 'Free shipping',
      _version: 1,
      locale: 'en-us',
    });
    expect(created.publish_details).toEqual([]);

    const fetched: Loose = await stack().contentType('top_alert').entry('free-shipping').fetch();
    fetched.text = 'Over $75';
    const updated: Loose = await fetched.update();
    expect(updated).toMatchObject({ text: 'Over $75', _version: 2 });

    // Saved, not published: delivery does not know the entry yet.
    const before = await refusal(delivery().contentType('top_alert').entry('free-shipping').fetch());
    expect(before).toMatchObject({ error_code: 141 });

    const published: Loose = await updated.publish({
      publishDetails: { environments: [ENV], locales: ['en-us'] },
    });
    expect(published.notice).toBe('Entry published.');
    const live = await delivery().contentType('top_alert').entry('free-shipping').fetch<Loose>();
    expect(live).toMatchObject({ title: 'Free shipping', text: 'Over $75' });
  });
});

import type { AddressInfo } from 'node:net';
import contentstack from '@contentstack/delivery-sdk';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '#core/staff-permissions.ts';
import { staff, staffSessions } from '#server/backoffice/schema.ts';
import { createStaffSessions, type StaffSessions } from '#server/backoffice/staff-sessions.ts';
import { createContentService, createContentStore } from '#server/content/index.ts';
import { createManagementRoutes } from '#server/content/management/protocol/routes.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { bodyLimits, defaultRouteLimits, UPLOAD_ROUTE_LIMITS } from '#server/http/middleware/body-limit.ts';
import { managementSdk } from '../support/management-sdk.ts';
import { memoryContentManagement } from '../support/memory-content-management.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

// biome-ignore lint/suspicious/noExplicitAny: protocol answers are inspected loosely in tests
type Loose = any;

const API_KEY = 'blt-management-test';
const DELIVERY_TOKEN = 'cs-delivery-token-test';
const MANAGEMENT_TOKEN = 'cs-management-token-test-0123456789';
const ENV = 'production';

/** The SDK's error (status, errorCode, errorMessage, errors), or a failure when the call succeeded. */
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
  let sessions: StaffSessions;

  const sdk = (credentials: { authtoken?: string } = {}) =>
    managementSdk.client({
      endpoint: `${base}/v3`,
      ...credentials,
      retryOnError: false,
      logHandler: () => {},
    });
  const stack = (token: string | null = MANAGEMENT_TOKEN) =>
    sdk().stack({ api_key: API_KEY, ...(token ? { management_token: token } : {}) });
  const staffStack = (authtoken: string) => sdk({ authtoken }).stack({ api_key: API_KEY });
  const delivery = (locale = 'en-us') =>
    contentstack.stack({
      apiKey: API_KEY,
      deliveryToken: DELIVERY_TOKEN,
      environment: ENV,
      endpoint: base,
      locale,
    } as Parameters<typeof contentstack.stack>[0]);
  /** A raw call, for what the SDK has no method for (unlocalize, versions) and for hostile requests. */
  const call = async (
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: BodyInit } = {},
  ) => {
    const response = await fetch(`${base}/v3${path}`, {
      method,
      headers: {
        api_key: API_KEY,
        authorization: MANAGEMENT_TOKEN,
        'content-type': 'application/json',
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    return { status: response.status, body: (await response.json()) as Loose };
  };

  /** A signed-in staff member's session token (what the `rl_staff` cookie carries). */
  async function staffToken(role: StaffRole, email: string): Promise<string> {
    const [member] = await handle.db
      .insert(staff)
      .values({ email, name: role, role, passwordHash: 'x', mustChangePassword: false })
      .returning();
    const session = await sessions.start(member!.id, false);
    await sessions.markFull(session.id);
    return /rl_staff=([^;]+)/.exec(session.setCookie)![1]!;
  }

  beforeAll(async () => {
    handle = await openMigrated(target);
    const store = createContentStore(handle.db);
    sessions = createStaffSessions(handle.db, { idleMinutes: 30, absoluteHours: 12 });
    const app = new Hono();
    app.use(
      bodyLimits({
        maxBytes: 1024 * 1024,
        routes: defaultRouteLimits('/search'),
        uploads: UPLOAD_ROUTE_LIMITS,
      }),
    );
    // As server/http/app.ts mounts them: management first, delivery after on the same paths.
    app.route(
      '/cms/v3',
      createManagementRoutes({
        management: memoryContentManagement(store),
        apiKey: API_KEY,
        managementToken: MANAGEMENT_TOKEN,
        deliveryToken: DELIVERY_TOKEN,
        staffSession: (token) => sessions.fromToken(token),
      }),
    );
    app.route(
      '/cms',
      createContentService({
        store,
        apiKey: API_KEY,
        deliveryToken: DELIVERY_TOKEN,
        environments: [ENV, 'staging'],
      }),
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
    const created: Loose = await stack()
      .contentType('top_alert')
      .entry()
      .create({ entry: { title: 'Free shipping', text: 'Over $100' } });
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

    // Saved, not published: the live store (delivery) does not know the entry yet.
    expect(await refusal(delivery().contentType('top_alert').entry('free-shipping').fetch())).toMatchObject({
      error_code: 141,
    });

    const published: Loose = await updated.publish({
      publishDetails: { environments: [ENV], locales: ['en-us'] },
    });
    expect(published.notice).toBe('Entry published.');
    const live = await delivery().contentType('top_alert').entry('free-shipping').fetch<Loose>();
    expect(live).toMatchObject({ title: 'Free shipping', text: 'Over $75' });
    const again: Loose = await stack().contentType('top_alert').entry('free-shipping').fetch();
    expect(again.publish_details).toEqual([
      expect.objectContaining({ environment: ENV, locale: 'en-us', version: 2 }),
    ]);
  });

  it('lists entries and keeps every save as a version', async () => {
    const list = await stack().contentType('top_alert').entry().query({ locale: 'en-us' }).find();
    expect(list.items.map((entry: Loose) => [entry.uid, entry._version, entry.text])).toEqual([
      ['free-shipping', 2, 'Over $75'],
    ]);
    // A listed entry sent back keeps its fields; a body naming some fields changes only those.
    const resaved: Loose = await list.items[0].update();
    expect(resaved).toMatchObject({ _version: 3, title: 'Free shipping', text: 'Over $75' });
    const partial = await call('PUT', '/content_types/top_alert/entries/free-shipping', {
      body: JSON.stringify({ entry: { text: 'Over $70' } }),
    });
    expect(partial.body.entry).toMatchObject({ _version: 4, title: 'Free shipping', text: 'Over $70' });
    const versions = await call('GET', '/content_types/top_alert/entries/free-shipping/versions');
    expect(versions.body.versions.map((v: Loose) => v._version)).toEqual([4, 3, 2, 1]);
    const first: Loose = await stack().contentType('top_alert').entry('free-shipping').fetch({ version: 1 });
    expect(first).toMatchObject({ _version: 1, text: 'Over $100' });
  });

  it('localises an entry into German, which delivery then serves, and unlocalises it again', async () => {
    const master: Loose = await stack().contentType('top_alert').entry('free-shipping').fetch();
    master.title = 'Kostenloser Versand';
    master.text = 'Ab 75 $';
    const german: Loose = await master.update({ locale: 'de' });
    expect(german).toMatchObject({ locale: 'de', title: 'Kostenloser Versand', _version: 1 });

    // French has no copy of its own: the master answers, with its own locale.
    const french: Loose = await stack()
      .contentType('top_alert')
      .entry('free-shipping')
      .fetch({ locale: 'fr' });
    expect(french).toMatchObject({ locale: 'en-us', title: 'Free shipping' });
    const locales = await stack()
      .contentType('top_alert')
      .entry('free-shipping')
      .fetch()
      .then((e: Loose) => e.locales());
    expect(locales.locales.filter((l: Loose) => l.localized).map((l: Loose) => l.code)).toEqual([
      'en-us',
      'de',
    ]);

    await german.publish({ publishDetails: { environments: [ENV], locales: ['de'] } });
    const live = await delivery('de').contentType('top_alert').entry('free-shipping').fetch<Loose>();
    expect(live).toMatchObject({ locale: 'de', title: 'Kostenloser Versand' });

    const unlocalised = await call(
      'POST',
      '/content_types/top_alert/entries/free-shipping/unlocalize?locale=de',
    );
    expect(unlocalised.status).toBe(200);
    const back: Loose = await stack().contentType('top_alert').entry('free-shipping').fetch({ locale: 'de' });
    expect(back).toMatchObject({ locale: 'en-us', title: 'Free shipping' });
  });

  it('uploads an asset, lists, fetches and publishes it', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const asset: Loose = await stack()
      .asset()
      .create({ upload: png, filename: 'banner-de.png', content_type: 'image/png', title: 'Banner DE' });
    expect(asset).toMatchObject({
      title: 'Banner DE',
      filename: 'banner-de.png',
      file_size: String(png.length),
    });
    const fetched: Loose = await stack().asset(asset.uid).fetch();
    expect(fetched.uid).toBe(asset.uid);
    await fetched.publish({ publishDetails: { environments: [ENV], locales: ['en-us'] } });
    const list = await stack().asset().query().find();
    const listed = list.items.find((item: Loose) => item.uid === asset.uid);
    expect(listed.publish_details.map((p: Loose) => p.environment)).toEqual([ENV]);
  });

  it('refuses a call without a token, with a delivery token or a wrong one', async () => {
    const entry = { entry: { title: 'Sneaky' } };
    const none = await refusal(stack(null).contentType('top_alert').entry().create(entry));
    expect(none).toMatchObject({ status: 401, errorCode: 105 });
    expect(none.errorMessage).toMatch(/management token/);
    const withDelivery = await refusal(stack(DELIVERY_TOKEN).contentType('top_alert').entry().create(entry));
    expect(withDelivery).toMatchObject({ status: 403 });
    expect(withDelivery.errorMessage).toMatch(/delivery token only reads/);
    const wrong = await refusal(stack('cs-not-the-token').contentType('top_alert').entry().create(entry));
    expect(wrong).toMatchObject({ status: 401, errorCode: 105 });
    // A delivery client changing content with its access_token is refused too.
    const put = await fetch(`${base}/v3/content_types/top_alert/entries/free-shipping`, {
      method: 'PUT',
      headers: { api_key: API_KEY, access_token: DELIVERY_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify(entry),
    });
    expect(put.status).toBe(403);
    const list = await stack().contentType('top_alert').entry().query().find();
    expect(list.items.map((e: Loose) => e.title)).not.toContain('Sneaky');
  });

  it("accepts a live editor's staff session, and refuses an expired one and a role that may not write content", async () => {
    const editor = await staffToken('editor', 'sdk-editor@ridgeline.example');
    const made: Loose = await staffStack(editor)
      .contentType('top_alert')
      .entry()
      .create({ entry: { title: 'Editor alert' } });
    expect(made.updated_by).toBe('sdk-editor@ridgeline.example');

    const merchandiser = await staffToken('merchandiser', 'sdk-merch@ridgeline.example');
    const forbidden = await refusal(
      staffStack(merchandiser)
        .contentType('top_alert')
        .entry()
        .create({ entry: { title: 'Merch alert' } }),
    );
    expect(forbidden).toMatchObject({ status: 403 });

    const [member] = await handle.db
      .select()
      .from(staff)
      .where(eq(staff.email, 'sdk-editor@ridgeline.example'));
    await handle.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.staffId, member!.id));
    const expired = await refusal(
      staffStack(editor)
        .contentType('top_alert')
        .entry()
        .create({ entry: { title: 'Late alert' } }),
    );
    expect(expired).toMatchObject({ status: 401, errorCode: 105 });
    expect(expired.errorMessage).toMatch(/sign in/);
  });

  it('refuses invalid fields with 422 and the problem on the field, and a stale save with 409', async () => {
    const invalid = await refusal(
      stack()
        .contentType('top_alert')
        .entry()
        .create({ entry: { title: '', text: 'x'.repeat(301) } }),
    );
    expect(invalid).toMatchObject({ status: 422, errorCode: 119 });
    expect(invalid.errors).toEqual({ title: ['is required.'], text: ['is longer than 300 characters.'] });

    const old: Loose = await stack().contentType('top_alert').entry('free-shipping').fetch();
    const fresh: Loose = await stack().contentType('top_alert').entry('free-shipping').fetch();
    fresh.text = 'Over $60';
    await fresh.update();
    old.text = 'Over $90';
    const stale = await refusal(old.update());
    expect(stale).toMatchObject({ status: 409 });
    expect(stale.errors._version[0]).toMatch(/latest version/);

    const missing = await refusal(stack().contentType('top_alert').entry('no-such-alert').fetch());
    expect(missing).toMatchObject({ status: 404 });
    const noType = await refusal(stack().contentType('no_such_type').entry().query().find());
    expect(noType).toMatchObject({ status: 404, errorCode: 118 });
  });

  it('refuses to unpublish an entry that a published entry references, naming it', async () => {
    const header: Loose = await stack()
      .contentType('header')
      .entry()
      .create({
        entry: {
          title: 'Main header',
          top_alert: [{ uid: 'free-shipping', _content_type_uid: 'top_alert' }],
        },
      });
    await header.publish({ publishDetails: { environments: [ENV], locales: ['en-us'] } });
    const alert: Loose = await stack().contentType('top_alert').entry('free-shipping').fetch();
    const refused = await refusal(
      alert.unpublish({ publishDetails: { environments: [ENV], locales: ['en-us'] } }),
    );
    expect(refused).toMatchObject({ status: 409 });
    expect(refused.errors.entry[0]).toMatch(/Main header/);
    const live = await delivery().contentType('top_alert').entry('free-shipping').fetch<Loose>();
    expect(live.title).toBe('Free shipping');
  });

  it('refuses a 20 MB text field before reading it, and keeps delivery POST queries at 64 KB', async () => {
    const huge = JSON.stringify({ entry: { title: 'Huge', text: 'x'.repeat(20 * 1024 * 1024) } });
    const response = await call('POST', '/content_types/top_alert/entries', { body: huge });
    expect(response.status).toBe(413);
    const query = await fetch(`${base}/v3/content_types/top_alert/entries`, {
      method: 'POST',
      headers: { api_key: API_KEY, access_token: DELIVERY_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ _method: 'GET', environment: ENV, padding: 'x'.repeat(100 * 1024) }),
    });
    expect(query.status).toBe(413);
    const list = await stack().contentType('top_alert').entry().query().find();
    expect(list.items.map((e: Loose) => e.title)).not.toContain('Huge');
  });

  it('leaves the delivery protocol as it was: its token reads what is published', async () => {
    const listed = await fetch(`${base}/v3/content_types/top_alert/entries?environment=${ENV}`, {
      headers: { api_key: API_KEY, access_token: DELIVERY_TOKEN },
    });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as Loose;
    expect(body.entries.map((e: Loose) => e.uid)).toEqual(['free-shipping']);
  });
});

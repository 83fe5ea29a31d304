import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import contentstack from '@contentstack/delivery-sdk';
import { serve } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '#core/staff-permissions.ts';
import { auditLog } from '#server/audit/schema.ts';
import { staff, staffSessions } from '#server/backoffice/schema.ts';
import { loadConfig } from '#server/config.ts';
import { createContentStore, type EntryInput } from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createHttpApp } from '#server/http/app.ts';
import { createServices, type Services } from '#server/services.ts';
import { managementSdk } from '../support/management-sdk.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

// biome-ignore lint/suspicious/noExplicitAny: protocol answers are inspected loosely in tests
type Loose = any;

const API_KEY = 'blt-management-test';
const DELIVERY_TOKEN = 'cs-delivery-token-test';
const MANAGEMENT_TOKEN = 'cs-management-token-test-0123456789';
const ENV = 'production';
const PUBLISH = { publishDetails: { environments: [ENV], locales: ['en-us'] } };

const ref = (contentType: string, uid: string) => ({ uid, _content_type_uid: contentType });
const FIXTURES: EntryInput[] = [
  {
    contentType: 'top_alert',
    uid: 'alert-us',
    locale: 'en-us',
    fields: { title: 'Free shipping over $99', background_color: '#14202b', regions: ['us'] },
    publishTo: [ENV],
  },
  {
    contentType: 'header',
    uid: 'site-header',
    locale: 'en-us',
    fields: { title: 'Site header', top_alert: [ref('top_alert', 'alert-us')] },
    publishTo: [ENV],
  },
];

/** The SDK's error (status, errorCode, errorMessage, errors), or a failure when the call succeeded. */
async function refusal(call: Promise<unknown>): Promise<Loose> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

/**
 * Issue 21: the built-in content service answers the official management SDK (@contentstack/management) over
 * HTTP, on the real app (server/http/app.ts: its body limits, the management API before delivery on /cms/v3)
 * and the real content management service; what it publishes is read back with the official delivery SDK.
 */
describe.each(testDatabaseTargets)('content management API on $name', (target) => {
  let handle: DatabaseHandle;
  let services: Services;
  let server: ReturnType<typeof serve>;
  let base: string;
  let dataDir: string;

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
  const alert = (uid = 'alert-us') => stack().contentType('top_alert').entry(uid);
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
    const { sessions } = services.backoffice;
    const session = await sessions.start(member!.id, false);
    await sessions.markFull(session.id);
    return /rl_staff=([^;]+)/.exec(session.setCookie)![1]!;
  }

  beforeAll(async () => {
    handle = await openMigrated(target);
    await createContentStore(handle.db).putEntries(FIXTURES);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-management-api-'));
    services = createServices({
      config: loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEARCH_SYNC_INTERVAL_MS: '0',
        CONTENT_CACHE_POLICY: '-1',
        CONTENT_API_KEY: API_KEY,
        CONTENT_DELIVERY_TOKEN: DELIVERY_TOKEN,
        CONTENT_MANAGEMENT_TOKEN: MANAGEMENT_TOKEN,
      }),
      logger: pino({ level: 'silent' }),
      db: handle.db,
      build: { id: 'test', timestamp: 0 },
    });
    const app = createHttpApp({ services, database: handle });
    server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cms`;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the content types with their field schema', async () => {
    const types = await stack().contentType().query().find();
    expect(types.items.map((type: Loose) => type.uid)).toEqual(
      expect.arrayContaining(['top_alert', 'header', 'banner', 'support']),
    );
    const one: Loose = await stack().contentType('top_alert').fetch();
    expect(one.schema[0]).toMatchObject({ uid: 'title', data_type: 'text', mandatory: true });
    expect(one.schema.map((field: Loose) => field.uid)).toContain('background_color');
  });

  it('updates and publishes an entry; the delivery SDK sees the change only once published', async () => {
    const fetched: Loose = await alert().fetch();
    expect(fetched).toMatchObject({ uid: 'alert-us', locale: 'en-us', title: 'Free shipping over $99' });
    fetched.title = 'Free shipping over $75';
    const updated: Loose = await fetched.update();
    expect(updated).toMatchObject({ title: 'Free shipping over $75', background_color: '#14202b' });
    expect(updated._version).toBe(fetched._version + 1);

    // Saved, not published: the live store still reads the published version.
    const before = await delivery().contentType('top_alert').entry('alert-us').fetch<Loose>();
    expect(before.title).toBe('Free shipping over $99');

    const published: Loose = await updated.publish(PUBLISH);
    expect(published.notice).toBe('Entry published.');
    const live = await delivery().contentType('top_alert').entry('alert-us').fetch<Loose>();
    expect(live).toMatchObject({ title: 'Free shipping over $75', _version: updated._version });
    const again: Loose = await alert().fetch();
    expect(again.publish_details).toEqual([
      expect.objectContaining({ environment: ENV, locale: 'en-us', version: updated._version }),
    ]);
    // Audited as the token's holder, never with the token.
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffEmail, 'management token')));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(MANAGEMENT_TOKEN);
  });

  it('creates an entry, lists it with its fields, and keeps every save as a version', async () => {
    const created: Loose = await stack()
      .contentType('top_alert')
      .entry()
      .create({ entry: { title: 'Snowshoe clinic on Saturday', regions: ['ca'] } });
    expect(created).toMatchObject({ title: 'Snowshoe clinic on Saturday', _version: 1, locale: 'en-us' });
    expect(created.publish_details).toEqual([]);

    const list = await stack().contentType('top_alert').entry().query({ locale: 'en-us' }).find();
    const listed = list.items.find((entry: Loose) => entry.uid === created.uid);
    expect(listed).toMatchObject({ regions: ['ca'], _version: 1 });
    // A listed entry sent back keeps its fields; a body naming some fields changes only those.
    const resaved: Loose = await listed.update();
    expect(resaved).toMatchObject({ _version: 2, regions: ['ca'] });
    const partial = await call('PUT', `/content_types/top_alert/entries/${created.uid}`, {
      body: JSON.stringify({ entry: { regions: ['ca', 'us'] } }),
    });
    expect(partial.body.entry).toMatchObject({
      _version: 3,
      title: 'Snowshoe clinic on Saturday',
      regions: ['ca', 'us'],
    });

    const versions = await call('GET', `/content_types/top_alert/entries/${created.uid}/versions`);
    expect(versions.body.versions.map((v: Loose) => v._version)).toEqual([3, 2, 1]);
    const first: Loose = await alert(created.uid).fetch({ version: 1 });
    expect(first).toMatchObject({ _version: 1, regions: ['ca'] });

    const deleted = await call('DELETE', `/content_types/top_alert/entries/${created.uid}`);
    expect(deleted.status).toBe(200);
    expect(await refusal(alert(created.uid).fetch())).toMatchObject({ status: 404 });
  });

  it('localises an entry into German, which delivery then serves, and unlocalises it again', async () => {
    const master: Loose = await alert().fetch();
    master.title = 'Kostenloser Versand ab 75 $';
    const german: Loose = await master.update({ locale: 'de' });
    expect(german).toMatchObject({ locale: 'de', title: 'Kostenloser Versand ab 75 $', _version: 1 });
    // Fields the German copy does not set come from the English one.
    expect(german.background_color).toBe('#14202b');

    // French has no copy of its own: the master answers, with its own locale.
    const french: Loose = await alert().fetch({ locale: 'fr' });
    expect(french).toMatchObject({ locale: 'en-us', title: 'Free shipping over $75' });
    const locales = await (await alert().fetch()).locales();
    expect(locales.locales.filter((l: Loose) => l.localized).map((l: Loose) => l.code)).toEqual([
      'en-us',
      'de',
    ]);

    await german.publish({ publishDetails: { environments: [ENV], locales: ['de'] } });
    const live = await delivery('de').contentType('top_alert').entry('alert-us').fetch<Loose>();
    expect(live).toMatchObject({ locale: 'de', title: 'Kostenloser Versand ab 75 $' });

    const unlocalised = await call('POST', '/content_types/top_alert/entries/alert-us/unlocalize?locale=de');
    expect(unlocalised.status).toBe(200);
    const back: Loose = await alert().fetch({ locale: 'de' });
    expect(back).toMatchObject({ locale: 'en-us', title: 'Free shipping over $75' });
  });

  it('uploads an image asset, fetches, lists and publishes it; an SVG with a script is refused', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const asset: Loose = await stack()
      .asset()
      .create({ upload: png, filename: 'banner-de.png', content_type: 'image/png', title: 'Banner DE' });
    expect(asset).toMatchObject({ title: 'Banner DE', content_type: 'image/png' });
    const fetched: Loose = await stack().asset(asset.uid).fetch();
    expect(fetched.uid).toBe(asset.uid);
    await fetched.publish(PUBLISH);
    const list = await stack().asset().query().find();
    const listed = list.items.find((item: Loose) => item.uid === asset.uid);
    expect(listed.publish_details.map((p: Loose) => p.environment)).toEqual([ENV]);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await refusal(
      stack().asset().create({ upload: svg, filename: 'logo.svg', content_type: 'image/svg+xml' }),
    );
    expect(refused.status).toBe(422);
    const after = await stack().asset().query().find();
    expect(after.items.map((item: Loose) => item.filename)).not.toContain('logo.svg');
  });

  it('refuses a call without a token, with a delivery token or a wrong one, changing nothing', async () => {
    const entry = { entry: { title: 'Sneaky alert' } };
    const none = await refusal(stack(null).contentType('top_alert').entry().create(entry));
    expect(none).toMatchObject({ status: 401, errorCode: 105 });
    expect(none.errorMessage).toMatch(/management token/);
    const withDelivery = await refusal(stack(DELIVERY_TOKEN).contentType('top_alert').entry().create(entry));
    expect(withDelivery).toMatchObject({ status: 403 });
    expect(withDelivery.errorMessage).toMatch(/delivery token only reads/);
    const wrong = await refusal(
      stack('cs-not-the-token-at-all').contentType('top_alert').entry().create(entry),
    );
    expect(wrong).toMatchObject({ status: 401, errorCode: 105 });
    // A delivery client changing content with its access_token is refused too.
    const put = await fetch(`${base}/v3/content_types/top_alert/entries/alert-us`, {
      method: 'PUT',
      headers: { api_key: API_KEY, access_token: DELIVERY_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify(entry),
    });
    expect(put.status).toBe(403);
    const list = await stack().contentType('top_alert').entry().query().find();
    expect(list.items.map((e: Loose) => e.title)).not.toContain('Sneaky alert');
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
    const titles = (await stack().contentType('top_alert').entry().query().find()).items.map(
      (e: Loose) => e.title,
    );
    expect(titles).toContain('Editor alert');
    expect(titles).not.toContain('Merch alert');
    expect(titles).not.toContain('Late alert');
  });

  it('refuses invalid fields with 422 and the problem on the field, changing nothing', async () => {
    const untitled = await refusal(
      stack()
        .contentType('top_alert')
        .entry()
        .create({ entry: { title: '' } }),
    );
    expect(untitled).toMatchObject({ status: 422, errorCode: 119 });
    expect(Object.keys(untitled.errors)).toEqual(['title']);
    const fetched: Loose = await alert().fetch();
    fetched.title = 'x'.repeat(301);
    const tooLong = await refusal(fetched.update());
    expect(tooLong).toMatchObject({ status: 422, errorCode: 119 });
    expect(tooLong.errors.title).toHaveLength(1);
    expect(tooLong.errorMessage).toBeTruthy();
    expect((await alert().fetch())._version).toBe(fetched._version);
    // A colour that is not one, and a key the type does not have: each named on its field.
    const wrong = await refusal(
      stack()
        .contentType('top_alert')
        .entry()
        .create({ entry: { title: 'Winter sale', background_color: 'javascript:alert(1)', colour: '#fff' } }),
    );
    expect(wrong).toMatchObject({ status: 422, errorCode: 119 });
    expect(Object.keys(wrong.errors).sort()).toEqual(['background_color', 'colour']);
    expect(wrong.errors.background_color[0]).toMatch(/six hex digits/);
  });

  it('refuses a stale save with 409, and an unknown entry or content type with 404', async () => {
    const old: Loose = await alert().fetch();
    const fresh: Loose = await alert().fetch();
    fresh.title = 'Free shipping over $70';
    await fresh.update();
    old.title = 'Free shipping over $90';
    const stale = await refusal(old.update());
    expect(stale).toMatchObject({ status: 409 });
    expect(stale.errors._version[0]).toMatch(/latest version/);
    expect((await alert().fetch()).title).toBe('Free shipping over $70');

    expect(await refusal(alert('no-such-alert').fetch())).toMatchObject({ status: 404 });
    expect(await refusal(stack().contentType('no_such_type').entry().query().find())).toMatchObject({
      status: 404,
      errorCode: 118,
    });
  });

  it('refuses to unpublish an entry that the published header references, naming the header', async () => {
    const refused = await refusal((await alert().fetch()).unpublish(PUBLISH));
    expect(refused).toMatchObject({ status: 409 });
    expect(refused.errors.entry.join(' ')).toMatch(/Site header/);
    const live = await delivery().contentType('top_alert').entry('alert-us').fetch<Loose>();
    expect(live.title).toBe('Free shipping over $75');
  });

  it('refuses a 20 MB text field before reading it, and keeps delivery POST queries at 64 KB', async () => {
    const huge = JSON.stringify({ entry: { title: 'x'.repeat(20 * 1024 * 1024) } });
    const response = await call('POST', '/content_types/top_alert/entries', { body: huge });
    expect(response.status).toBe(413);
    const query = await fetch(`${base}/v3/content_types/top_alert/entries`, {
      method: 'POST',
      headers: { api_key: API_KEY, access_token: DELIVERY_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ _method: 'GET', environment: ENV, padding: 'x'.repeat(100 * 1024) }),
    });
    expect(query.status).toBe(413);
  });

  it('leaves the delivery protocol as it was: its token reads what is published', async () => {
    const listed = await fetch(`${base}/v3/content_types/top_alert/entries?environment=${ENV}`, {
      headers: { api_key: API_KEY, access_token: DELIVERY_TOKEN },
    });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as Loose;
    expect(body.entries.map((e: Loose) => e.uid)).toEqual(['alert-us']);
  });
});

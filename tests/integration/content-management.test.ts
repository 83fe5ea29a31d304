import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '#core/content-schema.ts';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { loadConfig } from '#server/config.ts';
import {
  type ContentManagement,
  ContentManagementError,
  type ContentServices,
  createContentManagement,
  createContentServices,
  type EntryInput,
} from '#server/content/index.ts';
import { contentPublications } from '#server/content/schema.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createMediaUploads } from '#server/media/upload.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

// biome-ignore lint/suspicious/noExplicitAny: protocol answers are inspected loosely in tests
type Loose = any;

const ENVIRONMENTS = ['production', 'staging', 'development'];
const ref = (contentType: string, uid: string) => ({ uid, _content_type_uid: contentType });
const entry = (
  contentType: string,
  uid: string,
  locale: string,
  fields: Record<string, unknown>,
): EntryInput => ({ contentType, uid, locale, fields, publishTo: ENVIRONMENTS });

const FIXTURES: EntryInput[] = [
  entry('banner', 'banner-winter', 'en-us', {
    title: 'Winter banner',
    background: { type: 'Image', amplience_id: 'banner-powder-day' },
  }),
  entry('banner', 'banner-spare', 'en-us', {
    title: 'Spare banner',
    background: { type: 'Image', amplience_id: 'banner-powder-day' },
  }),
  entry('page', 'winter', 'en-us', {
    title: 'Winter',
    url: '/winter',
    page_type: 'landing',
    landing_page: { modules: [{ type: 'banner', banner: [ref('banner', 'banner-winter')] }] },
  }),
  entry('page', 'winter', 'fr', {
    title: 'Hiver',
    url: '/winter',
    page_type: 'landing',
    landing_page: { modules: [{ type: 'banner', banner: [ref('banner', 'banner-winter')] }] },
  }),
  entry('top_alert', 'alert-us', 'en-us', { title: 'Free shipping over $99', regions: ['us'] }),
  entry('support', 'icy-decking', 'en-us', {
    title: 'Icy decking',
    url: '/support/icy-decking',
    body: '<p>Keep the crampons sharp.</p>',
  }),
];

/** Issue 21: the working copy, versions and publications behind the delivery protocol. */
describe.each(testDatabaseTargets)('content management on $name', (target) => {
  let handle: DatabaseHandle;
  let content: ContentServices;
  let management: ContentManagement;
  let editor: Actor;
  let dataDir: string;
  let config: ReturnType<typeof loadConfig>;
  let springStart: Date;
  const token = { token: 'management-token-of-the-test' };

  beforeAll(async () => {
    handle = await openMigrated(target);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-content-management-'));
    // The storefront's content client as the store builds it: cached until the content data version moves.
    config = loadConfig({ DATA_DIR: dataDir });
    content = createContentServices({ config, db: handle.db });
    await content.store.putEntries(FIXTURES);
    management = createContentManagement({
      db: handle.db,
      config: { CONTENT_ENVIRONMENT: 'production' },
      uploads: createMediaUploads({ dir: join(dataDir, 'media-uploads') }),
    });
    editor = await insertActor(handle.db, 'editor', 'content-management-test@ridgeline.example');
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const contentVersion = async () => {
    const result = (await handle.db.execute(
      sql`select version from data_versions where scope = 'content'`,
    )) as unknown as { rows: Array<{ version: number | string }> };
    return Number(result.rows[0]?.version ?? 0);
  };
  const livePage = (locale = 'en-us') => content.client.pageByUrl('/winter', locale);
  const liveAlert = async () =>
    (await content.client.allEntries('top_alert', { locale: 'en-us' })).find((a) => a.uid === 'alert-us');
  const auditCount = async () =>
    (await handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
  async function refusal(call: () => Promise<unknown>): Promise<ContentManagementError> {
    try {
      await call();
    } catch (error) {
      if (error instanceof ContentManagementError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  }

  it('imports: existing content is version 1, published everywhere; importing again changes nothing', async () => {
    const alert = await management.getEntry('top_alert', 'alert-us', 'en-us');
    expect(alert).toMatchObject({ version: 1, title: 'Free shipping over $99', localised: true });
    expect(alert!.publications.map((p) => p.environment).sort()).toEqual([...ENVIRONMENTS].sort());
    expect(await management.versions('top_alert', 'alert-us', 'en-us')).toHaveLength(1);
    const before = await contentVersion();
    expect(await content.store.putEntries(FIXTURES)).toEqual({
      created: 0,
      updated: 0,
      unchanged: FIXTURES.length,
    });
    expect(await contentVersion()).toBe(before);
  });

  it('a save makes a version of the working copy and changes nothing the live store reads', async () => {
    expect((await liveAlert())?.title).toBe('Free shipping over $99');
    const before = await contentVersion();
    const saved = await management.saveEntry(editor, {
      contentType: 'top_alert',
      uid: 'alert-us',
      locale: 'en-us',
      fields: { title: 'Free shipping over $79', regions: ['us'] },
      expectedVersion: 1,
    });
    expect(saved).toMatchObject({ version: 2, title: 'Free shipping over $79', updatedBy: editor.email });
    expect(saved.publications.find((p) => p.environment === 'production')?.version).toBe(1);
    expect(await contentVersion()).toBe(before);
    expect((await liveAlert())?.title).toBe('Free shipping over $99');
    const [latest] = await management.versions('top_alert', 'alert-us', 'en-us');
    expect(latest).toMatchObject({ version: 2, savedBy: editor.email });
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'content_entry'), eq(auditLog.entityId, 'top_alert/alert-us/en-us')));
    expect(audit).toMatchObject({ action: 'content.entry.save', staffId: editor.staffId });
  });

  it('publish puts the version live (data version moved, so the cached client reads it), with its publish details', async () => {
    const before = await contentVersion();
    const publications = await management.publish(editor, {
      contentType: 'top_alert',
      uid: 'alert-us',
      locales: ['en-us'],
      environments: ['production'],
    });
    expect(publications).toEqual([expect.objectContaining({ environment: 'production', version: 2 })]);
    expect(await contentVersion()).toBeGreaterThan(before);
    // The client's cache follows the data version within its check interval (a tenth of a second).
    await expect.poll(async () => (await liveAlert())?.title).toBe('Free shipping over $79');
    const live = (await liveAlert()) as Loose;
    expect(live.title).toBe('Free shipping over $79');
    expect(live._version).toBe(2);
    expect(live.publish_details).toMatchObject({
      environment: 'production',
      locale: 'en-us',
      user: editor.email,
      version: 2,
    });
    // Staging still has version 1.
    const staging = await handle.db
      .select({ version: contentPublications.version })
      .from(contentPublications)
      .where(and(eq(contentPublications.uid, 'alert-us'), eq(contentPublications.environment, 'staging')));
    expect(staging).toEqual([{ version: 1 }]);
  });

  it('unpublishing an entry that published entries reference is refused with the list, nothing changed', async () => {
    const before = { audit: await auditCount(), version: await contentVersion() };
    const refused = await refusal(() =>
      management.unpublish(token, {
        contentType: 'banner',
        uid: 'banner-winter',
        locales: ['en-us'],
        environments: ['production'],
      }),
    );
    expect(refused.refusal).toMatchObject({
      code: 'referenced',
      referrers: [
        { contentType: 'page', uid: 'winter', locale: 'en-us', title: 'Winter' },
        { contentType: 'page', uid: 'winter', locale: 'fr', title: 'Hiver' },
      ],
    });
    expect(refused.status).toBe(409);
    expect(await auditCount()).toBe(before.audit);
    expect(await contentVersion()).toBe(before.version);
    const page = (await livePage()) as Loose;
    expect(page.landing_page.modules[0].banner[0].title).toBe('Winter banner');
    // Deleting it is refused the same way.
    expect(
      (await refusal(() => management.deleteEntry(editor, 'banner', 'banner-winter'))).refusal.code,
    ).toBe('referenced');
  });

  it('publishing a version that references an unpublished entry is refused at the reference', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    springStart = new Date();
    const spare = await management.createEntry(editor, {
      contentType: 'banner',
      locale: 'en-us',
      fields: { title: 'Spring banner', background: { type: 'Image', amplience_id: 'banner-powder-day' } },
    });
    expect(spare).toMatchObject({ uid: 'spring-banner', version: 1, publications: [] });
    const again = await management.createEntry(editor, {
      contentType: 'banner',
      locale: 'en-us',
      fields: { title: 'Spring banner', background: { type: 'Image', amplience_id: 'banner-powder-day' } },
    });
    expect(again.uid).toBe('spring-banner-2');
    await management.saveEntry(editor, {
      contentType: 'page',
      uid: 'winter',
      locale: 'en-us',
      fields: {
        title: 'Winter',
        url: '/winter',
        page_type: 'landing',
        landing_page: { modules: [{ type: 'banner', banner: [ref('banner', 'spring-banner')] }] },
      },
    });
    const refused = await refusal(() =>
      management.publish(editor, {
        contentType: 'page',
        uid: 'winter',
        locales: ['en-us'],
        environments: ['production'],
      }),
    );
    expect(refused.refusal).toMatchObject({
      code: 'invalid',
      problems: [{ path: ['landing_page', 'modules', 0, 'banner', 0] }],
    });
    await management.publish(editor, {
      contentType: 'banner',
      uid: 'spring-banner',
      locales: ['en-us'],
      environments: ['production'],
    });
    await management.publish(editor, {
      contentType: 'page',
      uid: 'winter',
      locales: ['en-us'],
      environments: ['production'],
    });
    await expect
      .poll(async () => ((await livePage()) as Loose)?.landing_page.modules[0].banner[0].title)
      .toBe('Spring banner');
  });

  it('unpublish takes an entry off and sync reports it as entry_unpublished', async () => {
    const sync = async (query: Record<string, string>) => {
      const url = new URL('http://ridgeline.internal/cms/v3/stacks/sync');
      for (const [key, value] of Object.entries({ ...query, environment: 'production' }))
        url.searchParams.set(key, value);
      const response = await content.service.fetch(
        new Request(url.toString().replace('/cms', ''), {
          headers: { api_key: config.CONTENT_API_KEY, access_token: config.CONTENT_DELIVERY_TOKEN },
        }),
      );
      return (await response.json()) as Loose;
    };
    const first = await sync({ init: 'true' });
    expect(first.sync_token).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await management.unpublish(editor, {
      contentType: 'banner',
      uid: 'banner-spare',
      locales: ['en-us'],
      environments: ['production'],
    });
    const changed = await sync({ sync_token: first.sync_token });
    expect(changed.items).toEqual([
      expect.objectContaining({
        type: 'entry_unpublished',
        content_type_uid: 'banner',
        data: expect.objectContaining({ uid: 'banner-spare', locale: 'en-us' }),
      }),
    ]);
    await expect
      .poll(async () => (await content.client.allEntries('banner', { locale: 'en-us' })).map((b) => b.uid))
      .not.toContain('banner-spare');
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'content.entry.unpublish'),
          eq(auditLog.entityId, 'banner/banner-spare/en-us'),
        ),
      );
    expect(audit).toMatchObject({ staffId: editor.staffId });
  });

  it('versions and restore: an old version saved again, then published, is what the store shows', async () => {
    await management.saveEntry(token, {
      contentType: 'support',
      uid: 'icy-decking',
      locale: 'en-us',
      fields: { title: 'Icy decking', url: '/support/icy-decking', body: '<p>Keep the crampons blunt.</p>' },
    });
    await management.publish(token, {
      contentType: 'support',
      uid: 'icy-decking',
      locales: ['en-us'],
      environments: ['production'],
    });
    const live = async () =>
      (await content.client.allEntries('support', { locale: 'en-us' })).find((s) => s.uid === 'icy-decking');
    await expect.poll(async () => (await live())?.body).toBe('<p>Keep the crampons blunt.</p>');
    expect((await management.versions('support', 'icy-decking', 'en-us')).map((v) => v.version)).toEqual([
      2, 1,
    ]);
    const restored = await management.restore(editor, {
      contentType: 'support',
      uid: 'icy-decking',
      locale: 'en-us',
      version: 1,
    });
    expect(restored).toMatchObject({ version: 3, fields: { body: '<p>Keep the crampons sharp.</p>' } });
    expect((await live())?.body).toBe('<p>Keep the crampons blunt.</p>');
    await management.publish(editor, {
      contentType: 'support',
      uid: 'icy-decking',
      locales: ['en-us'],
      environments: ['production'],
    });
    await expect.poll(async () => (await live())?.body).toBe('<p>Keep the crampons sharp.</p>');
    // The token's changes are audited as a system actor (no staff id), never with the token.
    const [byToken] = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'content.entry.save'), eq(auditLog.entityId, 'support/icy-decking/en-us')),
      );
    expect(byToken).toMatchObject({ staffId: null, staffEmail: 'management token' });
    expect(JSON.stringify(byToken)).not.toContain(token.token);
    expect(
      (
        await refusal(() =>
          management.restore(editor, {
            contentType: 'support',
            uid: 'icy-decking',
            locale: 'en-us',
            version: 99,
          }),
        )
      ).refusal.code,
    ).toBe('not-found');
  });

  it('localise and unlocalise: a German copy made from the English one, published after the master, then dropped', async () => {
    expect(await management.getEntry('top_alert', 'alert-us', 'de')).toBeNull();
    const fallback = await management.getEntry('top_alert', 'alert-us', 'de', { fallback: true });
    expect(fallback).toMatchObject({ locale: 'en-us', localised: false, title: 'Free shipping over $79' });
    const german = await management.saveEntry(editor, {
      contentType: 'top_alert',
      uid: 'alert-us',
      locale: 'de',
      fields: { title: 'Versandkostenfrei ab 79 $', regions: ['us'] },
    });
    expect(german).toMatchObject({ locale: 'de', version: 1, localised: true });
    const deAlert = async () =>
      (await content.client.allEntries('top_alert', { locale: 'de' })).find((a) => a.uid === 'alert-us');
    expect((await deAlert())?.title).toBe('Free shipping over $79');
    await management.publish(editor, {
      contentType: 'top_alert',
      uid: 'alert-us',
      locales: ['de'],
      environments: ['production'],
    });
    await expect.poll(async () => (await deAlert())?.title).toBe('Versandkostenfrei ab 79 $');
    const frAlert = (await content.client.allEntries('top_alert', { locale: 'fr' })).find(
      (a) => a.uid === 'alert-us',
    );
    expect(frAlert).toMatchObject({ title: 'Free shipping over $79', locale: 'en-us' });
    // The master must be published where another locale is: a locale without a copy cannot be published.
    const refused = await refusal(() =>
      management.publish(editor, {
        contentType: 'top_alert',
        uid: 'alert-us',
        locales: ['fr'],
        environments: ['production'],
      }),
    );
    expect(refused.refusal.code).toBe('invalid');
    const withoutMaster = await management.createEntry(editor, {
      contentType: 'top_alert',
      locale: 'en-us',
      fields: { title: 'Unpublished alert' },
    });
    await management.saveEntry(editor, {
      contentType: 'top_alert',
      uid: withoutMaster.uid,
      locale: 'de',
      fields: { title: 'Unveröffentlicht' },
    });
    const noMaster = await refusal(() =>
      management.publish(editor, {
        contentType: 'top_alert',
        uid: withoutMaster.uid,
        locales: ['de'],
        environments: ['production'],
      }),
    );
    expect(noMaster.refusal.message).toMatch(/Publish the en-us copy to production first/);
    await management.unlocalise(editor, 'top_alert', 'alert-us', 'de');
    expect(await management.getEntry('top_alert', 'alert-us', 'de')).toBeNull();
    await expect.poll(async () => (await deAlert())?.title).toBe('Free shipping over $79');
  });

  it('a save over a newer version is refused as stale; an invalid save is refused; nothing changes', async () => {
    const current = (await management.getEntry('top_alert', 'alert-us', 'en-us'))!;
    const before = {
      audit: await auditCount(),
      versions: (await management.versions('top_alert', 'alert-us', 'en-us')).length,
    };
    const stale = await refusal(() =>
      management.saveEntry(editor, {
        contentType: 'top_alert',
        uid: 'alert-us',
        locale: 'en-us',
        fields: { title: 'Late edit' },
        expectedVersion: current.version - 1,
      }),
    );
    expect(stale.refusal).toMatchObject({ code: 'stale', currentVersion: current.version });
    const noTitle = await refusal(() =>
      management.saveEntry(editor, {
        contentType: 'top_alert',
        uid: 'alert-us',
        locale: 'en-us',
        fields: { title: '' },
      }),
    );
    expect(noTitle.refusal).toMatchObject({ code: 'invalid', problems: [{ path: ['title'] }] });
    const huge = await refusal(() =>
      management.saveEntry(editor, {
        contentType: 'top_alert',
        uid: 'alert-us',
        locale: 'en-us',
        fields: { title: 'Huge', text: 'x'.repeat(20 * 1024 * 1024) },
      }),
    );
    expect(huge.refusal).toMatchObject({ code: 'invalid', problems: [{ path: ['text'] }] });
    expect(huge.refusal.message.length).toBeLessThan(200);
    expect(MAX_TEXT_LENGTH).toBeLessThan(20 * 1024 * 1024);
    expect(await auditCount()).toBe(before.audit);
    expect(await management.versions('top_alert', 'alert-us', 'en-us')).toHaveLength(before.versions);
    expect((await management.getEntry('top_alert', 'alert-us', 'en-us'))?.fields).toEqual(current.fields);
    expect((await refusal(() => management.getEntry('nonsense', 'x', 'en-us'))).refusal.code).toBe(
      'not-found',
    );
    expect((await refusal(() => management.getEntry('banner', 'x', 'xx'))).refusal.code).toBe('invalid');
  });

  it('stores rich text sanitised: scripts, event handlers and javascript: links never reach the store', async () => {
    const saved = await management.saveEntry(editor, {
      contentType: 'support',
      uid: 'icy-decking',
      locale: 'fr',
      fields: {
        title: 'Terrasse glacée',
        url: '/support/icy-decking',
        body: '<p onclick="alert(1)">Glace</p><script>alert(2)</script><a href="javascript:alert(3)">lien</a><img src=x onerror="alert(4)">',
      },
    });
    const body = String(saved.fields.body);
    expect(body).toContain('Glace');
    expect(body).not.toMatch(/script|onclick|onerror|javascript:/i);
    const [version] = await management.versions('support', 'icy-decking', 'fr');
    expect(String(version!.fields.body)).toBe(body);
  });

  it('lists entries by state, title and change date, one keyset page at a time', async () => {
    const drafts = await management.listEntries({ contentType: 'banner', locale: 'en-us', state: 'draft' });
    expect(drafts.items.map((item) => item.uid)).toEqual(['banner-spare', 'spring-banner-2']);
    const published = await management.listEntries({
      contentType: 'banner',
      locale: 'en-us',
      state: 'published',
    });
    expect(published.items.map((item) => item.uid)).toEqual(['banner-winter', 'spring-banner']);
    const search = await management.listEntries({ contentType: 'banner', locale: 'en-us', search: 'SPRING' });
    expect(search.items.map((item) => item.uid)).toEqual(['spring-banner', 'spring-banner-2']);
    const first = await management.listEntries({ contentType: 'banner', locale: 'en-us', limit: 2 });
    expect(first.items.map((item) => item.uid)).toEqual(['banner-spare', 'banner-winter']);
    const second = await management.listEntries({
      contentType: 'banner',
      locale: 'en-us',
      limit: 2,
      after: first.next!,
    });
    expect(second).toMatchObject({ next: null });
    expect(second.items.map((item) => item.uid)).toEqual(['spring-banner', 'spring-banner-2']);
    const french = await management.listEntries({ contentType: 'page', locale: 'fr' });
    expect(french.items.map((item) => [item.uid, item.locale])).toEqual([['winter', 'fr']]);
    const german = await management.listEntries({ contentType: 'page', locale: 'de' });
    expect(german.items.map((item) => [item.uid, item.locale])).toEqual([['winter', 'en-us']]);
    const recent = await management.listEntries({
      contentType: 'banner',
      locale: 'en-us',
      changedSince: springStart,
    });
    expect(recent.items.map((item) => item.uid)).toEqual(['spring-banner', 'spring-banner-2']);
  });

  it('assets: an image upload is stored re-encoded; an SVG with a script is refused; delete is refused while used', async () => {
    const png = await sharp({
      create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const asset = await management.assets.upload(editor, { filename: '../Red Square.png', bytes: png });
    expect(asset).toMatchObject({ filename: 'Red-Square.png', contentType: 'image/png', publishedTo: [] });
    expect(asset.url).toBe(`/media/i/ridgeline/${asset.uid}`);
    expect((await management.assets.list({ search: 'red' })).items.map((a) => a.uid)).toEqual([asset.uid]);
    const before = (await management.assets.list({ limit: 200 })).items.length;
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refused = await refusal(() => management.assets.upload(editor, { filename: 'x.png', bytes: svg }));
    expect(refused.refusal).toMatchObject({ code: 'invalid', problems: [{ path: ['file'] }] });
    expect(refused.refusal.message).toMatch(/not a JPEG, PNG, WebP or AVIF image/);
    expect((await management.assets.list({ limit: 200 })).items.length).toBe(before);
    await management.assets.publish(editor, asset.uid, ['production']);
    expect((await management.assets.get(asset.uid))?.publishedTo).toEqual(['production']);
    await management.saveEntry(editor, {
      contentType: 'banner',
      uid: 'banner-spare',
      locale: 'en-us',
      fields: { title: 'Spare banner', background: { type: 'Image', amplience_id: asset.uid } },
    });
    const used = await refusal(() => management.assets.delete(editor, asset.uid));
    expect(used.refusal).toMatchObject({
      code: 'referenced',
      referrers: [{ contentType: 'banner', uid: 'banner-spare', locale: 'en-us' }],
    });
    await management.saveEntry(editor, {
      contentType: 'banner',
      uid: 'banner-spare',
      locale: 'en-us',
      fields: { title: 'Spare banner', background: { type: 'Image', amplience_id: 'banner-powder-day' } },
    });
    await management.assets.delete(editor, asset.uid);
    expect(await management.assets.get(asset.uid)).toBeNull();
  });

  it('deletes an entry nothing published references, with its versions and publications', async () => {
    await management.deleteEntry(editor, 'banner', 'spring-banner-2');
    expect(await management.getEntry('banner', 'spring-banner-2', 'en-us')).toBeNull();
    expect(await management.versions('banner', 'spring-banner-2', 'en-us')).toEqual([]);
    expect(
      (await refusal(() => management.deleteEntry(editor, 'banner', 'spring-banner-2'))).refusal.code,
    ).toBe('not-found');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { bumpDataVersion } from '#server/cache/data-version.ts';
import { dataVersions } from '#server/cache/schema.ts';
import { productCategories } from '#server/commerce/schema-catalogue.ts';
import { loadConfig } from '#server/config.ts';
import {
  type ContentManagement,
  createContentManagement,
  createContentServices,
} from '#server/content/index.ts';
import { type DatabaseHandle, openPostgres } from '#server/db/database.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { insertActor } from '../support/staff-actor.ts';
import { eventually, storeProcess } from '../support/store-process.ts';
import { createPostgresDatabase, openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

const SLUG = 'ridgeline-summit-trail-mens';
const POST = 'caring-for-your-snowshoes';
const OTHER_POST = 'long-trail-in-a-week';
const HEADER = 'site-header';

/** One server process over a database whose pages show the header and read the built-in content service. */
function storeOf(handle: DatabaseHandle, dataDir: string) {
  const content = createContentServices({ config: loadConfig({ DATA_DIR: dataDir }), db: handle.db });
  return storeProcess(handle, { content: content.client });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Saves a new working copy of an entry with `change` applied to its fields, and publishes it to production. */
async function republish(
  management: ContentManagement,
  editor: Actor,
  contentType: string,
  uid: string,
  change: Record<string, unknown>,
) {
  const draft = await management.getEntry(contentType, uid, 'en-us');
  await management.saveEntry(editor, {
    contentType,
    uid,
    locale: 'en-us',
    fields: { ...draft!.fields, ...change },
  });
  await management.publish(editor, {
    contentType,
    uid,
    locales: ['en-us'],
    environments: ['production'],
  });
}

async function contentVersion(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.db.select().from(dataVersions).where(eq(dataVersions.scope, 'content'));
  return row?.version ?? 0;
}

describe.each(testDatabaseTargets)('content changes at the grain of an entry on $name', (target) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let management: ContentManagement;
  let editor: Actor;
  let categoryId: number;

  beforeAll(async () => {
    handle = await openSeeded(target);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-content-grain-'));
    management = createContentManagement({ db: handle.db, config: { CONTENT_ENVIRONMENT: 'production' } });
    editor = await insertActor(handle.db, 'editor', 'content-grain-test@ridgeline.example');
    const [listed] = await handle.db
      .select()
      .from(productCategories)
      .where(eq(productCategories.productId, catalogueProductId(SLUG)))
      .limit(1);
    categoryId = listed!.categoryId;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishing a blog post re-renders the blog index and that post, and leaves product and category pages cached', async () => {
    const store = storeOf(handle, dataDir);
    const product = await store.get(`/p/${SLUG}`);
    const category = await store.get(`/c/${categoryId}`);
    const index = await store.get('/blog');
    expect(index.body).not.toContain('Snowshoe care, revised');
    await store.get(`/blog/${POST}`);
    const before = await contentVersion(handle);
    await republish(management, editor, 'blog', POST, { title: 'Snowshoe care, revised' });
    expect(await contentVersion(handle)).toBeGreaterThan(before);
    const post = await eventually(
      () => store.get(`/blog/${POST}`),
      (page) => page.body.includes('Snowshoe care, revised'),
    );
    expect(post).toMatchObject({ state: 'MISS' });
    expect(post.body).toContain('Snowshoe care, revised');
    const relisted = await store.get('/blog');
    expect(relisted.state).toBe('MISS');
    expect(relisted.body).toContain('Snowshoe care, revised');
    expect(await store.get(`/p/${SLUG}`)).toEqual({ state: 'HIT', body: product.body });
    expect(await store.get(`/c/${categoryId}`)).toEqual({ state: 'HIT', body: category.body });
  });

  it('unpublishing a post takes it off the blog index and leaves product pages cached', async () => {
    const store = storeOf(handle, dataDir);
    const product = await store.get(`/p/${SLUG}`);
    const index = await store.get('/blog');
    const title = (await management.getEntry('blog', OTHER_POST, 'en-us'))!.title;
    expect(index.body).toContain(title);
    await management.unpublish(editor, {
      contentType: 'blog',
      uid: OTHER_POST,
      locales: ['en-us'],
      environments: ['production'],
    });
    const relisted = await eventually(
      () => store.get('/blog'),
      (page) => !page.body.includes(title),
    );
    expect(relisted.state).toBe('MISS');
    expect(relisted.body).not.toContain(title);
    expect(await store.get(`/p/${SLUG}`)).toEqual({ state: 'HIT', body: product.body });
  });

  it('editing the header, which every page shows, re-renders every page', async () => {
    const store = storeOf(handle, dataDir);
    const paths = ['/blog', `/p/${SLUG}`, `/c/${categoryId}`, '/search'];
    for (const path of paths) await store.get(path);
    for (const path of paths) expect((await store.get(path)).state).toBe('HIT');
    await republish(management, editor, 'header', HEADER, { title: 'Ridgeline header, winter' });
    await eventually(
      () => store.get('/blog'),
      (page) => page.body.startsWith('Ridgeline header, winter |'),
    );
    for (const path of paths.slice(1)) {
      const page = await store.get(path);
      expect(page.state, path).toBe('MISS');
      expect(page.body.startsWith('Ridgeline header, winter |'), path).toBe(true);
    }
  });

  it('a search rebuild re-renders the pages that show search answers and no other', async () => {
    const store = storeOf(handle, dataDir);
    const product = await store.get(`/p/${SLUG}`);
    const blog = await store.get('/blog');
    await store.get('/search');
    expect((await store.get('/search')).state).toBe('HIT');
    await bumpDataVersion(handle.db, 'search');
    const search = await eventually(
      () => store.get('/search'),
      (page) => page.state === 'MISS',
    );
    expect(search.state).toBe('MISS');
    expect(await store.get(`/p/${SLUG}`)).toEqual({ state: 'HIT', body: product.body });
    expect(await store.get('/blog')).toEqual({ state: 'HIT', body: blog.body });
  });

  it('a content change the publication log does not explain (an asset) still empties every page', async () => {
    const store = storeOf(handle, dataDir);
    await store.get(`/p/${SLUG}`);
    await pause(150);
    expect((await store.get(`/p/${SLUG}`)).state).toBe('HIT');
    await handle.db.execute(sql`update content_assets set updated_at = now() where uid = (
      select uid from content_assets order by uid limit 1)`);
    const page = await eventually(
      () => store.get(`/p/${SLUG}`),
      (value) => value.state === 'MISS',
    );
    expect(page.state).toBe('MISS');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a publication across two processes on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    first = await openPostgres(database.url, { poolMax: 4 });
    await first.migrate();
    await seedDemoStore(first.db);
    second = await openPostgres(database.url, { poolMax: 4 });
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-content-grain-two-'));
  }, 120_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("a post published through one re-renders the other's blog within two seconds and keeps its product page", async () => {
    const management = createContentManagement({
      db: first.db,
      config: { CONTENT_ENVIRONMENT: 'production' },
    });
    const editor = await insertActor(first.db, 'editor', 'content-grain-two@ridgeline.example');
    const two = storeOf(second, dataDir);
    const product = await two.get(`/p/${SLUG}`);
    await two.get(`/blog/${POST}`);
    await pause(150);
    expect((await two.get(`/blog/${POST}`)).state).toBe('HIT');
    const published = Date.now();
    await republish(management, editor, 'blog', POST, { title: 'Published through the other process' });
    const seen = await eventually(
      () => two.get(`/blog/${POST}`),
      (page) => page.body.includes('Published through the other process'),
    );
    expect(seen.body).toContain('Published through the other process');
    expect(Date.now() - published).toBeLessThan(2000);
    expect(await two.get(`/p/${SLUG}`)).toEqual({ state: 'HIT', body: product.body });
  });
});

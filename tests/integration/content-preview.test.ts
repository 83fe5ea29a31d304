import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_COOKIE } from '#core/content-preview.ts';
import { createPageCache } from '#server/cache/page-cache.ts';
import { loadConfig } from '#server/config.ts';
import type { ContentPreview } from '#server/content/index.ts';
import { PREVIEW_BANNER_TEXT } from '#server/content/preview/index.ts';
import { renderPreviewPage } from '#server/content/preview/preview-page.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createHttpApp } from '#server/http/app.ts';
import { seedDemoContent } from '#server/seed/demo-content.ts';
import { seedReferenceData } from '#server/seed/seed.ts';
import { createServices, type Services } from '#server/services.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

const HOUR = 3600 * 1000;
// The published wording: the amount comes from the shipping settings when the page is rendered (issue 40).
const LIVE_ALERT = 'Free shipping on orders over {amount} — and free returns for 60 days.';
const DRAFT = {
  contentType: 'top_alert',
  uid: 'alert-us',
  title: 'Preview check: snowshoe waxing is free all week.',
};
const ACTOR = { token: 'content-preview-test' };

describe.each(testDatabaseTargets)('content preview on $name', (target) => {
  let handle: DatabaseHandle;
  let services: Services;
  let preview: ContentPreview;
  let app: Hono;
  let dataDir: string;

  /** A new version of the US top alert, saved and not published: the working copy only. */
  async function saveDraft() {
    const management = services.contentManagement;
    const current = await management.getEntry(DRAFT.contentType, DRAFT.uid, 'en-us');
    await management.saveEntry(ACTOR, {
      contentType: DRAFT.contentType,
      uid: DRAFT.uid,
      locale: 'en-us',
      fields: { ...current!.fields, title: DRAFT.title },
      expectedVersion: current!.version,
    });
  }

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedDemoContent(handle.db);
    await seedReferenceData(handle.db);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-preview-'));
    services = createServices({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CONTENT_CACHE_POLICY: '-1' }),
      logger: pino({ level: 'silent' }),
      db: handle.db,
      build: { id: 'test', timestamp: 0 },
    });
    preview = services.content.preview!;
    app = createHttpApp({ services, database: handle });
    await saveDraft();
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const cms = (path: string, headers: Record<string, string> = {}) =>
    app.request(`/cms/v3${path}?environment=production&locale=en-us`, {
      headers: {
        api_key: services.config.CONTENT_API_KEY,
        access_token: services.config.CONTENT_DELIVERY_TOKEN,
        ...headers,
      },
    });

  it('the delivery protocol answers drafts only to the server’s preview token', async () => {
    const path = `/content_types/${DRAFT.contentType}/entries/${DRAFT.uid}`;
    const live = await cms(path);
    expect(((await live.json()) as { entry: { title: string } }).entry.title).toBe(LIVE_ALERT);
    const drafted = await cms(path, { preview_token: services.config.CONTENT_PREVIEW_TOKEN });
    expect(drafted.status).toBe(200);
    expect(((await drafted.json()) as { entry: { title: string } }).entry.title).toBe(DRAFT.title);
    const wrong = await cms(path, { preview_token: `${services.config.CONTENT_PREVIEW_TOKEN}x` });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error_message: string }).error_message).toBe(
      'Preview token is not valid.',
    );
  });

  it('the preview client shows the draft in the page’s header; the live client does not, cached or not', async () => {
    const alerts = async (client: typeof preview.client) =>
      (await client.header('en-us', 'us'))?.top_alert.map((alert) => alert.title);
    expect(await alerts(services.content.client)).toEqual([LIVE_ALERT]);
    expect(await alerts(preview.client)).toEqual([DRAFT.title]);
    // Nothing the preview read is kept: its client has no cache.
    expect(preview.client.delivery.cacheSize).toBe(0);
    expect(await alerts(services.content.client)).toEqual([LIVE_ALERT]);
  });

  it('an entry never published shows in preview only', async () => {
    const model = await services.contentManagement.getEntry('top_alert', 'alert-ca', 'en-us');
    const title = 'A new alert only the preview shows';
    const created = await services.contentManagement.createEntry(ACTOR, {
      contentType: 'top_alert',
      locale: 'en-us',
      fields: { ...model!.fields, title },
    });
    const path = `/content_types/top_alert/entries/${created.uid}`;
    expect((await cms(path)).status).toBe(404);
    const drafted = await cms(path, { preview_token: services.config.CONTENT_PREVIEW_TOKEN });
    expect(((await drafted.json()) as { entry: { title: string } }).entry.title).toBe(title);
  });

  it('a signed link sets a short-lived HttpOnly preview cookie and opens its page, uncached and unindexed', async () => {
    const { href, expiresAt } = preview.linkFor('/en-us/blog/p/preview-only-post');
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * HOUR);
    const response = await app.request(href);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en-us/blog/p/preview-only-post');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${PREVIEW_COOKIE}=\\d+\\.[0-9a-f]{64}; `));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    const value = cookie.split(';')[0] as string;
    const page = new Request('http://localhost/en-us', { headers: { cookie: `consent=all; ${value}` } });
    expect(preview.cookies.active(page)).toBe(true);
  });

  it('an expired link answers 403 with a message, and sets no cookie', async () => {
    const { href } = preview.linkFor('/en-us', new Date(Date.now() - 25 * HOUR));
    const response = await app.request(href);
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.text()).toContain('This preview link has expired');
  });

  it('a tampered link answers 403 with a message: another path, another expiry, another signature', async () => {
    const { href } = preview.linkFor('/en-us');
    const [payload, signature] = href.slice('/preview/'.length).split('.') as [string, string];
    const body = JSON.parse(Buffer.from(payload, 'hex').toString());
    const forged = (value: object) => Buffer.from(JSON.stringify(value)).toString('hex');
    const attempts = [
      `/preview/${forged({ ...body, p: '/en-us/account' })}.${signature}`,
      `/preview/${forged({ ...body, e: body.e + 86400 * 365 })}.${signature}`,
      `/preview/${payload}.${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`,
      `/preview/${payload}`,
      '/preview/not-a-link',
    ];
    for (const attempt of attempts) {
      const response = await app.request(attempt);
      expect(response.status, attempt).toBe(403);
      expect(response.headers.get('set-cookie'), attempt).toBeNull();
      expect(await response.text(), attempt).toContain('This preview link is not valid');
    }
  });

  it('a link never leads off the store: only storefront paths can be signed', () => {
    for (const path of ['//evil.example/', 'https://evil.example/', '/admin', '/\\evil.example', '/cms/v3'])
      expect(() => preview.linkFor(path), path).toThrow();
  });

  it('a genuine cookie previews storefront pages, never the back office (issue 40)', () => {
    const cookie = `${PREVIEW_COOKIE}=${preview.signer.cookieValue(new Date(Date.now() + HOUR))}`;
    const asked = (path: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
    expect(preview.applies(asked('/en-us'))).toBe(true);
    expect(preview.applies(asked('/de-de/support.data'))).toBe(true);
    for (const path of ['/admin', '/admin/content/top_alert', '/admin.data'])
      expect(preview.applies(asked(path)), path).toBe(false);
    expect(preview.applies(new Request('http://localhost/en-us'))).toBe(false);
  });

  it('only a genuine, unexpired cookie counts; the exit link clears it and returns to the page', async () => {
    const request = (value: string) =>
      new Request('http://localhost/en-us', { headers: { cookie: `${PREVIEW_COOKIE}=${value}` } });
    const good = preview.signer.cookieValue(new Date(Date.now() + HOUR));
    expect(preview.cookies.active(request(good))).toBe(true);
    expect(preview.cookies.active(request(preview.signer.cookieValue(new Date(Date.now() - 1000))))).toBe(
      false,
    );
    const [expiry, signature] = good.split('.') as [string, string];
    expect(preview.cookies.active(request(`${Number(expiry) + 86400}.${signature}`))).toBe(false);
    expect(preview.cookies.active(request('1'))).toBe(false);
    // A link signature is no cookie signature, and the other way round.
    const link = preview.linkFor('/en-us').href.slice('/preview/'.length);
    expect(preview.cookies.active(request(link))).toBe(false);

    const exit = await app.request('/preview/exit?to=%2Fde-de%2Fsupport');
    expect(exit.status).toBe(303);
    expect(exit.headers.get('location')).toBe('/de-de/support');
    expect(exit.headers.get('set-cookie')).toMatch(new RegExp(`^${PREVIEW_COOKIE}=; .*Max-Age=0`));
    const away = await app.request('/preview/exit?to=%2F%2Fevil.example');
    expect(away.headers.get('location')).toBe('/');
  });
});

describe('a page rendered in preview', () => {
  const html =
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Home</title></head><body><div id="app">Home</div><script>1</script></body></html>';
  const render = async () =>
    new Response(html, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=0, s-maxage=30',
      },
    });

  it('is marked with the banner and its exit link, a robots meta, no-store and noindex', async () => {
    const response = await renderPreviewPage(new Request('http://localhost/en-us/support?q=1'), render);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('vary')).toContain('Cookie');
    const body = await response.text();
    expect(body).toContain('<head><meta name="robots" content="noindex, nofollow">');
    expect(body).toContain(PREVIEW_BANNER_TEXT);
    expect(body).toContain('href="/preview/exit?to=%2Fen-us%2Fsupport%3Fq%3D1"');
    expect(body.indexOf('id="rl-preview-banner"')).toBeGreaterThan(body.indexOf('<script>1</script>'));
    expect(body.endsWith('</div></body></html>')).toBe(true);
  });

  it('route data (.data) gets the headers and no banner', async () => {
    const data = async () => new Response('[{"x":1}]', { headers: { 'content-type': 'text/x-script' } });
    const response = await renderPreviewPage(new Request('http://localhost/en-us.data'), data);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.text()).toBe('[{"x":1}]');
  });

  it('the page cache neither serves nor keeps a request with a preview cookie', async () => {
    let renders = 0;
    const cache = createPageCache({
      render: async () => {
        renders++;
        return render();
      },
      dataVersion: async () => 'v1',
    });
    const previewing = () =>
      new Request('http://localhost/en-us', { headers: { cookie: `${PREVIEW_COOKIE}=1.x` } });
    await cache.handle(previewing());
    await cache.handle(previewing());
    expect(renders).toBe(2);
    expect(cache.size()).toBe(0);
    expect(cache.stats.bypass).toBe(2);
    // An anonymous visitor is cached as before.
    await cache.handle(new Request('http://localhost/en-us'));
    expect(cache.size()).toBe(1);
  });
});

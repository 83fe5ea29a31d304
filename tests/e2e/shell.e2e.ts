import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVED_LOCALES } from '#core/served-locales.ts';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Pushed = Record<string, unknown> | IArguments;
const pageViews = (pushed: Pushed[]) =>
  pushed.filter(
    (entry) => !('length' in entry) && (entry as Record<string, unknown>).event === 'content-view',
  );

describe('tag manager data layer (§7)', () => {
  it('receives consent first and exactly one page view per navigation', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('networkidle');
      const readLayer = () =>
        page.evaluate(() =>
          ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? []).map((entry) =>
            typeof entry === 'object' && entry !== null && 'length' in entry
              ? { kind: 'gtag', args: Array.from(entry as ArrayLike<unknown>) }
              : entry,
          ),
        );
      let layer = (await readLayer()) as Array<Record<string, unknown>>;
      expect(layer[0]).toEqual({
        kind: 'gtag',
        args: ['consent', 'default', expect.objectContaining({ analytics_storage: 'granted' })],
      });
      expect(layer.filter((entry) => entry.event === 'content-view')).toEqual([
        { event: 'content-view', 'content-name': '/', 'content-view-name': 'index' },
      ]);

      await page.getByRole('link', { name: /Country and language/ }).click();
      await page.getByRole('heading', { name: 'Choose your country and language' }).waitFor();
      await page.getByRole('link', { name: 'Cookie settings' }).click();
      await page.getByRole('heading', { name: 'Cookie settings' }).waitFor();
      layer = (await readLayer()) as Array<Record<string, unknown>>;
      const views = layer.filter((entry) => entry.event === 'content-view');
      expect(views.map((view) => view['content-name'])).toEqual([
        '/',
        '/en-us/country?returnTo=%2F',
        '/en-us/consent',
      ]);
      expect(views.at(-1)?.['content-view-name']).toBe('consent');
      expect(pageViews([])).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('cookie consent', () => {
  it('asks a German visitor first, by keyboard, and remembers the answer', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    await context.addCookies([
      { name: 'country', value: 'de', url: server.url },
      { name: 'language', value: 'de', url: server.url },
    ]);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/de-de`);
      const banner = page.getByRole('region', { name: 'Cookies bei Ridgeline' });
      await banner.waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      const layer = await page.evaluate(() =>
        JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer),
      );
      expect(layer).toContain('"analytics_storage":"denied"');

      await page.getByRole('button', { name: 'Nur notwendige' }).focus();
      await page.keyboard.press('Enter');
      await banner.waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'consent')?.value)
        .toBe(encodeURIComponent('analytics=denied,marketing=denied'));
      await page.reload();
      expect(await page.getByRole('region', { name: 'Cookies bei Ridgeline' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('does not ask a US visitor, who can still opt out from the footer', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/`);
      expect(await page.getByRole('region', { name: 'Cookies on Ridgeline' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Cookie settings' }).click();
      await page.getByRole('button', { name: 'Only necessary' }).click();
      await page.getByRole('status').filter({ hasText: 'Your choice is saved.' }).waitFor();
      expect(await page.locator('.consent-state dd').allTextContents()).toEqual([
        'Always on',
        'Not allowed',
        'Not allowed',
      ]);
    } finally {
      await context.close();
    }
  });
});

describe('SEO', () => {
  it('gives each page one canonical and complete hreflang alternates', async () => {
    const html = await (
      await fetch(`${server.url}/en-us/country`, { headers: { cookie: 'country=us; language=en' } })
    ).text();
    const canonicals = html.match(/<link rel="canonical"[^>]*>/g) ?? [];
    expect(canonicals).toHaveLength(1);
    expect(canonicals[0]).toContain(`href="${server.url}/en-us/country"`);
    expect(html).toContain(`href="${server.url}/fr-ca/country" hrefLang="fr-CA"`);
    expect(html).toContain(`href="${server.url}/en-us/country" hrefLang="x-default"`);
    expect(html.match(/rel="alternate"/g)?.length).toBe(SERVED_LOCALES.length + 1);
  });

  it('serves a sitemap index and per-locale sitemaps that parse as XML', async () => {
    const page = await browser.newPage();
    try {
      const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
      const locales = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        if (doc.getElementsByTagName('parsererror').length) throw new Error('sitemap index is not XML');
        return Array.from(doc.getElementsByTagName('loc')).map((loc) => loc.textContent);
      }, index);
      expect(locales).toContain(`${server.url}/sitemap-ja-jp.xml`);
      const sitemap = await (await fetch(`${server.url}/sitemap-ja-jp.xml`)).text();
      const urls = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        if (doc.getElementsByTagName('parsererror').length) throw new Error('sitemap is not XML');
        return Array.from(doc.getElementsByTagName('loc')).map((loc) => loc.textContent);
      }, sitemap);
      expect(urls).toContain(`${server.url}/ja-jp`);
      for (const url of urls) {
        const response = await fetch(url!, {
          headers: { cookie: 'country=jp; language=ja', 'user-agent': 'Googlebot/2.1' },
        });
        expect(response.status, url!).toBe(200);
      }
    } finally {
      await page.close();
    }
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const text = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

describe('main menu', () => {
  it('works with the keyboard alone', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('networkidle');
      const snowshoes = page.locator('.main-nav summary', { hasText: 'Snowshoes' });
      // Tab from the top of the page until the Snowshoes menu button has focus.
      for (let step = 0; step < 20; step++) {
        await page.keyboard.press('Tab');
        if (await snowshoes.evaluate((element) => element === document.activeElement)) break;
      }
      await expect.poll(() => snowshoes.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      const panel = page.locator('.main-nav details[open] .mega-panel');
      await panel.waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      expect(focused).toBe('Shop all: Snowshoes');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await snowshoes.evaluate((element) => element === document.activeElement)).toBe(true);

      // Opening another menu closes the first; Enter on a link navigates.
      await page.keyboard.press('Enter');
      const accessories = page.locator('.main-nav summary', { hasText: 'Accessories' });
      await accessories.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.locator('.main-nav details[open] summary').allTextContents())
        .toEqual(['Accessories']);
    } finally {
      await context.close();
    }
  });

  it('opens the mobile menu on a phone and closes it on navigation', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.main-nav').isVisible()).toBe(false);
      await page.locator('.mobile-menu > summary').click();
      await page.locator('.mobile-menu__panel summary', { hasText: 'Explore' }).click();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.locator('.mobile-menu__secondary').getByRole('link', { name: 'Find a dealer' }).click();
      await page.waitForURL(/\/en-us\/stores$/);
      await expect.poll(() => page.locator('.mobile-menu[open]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('newsletter signup in the footer', () => {
  it('subscribes in place with JavaScript and by a plain post without it', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ locale: 'en-US', javaScriptEnabled });
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/`);
        if (javaScriptEnabled) await page.waitForLoadState('networkidle');
        const form = page.locator('#newsletter');
        await form.getByLabel('Your email address').fill(`walker-${javaScriptEnabled}@example.com`);
        await form.getByRole('button', { name: 'Sign up' }).click();
        await form.getByRole('status').filter({ hasText: 'Thanks! Check your inbox to confirm.' }).waitFor();
        if (!javaScriptEnabled) expect(page.url()).toContain('subscribed=1');
      } finally {
        await context.close();
      }
    }
  });

  it('refuses a bad address or a list the region does not offer, with a clear message', async () => {
    const post = (body: Record<string, string>) =>
      fetch(`${server.url}/en-us/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'country=us; language=en' },
        body: new URLSearchParams(body),
        redirect: 'manual',
      });
    const badEmail = await post({ email: 'not-an-email', list: 'ridgeline-news-na' });
    expect(badEmail.status).toBe(400);
    const otherRegion = await post({ email: 'a@example.com', list: 'ridgeline-news-eu' });
    expect(otherRegion.status).toBe(400);
  });
});

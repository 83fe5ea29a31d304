import type { Page } from '@playwright/test';
import { SERVED_LOCALES } from '#core/served-locales.ts';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { expectHydrated, holdScripts, markWindow, openHydrated } from './shopper.ts';

/** The shell around every page: tag manager, cookie consent, SEO, the menus, the footer's newsletter. */

ownStoreFor(import.meta.url);

type Pushed = Record<string, unknown> | IArguments;
const pageViews = (pushed: Pushed[]) =>
  pushed.filter(
    (entry) => !('length' in entry) && (entry as Record<string, unknown>).event === 'content-view',
  );

/** The page's dataLayer, gtag() calls (arguments objects) written as { kind: 'gtag', args }. */
const readLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? []).map((entry) =>
      typeof entry === 'object' && entry !== null && 'length' in entry
        ? { kind: 'gtag', args: Array.from(entry as ArrayLike<unknown>) }
        : entry,
    ),
  ) as Promise<Array<Record<string, unknown>>>;

const contentViews = async (page: Page) =>
  (await readLayer(page)).filter((entry) => entry.event === 'content-view');

test.describe('tag manager data layer (§7)', () => {
  test('receives consent first and exactly one page view per navigation', async ({ page }) => {
    await openHydrated(page, '/');
    await expect
      .poll(() => contentViews(page))
      .toEqual([{ event: 'content-view', 'content-name': '/', 'content-view-name': 'index' }]);
    expect((await readLayer(page))[0]).toEqual({
      kind: 'gtag',
      args: ['consent', 'default', expect.objectContaining({ analytics_storage: 'granted' })],
    });

    await page.getByRole('link', { name: /Country and language/ }).click();
    await expect(page.getByRole('heading', { name: 'Choose your country and language' })).toBeVisible();
    await page.getByRole('link', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('heading', { name: 'Cookie settings' })).toBeVisible();
    await expect
      .poll(async () => (await contentViews(page)).map((view) => view['content-name']))
      .toEqual(['/', '/en-us/country?returnTo=%2F', '/en-us/consent']);
    expect((await contentViews(page)).at(-1)?.['content-view-name']).toBe('consent');
    expect(pageViews([])).toEqual([]);
  });
});

test.describe('cookie consent', () => {
  test.describe('in Germany', () => {
    test.use({ locale: 'de-DE' });

    test('asks a German visitor first, by keyboard, and remembers the answer', async ({ page, store }) => {
      const context = page.context();
      await context.addCookies([
        { name: 'country', value: 'de', url: store.url },
        { name: 'language', value: 'de', url: store.url },
      ]);
      await page.goto('/de-de');
      const banner = page.getByRole('region', { name: 'Cookies bei Ridgeline' });
      await expect(banner).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      const layer = await page.evaluate(() =>
        JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer),
      );
      expect(layer).toContain('"analytics_storage":"denied"');

      await page.getByRole('button', { name: 'Nur notwendige' }).focus();
      await page.keyboard.press('Enter');
      await expect(banner).toHaveCount(0);
      await expect
        .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'consent')?.value)
        .toBe(encodeURIComponent('analytics=denied,marketing=denied'));
      await page.reload();
      await expect(page.getByRole('region', { name: 'Cookies bei Ridgeline' })).toHaveCount(0);
    });

    test('keeps the keyboard on the button reached before the page hydrated and answers in place', async ({
      page,
      store,
    }) => {
      await page.context().addCookies([
        { name: 'country', value: 'de', url: store.url },
        { name: 'language', value: 'de', url: store.url },
      ]);
      // A keyboard user on a slow phone reaches the banner's button before the scripts have run: hydration
      // must keep that button (a form swapped at hydration replaced it and the focus fell back to the page).
      const release = await holdScripts(page);
      await page.goto('/de-de', { waitUntil: 'domcontentloaded' });
      const banner = page.getByRole('region', { name: 'Cookies bei Ridgeline' });
      const choice = banner.getByRole('button', { name: 'Alle akzeptieren' });
      await choice.focus();
      release();
      await expectHydrated(choice);
      const sameWindow = await markWindow(page);
      await expect(choice).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(banner).toHaveCount(0);
      await expect
        .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'consent')?.value)
        .toBe(encodeURIComponent('analytics=granted,marketing=granted'));
      // Saved in place: the same window, no reload.
      expect(await sameWindow()).toBe(true);
    });
  });

  test('does not ask a US visitor, who can still opt out from the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Cookies on Ridgeline' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Cookie settings' }).click();
    await page.getByRole('button', { name: 'Only necessary' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your choice is saved.' })).toBeVisible();
    // What each kind of cookie is now set to: the <dd> of each <dt>.
    await expect(page.getByRole('main').getByRole('definition')).toHaveText([
      'Always on',
      'Not allowed',
      'Not allowed',
    ]);
  });
});

test.describe('SEO', () => {
  test('gives each page one canonical and complete hreflang alternates', async ({ store }) => {
    const html = await (
      await fetch(`${store.url}/en-us/country`, { headers: { cookie: 'country=us; language=en' } })
    ).text();
    const canonicals = html.match(/<link rel="canonical"[^>]*>/g) ?? [];
    expect(canonicals).toHaveLength(1);
    expect(canonicals[0]).toContain(`href="${store.url}/en-us/country"`);
    expect(html).toContain(`href="${store.url}/fr-ca/country" hrefLang="fr-CA"`);
    expect(html).toContain(`href="${store.url}/en-us/country" hrefLang="x-default"`);
    expect(html.match(/rel="alternate"/g)?.length).toBe(SERVED_LOCALES.length + 1);
  });

  test('serves a sitemap index and per-locale sitemaps that parse as XML', async ({ page, store }) => {
    // The browser's own XML parser reads the sitemaps (the page itself stays blank).
    const index = await (await fetch(`${store.url}/sitemap.xml`)).text();
    const locales = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length) throw new Error('sitemap index is not XML');
      return Array.from(doc.getElementsByTagName('loc')).map((loc) => loc.textContent);
    }, index);
    expect(locales).toContain(`${store.url}/sitemap-ja-jp.xml`);
    const sitemap = await (await fetch(`${store.url}/sitemap-ja-jp.xml`)).text();
    const urls = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length) throw new Error('sitemap is not XML');
      return Array.from(doc.getElementsByTagName('loc')).map((loc) => loc.textContent);
    }, sitemap);
    expect(urls).toContain(`${store.url}/ja-jp`);
    for (const url of urls) {
      const response = await fetch(url!, {
        headers: { cookie: 'country=jp; language=ja', 'user-agent': 'Googlebot/2.1' },
      });
      expect(response.status, url!).toBe(200);
    }
  });

  test('serves robots.txt pointing at the sitemap', async ({ store }) => {
    const text = await (await fetch(`${store.url}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${store.url}/sitemap.xml`);
  });
});

test.describe('main menu', () => {
  test('works with the keyboard alone', async ({ page }) => {
    await openHydrated(page, '/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    // A menu button is a <summary>, which has no role: it is found by its text.
    const snowshoes = mainNav.getByText('Snowshoes', { exact: true });
    // Tab from the top of the page until the Snowshoes menu button has focus.
    for (let step = 0; step < 20; step++) {
      await page.keyboard.press('Tab');
      if (await snowshoes.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(snowshoes).toBeFocused();
    await page.keyboard.press('Enter');
    // An open menu's panel starts with its 'Shop all' link (a closed menu's links are hidden).
    const shopAll = mainNav.getByRole('link', { name: 'Shop all: Snowshoes' });
    await expect(shopAll).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await expect(shopAll).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(shopAll).toBeHidden();
    await expect(snowshoes).toBeFocused();

    // Opening another menu closes the first; Enter on a link navigates.
    await page.keyboard.press('Enter');
    const accessories = mainNav.getByText('Accessories', { exact: true });
    await accessories.focus();
    await page.keyboard.press('Enter');
    await expect(mainNav.getByRole('link', { name: /^Shop all: / })).toHaveText(['Shop all: Accessories']);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('opens the mobile menu on a phone and closes it on navigation', async ({ page }) => {
      await openHydrated(page, '/');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      const menu = page.getByRole('navigation', { name: 'Menu' });
      // The menu button is a <summary> (no role), its word 'Menu' under the icon.
      await page
        .locator('summary')
        .filter({ hasText: /^Menu$/ })
        .click();
      await menu.getByText('Explore', { exact: true }).click();
      expect(await accessibilityViolations(page)).toEqual([]);
      // The secondary links follow the menus in the panel: the last 'Find a dealer' is that one.
      await menu.getByRole('link', { name: 'Find a dealer', exact: true }).last().click();
      await expect(page).toHaveURL(/\/en-us\/stores$/);
      await expect(menu).toBeHidden();
    });
  });
});

test.describe('newsletter signup in the footer', () => {
  test('subscribes in place with JavaScript and by a plain post without it', async ({ browser, baseURL }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ locale: 'en-US', javaScriptEnabled, baseURL });
      try {
        const page = await context.newPage();
        if (javaScriptEnabled) await openHydrated(page, '/');
        else await page.goto('/');
        const form = page.getByRole('region', { name: 'Fresh tracks in your inbox' });
        await form.getByLabel('Your email address').fill(`walker-${javaScriptEnabled}@example.com`);
        await form.getByRole('button', { name: 'Sign up' }).click();
        await expect(
          form.getByRole('status').filter({ hasText: 'Thanks! Check your inbox to confirm.' }),
        ).toBeVisible();
        if (!javaScriptEnabled) await expect(page).toHaveURL(/subscribed=1/);
      } finally {
        await context.close();
      }
    }
  });

  test('keeps an address typed before the page hydrated and subscribes with it in place', async ({
    page,
  }) => {
    // The page's scripts wait until the visitor has typed, so hydration meets a filled field (decision 0026
    // hydrates the footer after the header: a field swapped at hydration lost what was typed in it).
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('region', { name: 'Fresh tracks in your inbox' });
    await form.getByLabel('Your email address').fill('early-walker@example.com');
    release();
    await expectHydrated(form.getByRole('button', { name: 'Sign up' }));
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      form.getByRole('status').filter({ hasText: 'Thanks! Check your inbox to confirm.' }),
    ).toBeVisible();
    await expect(form.getByLabel('Your email address')).toHaveValue('early-walker@example.com');
    expect(page.url()).not.toContain('subscribed=1');
  });

  test('refuses a bad address or a list the region does not offer, with a clear message', async ({
    store,
  }) => {
    const post = (body: Record<string, string>) =>
      fetch(`${store.url}/en-us/newsletter`, {
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

import type { Page } from '@playwright/test';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { cartButton, openHydrated, sharePopupLoaded } from './shopper.ts';

/** What a shopper meets on a phone and a desktop (issue 18 #4-#7). */

// Every fresh visitor of the add-to-cart loop comes from this one address: its session limit must not be what the
// loop measures.
ownStoreFor(import.meta.url, { SESSION_CREATE_LIMIT_PER_IP: '1000' });

const PRODUCT = '/en-us/p/ridgeline-summit-trail-mens';
const VIEWPORTS = [1440, 390];

const addToCartButton = (page: Page) =>
  page.getByRole('button', { name: 'Add to cart', exact: true }).first();
const addedMessage = (page: Page) => page.getByText('Added to cart!');

// Issue 18 #4: fresh visitors adding at once. 20 adds by default (the file stays near 90 s); SHOPPER_ADDS=100
// npx playwright test shopper-journeys runs the 100 of the issue. Before the fix it met about 1 miss in 30 on a
// loaded machine: both answers waited for the whole reload after the action, the product page's loader included.
const ADDS = Number(process.env.SHOPPER_ADDS ?? 20);

test.describe('add to cart from fresh visitors (issue 18 #4)', () => {
  test('shows "Added to cart!" and the new count without waiting for the product page to reload', async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(60_000);
    // The cause of #4, made certain: the page's reload after the action (its product loader the slowest part)
    // takes longer than a shopper waits. Before the fix neither answer showed until it had finished.
    // A fresh visitor's product page, hydrated: the header's mini cart has just started loading.
    await openHydrated(page, PRODUCT);
    await page.route(`**${PRODUCT}.data*`, async (route) => {
      // The slow reload under test: its data held back 20 s.
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 20_000));
      await route.continue().catch(() => undefined);
    });
    await addToCartButton(page).click();
    await expect(addedMessage(page)).toBeVisible({ timeout: 10_000 });
    await expect(cartButton(page)).toHaveAttribute('data-count', '1', { timeout: 10_000 });
    // The button is ready for another add while the page data still reloads.
    await expect(addToCartButton(page)).toBeEnabled();
    expect(pageErrors).toEqual([]);
  });

  test('answers an add at once while a part of the page still waits for its code', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    // The cause of the misses left after the first fix: a server-rendered part whose code came in a chunk of its
    // own (the consent banner here, the product grids before) held every router update until that chunk had
    // arrived, so on a busy machine the message and the count came seconds late. A German first visitor sees the
    // banner; its chunk is held back for 12 s.
    const context = await browser.newContext({
      viewport: { width: 390, height: 900 },
      locale: 'de-DE',
      baseURL,
    });
    try {
      const page = await context.newPage();
      await page.route('**/assets/consent-banner-*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 12_000));
        await route.continue().catch(() => undefined);
      });
      await page.goto('/de-de/p/ridgeline-summit-trail-mens', { waitUntil: 'domcontentloaded' });
      // The German header's cart button and the product's add button and message.
      const germanCart = page.getByRole('button', { name: /^Warenkorb: / });
      await expect(germanCart).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('region', { name: 'Cookies bei Ridgeline' })).toHaveCount(1);
      await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).first().click();
      await expect(page.getByText('Zum Warenkorb hinzugefügt!')).toBeVisible({ timeout: 5_000 });
      await expect(germanCart).toHaveAttribute('data-count', '1', { timeout: 5_000 });
    } finally {
      await context.close();
    }
  });

  test(`shows "Added to cart!" and the new count every time: ${ADDS} adds, 0 misses`, async ({
    openShopper,
  }) => {
    test.skip(!(ADDS > 0), 'SHOPPER_ADDS=0 turns the add-to-cart loop off');
    test.setTimeout(1_800_000);
    const misses: string[] = [];
    const started = Date.now();
    const passed = () => true;
    const failed = () => false;
    for (let attempt = 0; attempt < ADDS; attempt++) {
      const width = VIEWPORTS[attempt % 2]!;
      const { context, page, errors } = await openShopper(width);
      // A fresh visitor's product page, hydrated: the header's mini cart has just started loading.
      await openHydrated(page, PRODUCT);
      // What the page fetched, printed with a miss: the next person starts from it.
      const traffic: string[] = [];
      page.on('requestfinished', (request) => {
        const { pathname } = new URL(request.url());
        if (request.resourceType() === 'fetch' || pathname.endsWith('.js'))
          traffic.push(`${request.method()} ${pathname}`);
      });
      page.on('requestfailed', (request) =>
        traffic.push(`failed ${request.method()} ${new URL(request.url()).pathname}`),
      );
      // At once, while the header's cart load is in flight: the race the shopper met.
      await addToCartButton(page).click();
      const shown = await expect(addedMessage(page)).toBeVisible({ timeout: 10_000 }).then(passed, failed);
      const count = await expect(cartButton(page))
        .toHaveAttribute('data-count', '1', { timeout: 10_000 })
        .then(passed, failed);
      if (!shown || !count) {
        misses.push(`#${attempt} at ${width} px: message ${shown}, count ${count}`);
        process.stdout.write(`miss #${attempt}:\n  ${traffic.join('\n  ')}\n`);
      }
      if (attempt < 2) {
        // §7 plural rules: one item, not '1 items'.
        await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart: 1 item');
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    process.stdout.write(`${ADDS} fresh adds, ${misses.length} misses, ${Date.now() - started} ms\n`);
    expect(misses).toEqual([]);
  });
});

/** Records the features of every window.open (the popup's geometry) before the page's scripts run. */
async function recordWindowOpens(page: Page) {
  // A string, not a function: the test's transpiler may wrap functions in helpers the page does not have.
  await page.addInitScript(`(() => {
    const opens = [];
    window.__opens = opens;
    const original = window.open.bind(window);
    window.open = (url, target, features) => {
      opens.push(features ?? '');
      return original(url, target, features);
    };
  })()`);
}

test.describe('the share popup (issue 18 #5, #7)', () => {
  for (const width of VIEWPORTS) {
    test(`replaces its popup on a second share and never asks for a negative left (${width} px)`, async ({
      openShopper,
      store,
    }) => {
      const { context, page, errors } = await openShopper(width);
      // The network's page, served here (the store has no way out of this closed network).
      await context.route('https://www.facebook.com/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Facebook</title><p>Share</p>',
        }),
      );
      await recordWindowOpens(page);
      await openHydrated(page, PRODUCT);
      const toggle = page.getByRole('button', { name: 'Share', exact: true });
      await toggle.click();
      await sharePopupLoaded(page);
      // The menu's network, not the footer's link to the store's own Facebook page.
      const facebook = page.locator('.share-menu').getByRole('link', { name: 'Facebook' });

      const first = context.waitForEvent('page');
      await facebook.click();
      const popup = await first;
      await popup.waitForLoadState('load');
      await expect(popup).toHaveTitle('Facebook');

      const changed = page.evaluate(
        () =>
          new Promise<boolean>((resolve) => document.addEventListener('share:change', () => resolve(true))),
      );
      const second = context.waitForEvent('page');
      // The menu stays open after a share (a click inside it does not close it): share again from it.
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await facebook.click();
      await (await second).waitForLoadState('load');
      // The store closed the first popup (it still had its handle) and announced the change.
      expect(await changed).toBe(true);
      await expect.poll(() => popup.isClosed()).toBe(true);
      expect(context.pages().filter((candidate) => !candidate.isClosed())).toHaveLength(2);

      // The header that lets the store keep its handle on the popup (checked after the behaviour).
      expect((await page.request.get(`${store.url}${PRODUCT}`)).headers()['cross-origin-opener-policy']).toBe(
        'same-origin-allow-popups',
      );
      const opens = await page.evaluate(() => (window as unknown as { __opens: string[] }).__opens);
      expect(opens).toHaveLength(2);
      for (const features of opens) {
        const left = Number(/left=(-?\d+)/.exec(features)?.[1]);
        expect(left, features).toBeGreaterThanOrEqual(0);
      }
      expect(errors).toEqual([]);
    });
  }
});

type DataLayerEntry = unknown[] | Record<string, unknown>;
const readDataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      entry && typeof entry === 'object' && 'length' in entry && !Array.isArray(entry)
        ? Array.from(entry as ArrayLike<unknown>)
        : entry,
    ),
  ) as Promise<DataLayerEntry[]>;

test.describe('analytics after consent (issue 18 #6)', () => {
  const visitors = [
    { name: 'a visitor who allowed analytics', cookie: 'analytics=granted,marketing=granted' },
    { name: 'a US visitor with no cookies', cookie: null },
  ];
  for (const width of VIEWPORTS) {
    for (const visitor of visitors) {
      test(`${visitor.name}: consent default and update lead the data layer on a full load (${width} px)`, async ({
        openShopper,
        store,
      }) => {
        const { context, page } = await openShopper(width);
        if (visitor.cookie)
          await context.addCookies([{ name: 'consent', value: visitor.cookie, url: store.url }]);
        await page.goto('/en-us/c/snowshoes');
        await expect
          .poll(async () =>
            (await readDataLayer(page)).some(
              (entry) => !Array.isArray(entry) && entry.event === 'view_item_list',
            ),
          )
          .toBe(true);
        const layer = await readDataLayer(page);
        expect(layer[0]).toEqual(['consent', 'default', expect.any(Object)]);
        expect(layer[1]).toEqual([
          'consent',
          'update',
          expect.objectContaining({ analytics_storage: 'granted' }),
        ]);
        const firstEvent = layer.findIndex((entry) => !Array.isArray(entry));
        expect(firstEvent).toBe(2);
      });
    }
  }
});

test.describe('a colour-filtered listing (issue 18 #7)', () => {
  for (const width of VIEWPORTS) {
    test(`links every tile to the filtered colour (${width} px)`, async ({ openShopper }) => {
      const { page, errors } = await openShopper(width);
      await page.goto('/en-us/c/snowshoes?color=citron');
      // The listing's own tiles; the add-on grid below is not filtered.
      const links = page.locator('.category__results').getByRole('article').getByRole('link');
      await expect(links.first()).toBeVisible();
      const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        const colour = new URL(href, 'http://x').searchParams.get('color');
        if (colour !== null) expect(colour, href).toBe('citron');
      }
      expect(hrefs.some((href) => href.includes('color=citron'))).toBe(true);
      expect(errors).toEqual([]);
    });
  }
});

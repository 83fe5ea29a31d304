import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openShopperPage } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/** What a shopper meets on a phone and a desktop (issue 18 #4-#7). */

let server: RunningServer;
let browser: Browser;

beforeAll(
  async () => {
    // Every fresh visitor of the add-to-cart loop comes from this one address: its session limit must not be what
    // the loop measures.
    [server, browser] = await Promise.all([
      startServer({ env: { SESSION_CREATE_LIMIT_PER_IP: '1000' } }),
      launchBrowser(),
    ]);
  },
  Number(process.env.E2E_SERVER_START_MS ?? 60_000) + 30_000,
);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PRODUCT = '/en-us/p/ridgeline-summit-trail-mens';
const VIEWPORTS = [1440, 390];

/** A fresh visitor's product page, hydrated: the header's mini cart has just started loading. */
async function freshProductPage(width: number) {
  const opened = await openShopperPage(browser, width);
  // Not waiting for every image: the shopper clicks as soon as the page works.
  await opened.page.goto(`${server.url}${PRODUCT}`, { waitUntil: 'domcontentloaded' });
  // The mini-cart button replaces the link once the page is hydrated; its effect loads the cart at that moment.
  await opened.page.locator('button.mini-cart').waitFor();
  return opened;
}

// Issue 18 #4: fresh visitors adding at once. 20 adds by default (the file stays near 90 s); SHOPPER_ADDS=100
// npm run test:e2e -- shopper-journeys runs the 100 of the issue. Before the fix it met about 1 miss in 30 on a
// loaded machine: both answers waited for the whole reload after the action, the product page's loader included.
const ADDS = Number(process.env.SHOPPER_ADDS ?? 20);

describe('add to cart from fresh visitors (issue 18 #4)', () => {
  it('shows "Added to cart!" and the new count without waiting for the product page to reload', async () => {
    // The cause of #4, made certain: the page's reload after the action (its product loader the slowest part)
    // takes longer than a shopper waits. Before the fix neither answer showed until it had finished.
    const { context, page, errors } = await freshProductPage(1440);
    try {
      await page.route(`**${PRODUCT}.data*`, async (route) => {
        if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 20_000));
        await route.continue().catch(() => undefined);
      });
      await page.locator('.add-to-cart__button').click();
      await page.locator('.add-to-cart__added').waitFor({ timeout: 10_000 });
      await page.waitForFunction(
        () => document.querySelector('button.mini-cart')?.getAttribute('data-count') === '1',
        null,
        { timeout: 10_000 },
      );
      // The button is ready for another add while the page data still reloads.
      expect(await page.locator('.add-to-cart__button').isEnabled()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('answers an add at once while a part of the page still waits for its code', async () => {
    // The cause of the misses left after the first fix: a server-rendered part whose code came in a chunk of its
    // own (the consent banner here, the product grids before) held every router update until that chunk had
    // arrived, so on a busy machine the message and the count came seconds late. A German first visitor sees the
    // banner; its chunk is held back for 12 s.
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'de-DE' });
    const page = await context.newPage();
    try {
      await page.route('**/assets/consent-banner-*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 12_000));
        await route.continue().catch(() => undefined);
      });
      await page.goto(`${server.url}/de-de/p/ridgeline-summit-trail-mens`, { waitUntil: 'domcontentloaded' });
      await page.locator('button.mini-cart').waitFor({ timeout: 30_000 });
      expect(await page.locator('.consent-banner').count()).toBe(1);
      await page.locator('.add-to-cart__button').click();
      await page.locator('.add-to-cart__added').waitFor({ timeout: 5_000 });
      await page.waitForFunction(
        () => document.querySelector('button.mini-cart')?.getAttribute('data-count') === '1',
        null,
        { timeout: 5_000 },
      );
    } finally {
      await context.close();
    }
  }, 60_000);

  it.runIf(ADDS > 0)(
    `shows "Added to cart!" and the new count every time: ${ADDS} adds, 0 misses`,
    async () => {
      const misses: string[] = [];
      const started = Date.now();
      for (let attempt = 0; attempt < ADDS; attempt++) {
        const width = VIEWPORTS[attempt % 2]!;
        const { context, page, errors } = await freshProductPage(width);
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
        try {
          // At once, while the header's cart load is in flight: the race the shopper met.
          await page.locator('.add-to-cart__button').click();
          const shown = await page
            .locator('.add-to-cart__added')
            .waitFor({ timeout: 10_000 })
            .then(() => true)
            .catch(() => false);
          const count = await page
            .waitForFunction(
              () => document.querySelector('button.mini-cart')?.getAttribute('data-count') === '1',
              null,
              {
                timeout: 10_000,
              },
            )
            .then(() => true)
            .catch(() => false);
          if (!shown || !count) {
            misses.push(`#${attempt} at ${width} px: message ${shown}, count ${count}`);
            process.stdout.write(`miss #${attempt}:\n  ${traffic.join('\n  ')}\n`);
          }
          if (attempt < 2) {
            // §7 plural rules: one item, not '1 items'.
            expect(await page.locator('button.mini-cart').getAttribute('aria-label')).toBe('Cart: 1 item');
          }
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }
      process.stdout.write(`${ADDS} fresh adds, ${misses.length} misses, ${Date.now() - started} ms\n`);
      expect(misses).toEqual([]);
    },
    1_800_000,
  );
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

describe('the share popup (issue 18 #5, #7)', () => {
  for (const width of VIEWPORTS) {
    it(`replaces its popup on a second share and never asks for a negative left (${width} px)`, async () => {
      const { context, page, errors } = await openShopperPage(browser, width);
      try {
        // The network's page, served here (the store has no way out of this closed network).
        await context.route('https://www.facebook.com/**', (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><title>Facebook</title><p>Share</p>',
          }),
        );
        await recordWindowOpens(page);
        await page.goto(`${server.url}${PRODUCT}`);
        await page.locator('button.mini-cart').waitFor();
        await page.getByRole('button', { name: 'Share', exact: true }).click();
        const facebook = page.getByRole('button', { name: 'Facebook' });

        const first = context.waitForEvent('page');
        await facebook.click();
        const popup = await first;
        await popup.waitForLoadState('load');
        expect(await popup.title()).toBe('Facebook');

        const changed = page.evaluate(
          () =>
            new Promise<boolean>((resolve) => document.addEventListener('share:change', () => resolve(true))),
        );
        const second = context.waitForEvent('page');
        // The menu stays open after a share (a click inside it does not close it): share again from it.
        expect(
          await page.getByRole('button', { name: 'Share', exact: true }).getAttribute('aria-expanded'),
        ).toBe('true');
        await facebook.click();
        await (await second).waitForLoadState('load');
        // The store closed the first popup (it still had its handle) and announced the change.
        expect(await changed).toBe(true);
        await expect.poll(() => popup.isClosed()).toBe(true);
        expect(context.pages().filter((candidate) => !candidate.isClosed())).toHaveLength(2);

        // The header that lets the store keep its handle on the popup (checked after the behaviour).
        expect(
          (await page.request.get(`${server.url}${PRODUCT}`)).headers()['cross-origin-opener-policy'],
        ).toBe('same-origin-allow-popups');
        const opens = await page.evaluate(() => (window as unknown as { __opens: string[] }).__opens);
        expect(opens).toHaveLength(2);
        for (const features of opens) {
          const left = Number(/left=(-?\d+)/.exec(features)?.[1]);
          expect(left, features).toBeGreaterThanOrEqual(0);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
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

describe('analytics after consent (issue 18 #6)', () => {
  const visitors = [
    { name: 'a visitor who allowed analytics', cookie: 'analytics=granted,marketing=granted' },
    { name: 'a US visitor with no cookies', cookie: null },
  ];
  for (const width of VIEWPORTS) {
    for (const visitor of visitors) {
      it(`${visitor.name}: consent default and update lead the data layer on a full load (${width} px)`, async () => {
        const { context, page } = await openShopperPage(browser, width);
        try {
          if (visitor.cookie)
            await context.addCookies([{ name: 'consent', value: visitor.cookie, url: server.url }]);
          await page.goto(`${server.url}/en-us/c/snowshoes`);
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
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('a colour-filtered listing (issue 18 #7)', () => {
  for (const width of VIEWPORTS) {
    it(`links every tile to the filtered colour (${width} px)`, async () => {
      const { context, page, errors } = await openShopperPage(browser, width);
      try {
        await page.goto(`${server.url}/en-us/c/snowshoes?color=citron`);
        // The listing's own tiles; the add-on grid below is not filtered.
        const links = page.locator('.category__results .tile .tile__link');
        await links.first().waitFor();
        const hrefs = await links.evaluateAll((nodes) =>
          nodes.map((node) => node.getAttribute('href') ?? ''),
        );
        expect(hrefs.length).toBeGreaterThan(0);
        for (const href of hrefs) {
          const colour = new URL(href, 'http://x').searchParams.get('color');
          if (colour !== null) expect(colour, href).toBe('citron');
        }
        expect(hrefs.some((href) => href.includes('color=citron'))).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

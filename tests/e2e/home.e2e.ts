import type { Page } from '@playwright/test';
import { loadConfig } from '#server/config.ts';
import { createContentStore } from '#server/content/index.ts';
import { openDatabase } from '#server/db/database.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import { accessibilityViolations } from '../support/browser.ts';
import { type RunningServer, startServer, tempDataDir } from '../support/server.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { openHydrated } from './shopper.ts';

// The content-driven home: banners, hotspots and product sliders (issue 7).

ownStoreFor(import.meta.url);

// The home's own width: its hotspot container is wider than 650 px and higher than 360 px at 1280 px.
test.use({ viewport: { width: 1280, height: 900 } });

/** How long a server of this file's own may take to start on a busy machine (as the store fixture allows). */
const SERVER_START_MS = Number(process.env.E2E_SERVER_START_MS ?? 60_000) + 30_000;

/** The home's first product slider, a carousel region named by its heading. */
const newThisWinter = (page: Page) => page.getByRole('region', { name: 'New this winter', exact: true });

/** The hotspot markers of the home's hotspot banner: buttons named by their hotspot, in the banner's order. */
const hotspotMarkers = (page: Page) => page.locator('.hotspot__marker');

/** The open hotspot's panel (a region named by the hotspot, whichever it is). */
const hotspotPanel = (page: Page) => page.locator('.hotspot-panel');

test.describe('home from content', () => {
  test('renders the hero banner with its CTAs and the product sliders', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Made for the way up');
    await expect(page.getByRole('link', { name: 'Shop snowshoes' })).toHaveAttribute(
      'href',
      '/en-us/c/snowshoes',
    );
    // The hero's image is fetched first.
    await expect(page.locator('.home__hero img').first()).toHaveAttribute('fetchpriority', 'high');
    const slider = newThisWinter(page);
    // Enabled once hydrated with its products loaded (the tiles are cards without a role of their own).
    await expect(slider).toHaveAttribute('data-enabled', 'true');
    await expect(slider.locator('.tile')).toHaveCount(8);
  });

  test('hydrates the streamed product sliders on the server markup, never rendering them again', async ({
    page,
  }) => {
    // Every tile element the server's HTML holds (the streamed sections included) is tagged before any script
    // runs; after hydration the sliders must still be those elements. A context that changed after hydration
    // (the responsive state) once made React drop the sliders' markup and render them again in the browser.
    await page.addInitScript({
      content: `document.addEventListener('DOMContentLoaded', () => {
        for (const tile of document.querySelectorAll('.tile:not(.tile--placeholder)')) tile.dataset.fromServer = 'yes';
      });`,
    });
    await openHydrated(page, '/');
    await expect(newThisWinter(page)).toHaveAttribute('data-enabled', 'true');
    const tiles = page.locator('.home .tile');
    await expect(tiles.first()).toBeVisible();
    const total = await tiles.count();
    expect(total).toBeGreaterThan(0);
    await expect(page.locator('.home .tile[data-from-server="yes"]')).toHaveCount(total);
  });

  test('moves the product slider with the keyboard and buttons, without looping', async ({ page }) => {
    await page.goto('/');
    const slider = newThisWinter(page);
    await expect(slider).toHaveAttribute('data-enabled', 'true');
    await slider.getByRole('group', { name: 'New this winter', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('data-index', '1');
    await slider.getByRole('button', { name: 'Previous slide' }).click();
    await expect(slider).toHaveAttribute('data-index', '0');
    await expect(slider.getByRole('button', { name: 'Previous slide' })).toBeDisabled();
  });

  test('toggles one hotspot at a time and clears it on Escape, outside click and close', async ({
    page,
    pageErrors,
  }) => {
    await openHydrated(page, '/');
    const markers = hotspotMarkers(page);
    await expect(markers).toHaveCount(4); // the untitled hotspot is left out (§5)
    await markers.first().scrollIntoViewIfNeeded();
    await markers.first().click();
    await expect(markers.first()).toHaveAttribute('aria-expanded', 'true');
    await expect(markers.first()).toContainText('−');
    const panel = hotspotPanel(page);
    const title = panel.getByRole('heading', { level: 3 });
    await expect(title).toHaveText('Summit Ascent');
    await expect(panel.getByRole('link', { name: 'Shop Now' })).toHaveAttribute(
      'href',
      '/en-us/p/ridgeline-summit-ascent-mens',
    );
    // The container is wider than 650 px and higher than 360 px at this width: an anchored panel.
    await expect(panel).toHaveAttribute('data-panel', 'anchored');
    await markers.nth(1).click();
    await expect(markers.and(page.getByRole('button', { expanded: true }))).toHaveCount(1);
    await expect(title).toHaveText('Carbon Summit Pole');
    await markers.nth(1).click();
    await expect(panel).toHaveCount(0);
    // Keyboard: Enter opens, Escape closes.
    await markers.nth(2).focus();
    await page.keyboard.press('Enter');
    await expect(title).toHaveText('Reading avalanche terrain');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await markers.nth(3).click();
    await page.getByRole('heading', { name: 'Built in the Green Mountains since 1994' }).click();
    await expect(panel).toHaveCount(0);
    await markers.nth(3).click();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test('plays the hero video over its described poster on a wide screen, and keeps the poster on a phone', async ({
    openShopper,
  }) => {
    const heroMedia = (page: Page) => page.locator('.home__hero .banner__media').first();
    const poster = (page: Page) =>
      heroMedia(page).getByRole('img', { name: 'Runners leaving the start arch of a winter snowshoe race' });
    const wide = await openShopper(1280);
    await openHydrated(wide.page, '/');
    await expect(poster(wide.page)).toBeVisible();
    await expect(heroMedia(wide.page).locator('video')).toHaveCount(1);
    await expect(heroMedia(wide.page).getByRole('button', { name: 'Pause video' })).toBeVisible();

    const phone = await openShopper(390);
    const videoRequests: string[] = [];
    phone.page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/media/v/')) videoRequests.push(request.url());
    });
    await openHydrated(phone.page, '/');
    // Once the poster has loaded on a hydrated page a wide screen starts its video (above); a phone does not.
    await expect
      .poll(() => poster(phone.page).evaluate((image: HTMLImageElement) => image.complete))
      .toBe(true);
    await expect(heroMedia(phone.page).getByRole('button', { name: 'Pause video' })).toHaveCount(0);
    await expect(heroMedia(phone.page).locator('video')).toHaveCount(0);
    expect(videoRequests).toEqual([]);
    expect(phone.errors).toEqual([]);
  });

  test('uses the full takeover panel in a small container', async ({ openShopper }) => {
    const { page } = await openShopper(390);
    await openHydrated(page, '/');
    const marker = hotspotMarkers(page).first();
    await marker.scrollIntoViewIfNeeded();
    await marker.click();
    await expect(hotspotPanel(page)).toHaveAttribute('data-panel', 'takeover');
  });

  for (const width of [390, 1440]) {
    test(`has no axe violations at ${width} px`, async ({ openShopper }) => {
      const { page, errors } = await openShopper(width);
      await openHydrated(page, '/');
      // Every product slider has its products (a loading one is aria-busy).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

// A home whose hero is a banner slider (§9: autoplay 7000 ms, looping): the demo home has a single hero, so
// this server's data is the demo store with two more banners added to that hero module.
test.describe('the home banner slider', () => {
  let sliderServer: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_MS + 60_000);
    const dataDir = tempDataDir();
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const database = await openDatabase(config);
    try {
      await database.migrate();
      await seedDemoStore(database.db);
      const store = createContentStore(database.db);
      const [home] = await store.entriesByUid('page', ['home'], ['en-us'], config.CONTENT_ENVIRONMENT);
      if (!home) throw new Error('the demo store has no home page');
      const fields = structuredClone(home.fields) as {
        landing_page: { modules: Array<{ type: string; banner?: unknown[] }> };
      };
      const hero = fields.landing_page.modules.find((module) => module.type === 'banner');
      hero?.banner?.push(
        { uid: 'banner-powder-day', _content_type_uid: 'banner' },
        { uid: 'banner-kids', _content_type_uid: 'banner' },
      );
      await store.putEntries([
        {
          contentType: 'page',
          uid: 'home',
          locale: 'en-us',
          fields,
          publishTo: [config.CONTENT_ENVIRONMENT],
        },
      ]);
    } finally {
      await database.close();
    }
    sliderServer = await startServer({ dataDir });
  });
  test.afterAll(async () => {
    await sliderServer?.stop();
  });

  /**
   * Opens the slider home with the page's clock installed and standing still from the page's first script, so
   * autoplay moves only when the test moves the clock, however long the page takes to load and hydrate on a busy
   * machine. The hero slider has the demo hero and two more banners.
   */
  async function openSlider(page: Page) {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto(`${sliderServer.url}/`);
    const slider = page.getByRole('region', { name: 'Featured', exact: true });
    await expect(slider).toHaveAttribute('data-enabled', 'true');
    await expect(slider.getByRole('group', { name: /^Slide \d+ of \d+$/ })).toHaveCount(3);
    return slider;
  }

  test('autoplays every 7000 ms and loops back to the first banner', async ({ page }) => {
    const slider = await openSlider(page);
    // Stop the page's clock, then restart autoplay at a known moment: hovering pauses it, leaving starts it.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 50));
    await slider.hover();
    await page.mouse.move(0, 0);
    // Not a wait for the page to show something: React's scheduler (off the paused clock) re-runs the autoplay
    // effect, which nothing on the page reveals, before the clock is moved on.
    await page.waitForTimeout(200);
    await expect(slider).toHaveAttribute('data-index', '0');
    await page.clock.runFor(6900);
    await expect(slider).toHaveAttribute('data-index', '0');
    await page.clock.runFor(200);
    await expect(slider).toHaveAttribute('data-index', '1');
    await page.clock.runFor(7000);
    await expect(slider).toHaveAttribute('data-index', '2');
    await page.clock.runFor(7000);
    await expect(slider).toHaveAttribute('data-index', '0'); // looped
  });

  test('pauses while hovered or focused, and moves with the arrow keys', async ({ page }) => {
    const slider = await openSlider(page);
    await slider.hover();
    await page.clock.runFor(15_000);
    await expect(slider).toHaveAttribute('data-index', '0');
    await page.mouse.move(0, 0);
    await page.clock.runFor(7100);
    await expect(slider).toHaveAttribute('data-index', '1');

    await slider.getByRole('group', { name: 'Featured', exact: true }).focus();
    await page.mouse.move(0, 0);
    await page.clock.runFor(15_000);
    await expect(slider).toHaveAttribute('data-index', '1');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('data-index', '2');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('data-index', '0'); // loops
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('data-index', '2');
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true });

    test('a tap is not a hover: autoplay keeps going after touching the slider (§9)', async ({ page }) => {
      const slider = await openSlider(page);
      // The first banner's title: inside the slider, and neither a link nor a control.
      const box = await slider.getByRole('heading', { level: 1 }).boundingBox();
      if (!box) throw new Error('no banner title');
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.clock.runFor(7100);
      await expect(slider).toHaveAttribute('data-index', '1');
    });
  });
});

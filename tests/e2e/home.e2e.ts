import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createContentStore } from '#server/content/index.ts';
import { openDatabase } from '#server/db/database.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer, tempDataDir } from '../support/server.ts';

// The content-driven home: banners, hotspots and product sliders (issue 7).
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto(`${server.url}${path}`);
  return { context, page, errors, response };
}

describe('home from content', () => {
  it('renders the hero banner with its CTAs and the product sliders', async () => {
    const { context, page, response } = await open('/');
    try {
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe('Made for the way up');
      expect(await page.getByRole('link', { name: 'Shop snowshoes' }).getAttribute('href')).toBe(
        '/en-us/c/snowshoes',
      );
      const hero = page.locator('.home__hero img').first();
      expect(await hero.getAttribute('fetchpriority')).toBe('high');
      const slider = page.locator('.home__products .product-grid').first();
      await slider.locator('[data-loaded="true"], .slider[data-enabled="true"]').first().waitFor();
      expect(await slider.locator('.tile').count()).toBe(8);
    } finally {
      await context.close();
    }
  });

  it('moves the product slider with the keyboard and buttons, without looping', async () => {
    const { context, page } = await open('/');
    try {
      const slider = page.locator('.home__products .slider[data-enabled="true"]').first();
      await slider.waitFor();
      await slider.locator('.slider__track').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => slider.getAttribute('data-index')).toBe('1');
      await slider.getByRole('button', { name: 'Previous slide' }).click();
      await expect.poll(() => slider.getAttribute('data-index')).toBe('0');
      expect(await slider.getByRole('button', { name: 'Previous slide' }).isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('toggles one hotspot at a time and clears it on Escape, outside click and close', async () => {
    const { context, page, errors } = await open('/');
    try {
      await page.locator('.slider[data-enabled="true"]').first().waitFor(); // hydrated
      const markers = page.locator('.hotspot__marker');
      expect(await markers.count()).toBe(4); // the untitled hotspot is left out (§5)
      await markers.first().scrollIntoViewIfNeeded();
      await markers.first().click();
      expect(await markers.first().getAttribute('aria-expanded')).toBe('true');
      expect(await markers.first().textContent()).toContain('−');
      const panel = page.locator('.hotspot-panel');
      expect(await panel.locator('h3').textContent()).toBe('Summit Ascent');
      expect(await panel.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe(
        '/en-us/p/ridgeline-summit-ascent-mens',
      );
      // The container is wider than 650 px and higher than 360 px at this width: an anchored panel.
      expect(await panel.getAttribute('data-panel')).toBe('anchored');
      await markers.nth(1).click();
      expect(await page.locator('.hotspot__marker[aria-expanded="true"]').count()).toBe(1);
      expect(await panel.locator('h3').textContent()).toBe('Carbon Summit Pole');
      await markers.nth(1).click();
      expect(await panel.count()).toBe(0);
      // Keyboard: Enter opens, Escape closes.
      await markers.nth(2).focus();
      await page.keyboard.press('Enter');
      expect(await panel.locator('h3').textContent()).toBe('Reading avalanche terrain');
      await page.keyboard.press('Escape');
      expect(await panel.count()).toBe(0);
      await markers.nth(3).click();
      await page.locator('.home__copy h2').click();
      expect(await panel.count()).toBe(0);
      await markers.nth(3).click();
      await page.getByRole('button', { name: 'Close' }).click();
      expect(await panel.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('uses the full takeover panel in a small container', async () => {
    const { context, page } = await open('/', 390);
    try {
      await page.locator('.slider[data-enabled="true"]').first().waitFor(); // hydrated
      const marker = page.locator('.hotspot__marker').first();
      await marker.scrollIntoViewIfNeeded();
      await marker.click();
      expect(await page.locator('.hotspot-panel').getAttribute('data-panel')).toBe('takeover');
    } finally {
      await context.close();
    }
  });

  it.each([390, 1440])('has no axe violations at %i px', async (width) => {
    const { context, page, errors } = await open('/', width);
    try {
      await page.waitForLoadState('networkidle');
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// A home whose hero is a banner slider (§9: autoplay 7000 ms, looping): the demo home has a single hero, so
// this server's data is the demo store with two more banners added to that hero module.
describe('the home banner slider', () => {
  let sliderServer: RunningServer;
  beforeAll(async () => {
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
  }, 120_000);
  afterAll(async () => {
    await sliderServer?.stop();
  });

  async function openSlider(hasTouch = false) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      hasTouch,
    });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${sliderServer.url}/`);
    const slider = page.locator('.slider--full[data-enabled="true"]').first();
    await slider.waitFor();
    expect(await slider.locator('.slider__slide').count()).toBe(3);
    return { context, page, slider };
  }

  it('autoplays every 7000 ms and loops back to the first banner', async () => {
    const { context, page, slider } = await openSlider();
    try {
      // Stop the page's clock, then restart autoplay at a known moment: hovering pauses it, leaving starts it.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 50));
      await slider.hover();
      await page.mouse.move(0, 0);
      await page.waitForTimeout(200); // React re-runs the autoplay effect (its scheduler is not on the clock)
      expect(await slider.getAttribute('data-index')).toBe('0');
      await page.clock.runFor(6900);
      expect(await slider.getAttribute('data-index')).toBe('0');
      await page.clock.runFor(200);
      await expect.poll(() => slider.getAttribute('data-index')).toBe('1');
      await page.clock.runFor(7000);
      await expect.poll(() => slider.getAttribute('data-index')).toBe('2');
      await page.clock.runFor(7000);
      await expect.poll(() => slider.getAttribute('data-index')).toBe('0'); // looped
    } finally {
      await context.close();
    }
  });

  it('pauses while hovered or focused, and moves with the arrow keys', async () => {
    const { context, page, slider } = await openSlider();
    try {
      await slider.hover();
      await page.clock.runFor(15_000);
      expect(await slider.getAttribute('data-index')).toBe('0');
      await page.mouse.move(0, 0);
      await page.clock.runFor(7100);
      await expect.poll(() => slider.getAttribute('data-index')).toBe('1');

      await slider.locator('.slider__track').focus();
      await page.mouse.move(0, 0);
      await page.clock.runFor(15_000);
      expect(await slider.getAttribute('data-index')).toBe('1');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => slider.getAttribute('data-index')).toBe('2');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => slider.getAttribute('data-index')).toBe('0'); // loops
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => slider.getAttribute('data-index')).toBe('2');
    } finally {
      await context.close();
    }
  });

  it('a tap is not a hover: autoplay keeps going after touching the slider (§9)', async () => {
    const { context, page, slider } = await openSlider(true);
    try {
      // The first banner's title: inside the slider, and neither a link nor a control.
      const box = await slider.locator('h1').first().boundingBox();
      if (!box) throw new Error('no banner title');
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.clock.runFor(7100);
      await expect.poll(() => slider.getAttribute('data-index')).toBe('1');
    } finally {
      await context.close();
    }
  });
});

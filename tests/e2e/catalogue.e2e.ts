import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Category, product and 410 pages as a shopper sees them (issue 7). One server for the file.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, options: { width?: number; locale?: string; initScript?: string } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  if (options.initScript) await page.addInitScript(options.initScript);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (404|410)/.test(message.text()))
      errors.push(message.text());
  });
  const response = await page.goto(`${server.url}${path}`);
  return { context, page, errors, response };
}

const dataLayer = (page: Page) =>
  page.evaluate(
    () =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []) as Array<Record<string, unknown>>,
  );

async function signInPro(context: BrowserContext, page: Page) {
  await page.goto(`${server.url}/en-us/country`);
  const status = await page.evaluate(async () => {
    const session = await (await fetch('/api/session')).json();
    const response = await fetch('/api/customers/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'csrf-token': session.data.csrfToken, region: 'us' },
      body: JSON.stringify({ email: 'pro.guide@example.com', pw: 'Pro-Guide-2026' }),
    });
    return response.status;
  });
  expect(status).toBe(200);
  return context;
}

describe('shopper journey', () => {
  // Phone and desktop: the filters sit behind a disclosure on the phone, beside the grid on the desktop.
  it.each([390, 1440])(
    'at %i px goes from home to a category, a filtered grid, a product, another colour and the cart',
    async (width) => {
      const { context, page, errors } = await open('/', { width });
      try {
        // Home → category through the hero's call to action, a client-side navigation.
        await page.waitForLoadState('networkidle');
        await page.getByRole('link', { name: 'Shop snowshoes' }).first().click();
        await page.waitForURL(/\/en-us\/c\/snowshoes$/);
        // The URL moves as the navigation starts; the page follows once its data has arrived.
        await expect.poll(() => page.locator('h1').textContent()).toBe('Snowshoes');
        expect(await page.locator('.category__results .tile').count()).toBe(24);
        // Filter by colour: the URL carries it and every tile offers that colour.
        const filters = page.locator('.filters__panel');
        if ((await filters.getAttribute('open')) === null) await filters.locator('summary').click();
        await page.getByRole('checkbox', { name: /Spruce Green/ }).check();
        await page.waitForURL(/color=spruce/);
        await page.waitForFunction(
          () =>
            document.querySelectorAll('.category__results .tile').length < 24 &&
            document.querySelectorAll('.category__results .tile--placeholder').length === 0,
        );
        const tiles = page.locator('.category__results .tile');
        const count = await tiles.count();
        expect(count).toBeGreaterThan(0);
        for (let index = 0; index < count; index++) {
          await expect(tiles.nth(index).locator('button[aria-label="Spruce Green"]').count()).resolves.toBe(
            1,
          );
        }
        // Sorting is in the URL too.
        await page.getByLabel('Sort by').selectOption('price-asc');
        await page.waitForURL(/sort=price-asc/);
        expect(page.url()).toContain('color=spruce');
        // Analytics: the list was viewed; the click is a select_item and a product-list click.
        expect((await dataLayer(page)).some((event) => event.event === 'view_item_list')).toBe(true);
        await page.locator('.category__results .tile__link').first().click();
        await page.waitForURL(/\/en-us\/p\//);
        const events = (await dataLayer(page)).map((event) => event.event);
        expect(events).toContain('select_item');
        expect(events).toContain('product_list_click');

        // Change colour: the URL and the image change.
        const image = page.locator('.image-set img').first();
        const before = await image.getAttribute('src');
        const swatches = page.locator('.product__colours a');
        const target = swatches.nth(1);
        const label = (await target.getAttribute('aria-label')) ?? '';
        await target.click();
        await page.waitForURL(/color=/);
        await expect.poll(() => image.getAttribute('src')).not.toBe(before);
        expect(await page.locator('.product__colours legend').textContent()).toContain(label);

        // Add to cart through the commerce engine; the session now has a cart with the line.
        const size = page.locator('.size:not(.size--out) input').first();
        if ((await size.count()) > 0) await size.check();
        await page.getByRole('button', { name: 'Add to cart' }).click();
        await page.getByText('Added to cart!').waitFor();
        const cart = await page.evaluate(async () => {
          const session = await (await fetch('/api/session')).json();
          const response = await fetch(`/api/cart/${session.data.cartId}`, { headers: { region: 'us' } });
          return response.json();
        });
        expect(cart.data.line_items.physical_items.length).toBe(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('filters work without JavaScript as a GET form and links', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/en-us/c/snowshoes?gender=womens&instock=1`);
      const titles = await page.locator('.category__results .tile__title').allTextContents();
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.every((title) => /Women/.test(title))).toBe(true);
      expect(await page.getByRole('link', { name: /Women's.*remove filter/ }).getAttribute('href')).toBe(
        '/en-us/c/snowshoes?instock=1',
      );
      // Add to cart posts the form to the route action, which answers with the page and its result.
      await page.goto(`${server.url}/en-us/p/ridgeline-summit-ascent-mens?color=spruce`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByText('Added to cart!').waitFor();
    } finally {
      await context.close();
    }
  });

  it('loads more products into the grid and shows an empty state', async () => {
    const { context, page } = await open('/en-us/c/snowshoes');
    try {
      await page.getByRole('link', { name: 'Show more' }).click();
      await page.waitForURL(/page=2/);
      await expect.poll(() => page.locator('.category__results .tile').count()).toBe(31);
      expect(await page.locator('.category__results .tile--placeholder').count()).toBe(0);
      await page.goto(`${server.url}/en-us/c/snowshoes?color=spruce&price=under-100&gender=womens`);
      await page.getByText('No products match these filters.').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('add-on grid', () => {
  it('opens quick add, tracks open_cart_add_on and shows Added to cart! on the tile', async () => {
    const { context, page, errors } = await open('/en-us/c/snowshoes');
    try {
      const addOns = page.locator('.add-ons');
      await addOns.waitFor();
      expect(await addOns.locator('.tile__tag--sale').count()).toBe(0); // no sale tag in the add-on grid (§4)
      const tile = addOns.locator('.tile').first();
      await tile.getByRole('button', { name: /Quick add/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect((await dataLayer(page)).some((event) => event.event === 'open_cart_add_on')).toBe(true);
      await dialog.getByRole('button', { name: 'Add to cart' }).click();
      await tile.getByText('Added to cart!').waitFor();
      expect(await dialog.isVisible()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('prices by region and customer', () => {
  const PRODUCT = '/p/ridgeline-timberline-mens';

  it('shows USD to a US visitor and EUR in the region format to fr-fr, with the sale tag', async () => {
    const us = await open(`/en-us${PRODUCT}`);
    const fr = await open(`/fr-fr${PRODUCT}`, { locale: 'fr-FR' });
    try {
      const usPrice = await us.page.getByTestId('product-price').textContent();
      expect(usPrice).toMatch(/Now \$\d+\.\d{2} Was \$\d+\.\d{2}/);
      expect(await us.page.locator('.product__tags').textContent()).toContain('Sale');
      const frPrice = await fr.page.getByTestId('product-price').textContent();
      expect(frPrice).toMatch(/\d+,\d{2} €/);
      const ld = JSON.parse(
        (await fr.page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
      );
      expect(ld.offers.priceCurrency).toBe('EUR');
    } finally {
      await us.context.close();
      await fr.context.close();
    }
  });

  it('shows the pro customer pro prices and no sale tag', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const anonymous = await (await fetch(`${server.url}/en-us${PRODUCT}`)).text();
      await signInPro(context, page);
      await page.goto(`${server.url}/en-us${PRODUCT}`);
      const text = (await page.getByTestId('product-price').textContent()) ?? '';
      expect(await page.locator('.product__tags .tile__tag--sale').count()).toBe(0);
      expect(await page.locator('.product__price s').count()).toBe(0);
      const proAmount = Number(text.replace(/[^0-9.]/g, ''));
      // The pro group's 40 % comes off what a guest pays here (the engine's rule); never struck through.
      const guest = Number(/price__current--sale">\$([\d.,]+)/.exec(anonymous)?.[1]?.replace(',', ''));
      expect(proAmount).toBeCloseTo(guest * 0.6, 1);
      await page.goto(`${server.url}/en-us/c/snowshoes`);
      expect(await page.locator('.tile__tag--sale').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('points non-shopping regions to dealers with the content price', async () => {
    const { context, page } = await open(`/en-gb${PRODUCT}`, { locale: 'en-GB' });
    try {
      expect(await page.getByTestId('product-price').textContent()).toMatch(/^£\d+\.\d{2}$/);
      expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Find a dealer' }).last().getAttribute('href')).toBe(
        '/en-gb/stores',
      );
    } finally {
      await context.close();
    }
  });
});

describe('product tile swatches (§2, §4)', () => {
  it('shows the colour hovered, clicked or chosen with the keyboard, in the image and the link', async () => {
    const { context, page, errors } = await open('/en-us/c/snowshoes');
    try {
      await page.waitForLoadState('networkidle');
      const tile = page
        .locator('.category__results .tile')
        .filter({ has: page.locator('.tile__swatches li:nth-child(3) .swatch') })
        .first();
      const link = tile.locator('.tile__link');
      const image = tile.locator('.tile__image img');
      const swatches = tile.locator('.swatch');
      const state = async () => ({
        href: await link.getAttribute('href'),
        src: await image.getAttribute('src'),
      });
      const first = await state();

      await swatches.nth(1).hover();
      await expect.poll(() => swatches.nth(1).getAttribute('aria-pressed')).toBe('true');
      const hovered = await state();
      expect(hovered.href).not.toBe(first.href);
      expect(hovered.href).toMatch(/[?&]color=/);
      expect(hovered.src).not.toBe(first.src);

      await swatches.nth(0).click();
      await expect.poll(() => link.getAttribute('href')).toBe(first.href);
      expect(await image.getAttribute('src')).toBe(first.src);

      // Keyboard: Tab moves along the swatches and shows each one reached; Enter keeps it.
      await swatches.nth(1).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => swatches.nth(2).getAttribute('aria-pressed')).toBe('true');
      expect(await link.getAttribute('href')).not.toBe(hovered.href);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a +N overflow past the swatches a tile has room for', async () => {
    const { context, page } = await open('/en-us/c/snowshoes', { width: 390 });
    try {
      const overflow = page.locator('.category__results .tile__more--mobile').first();
      const count = await page.locator('.category__results .tile__more--mobile').count();
      if (count === 0) throw new Error('the demo category should have a tile with more than 4 colours');
      await expect(overflow.isVisible()).resolves.toBe(true);
      expect(await overflow.textContent()).toMatch(/^\+\d+$/);
    } finally {
      await context.close();
    }
  });
});

describe('link preloading (§9)', () => {
  const prefetchesAfterHover = async (effectiveType: string | null) => {
    const { context, page, errors } = await open('/en-us/c/snowshoes');
    try {
      if (effectiveType)
        await page.addInitScript((type) => {
          Object.defineProperty(navigator, 'connection', {
            value: Object.assign(new EventTarget(), { saveData: false, effectiveType: type }),
          });
        }, effectiveType);
      await page.reload();
      await page.waitForLoadState('networkidle');
      const tile = page.locator('.category__results .tile__link').first();
      const href = (await tile.getAttribute('href')) ?? '';
      await tile.hover();
      // React Router starts an intent prefetch 100 ms after the pointer arrives.
      await page.waitForTimeout(600);
      const links = await page
        .locator('link[rel="prefetch"]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
      expect(errors).toEqual([]);
      return links.filter((link) => link.startsWith(href.split('?')[0]!));
    } finally {
      await context.close();
    }
  };

  it("preloads a product's data when a tile is hovered", async () => {
    expect((await prefetchesAfterHover(null)).length).toBeGreaterThan(0);
    expect((await prefetchesAfterHover('4g')).length).toBeGreaterThan(0);
  });

  // Data-saver mode also stops React Router's own route discovery, so 2G is what tells our rule apart.
  it('preloads nothing on 2G', async () => {
    expect(await prefetchesAfterHover('2g')).toEqual([]);
    expect(await prefetchesAfterHover('slow-2g')).toEqual([]);
  });
});

describe('product page behaviours', () => {
  it('mounts the image-set slider once loaded: arrow keys, pause/resume, double-tap zoom', async () => {
    const { context, page, errors } = await open('/en-us/p/ridgeline-summit-ascent-mens');
    try {
      await page.locator('.image-set[data-slider="ready"]').waitFor({ timeout: 20_000 });
      const slider = page.locator('.image-set .slider');
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      expect(await page.getByRole('button', { name: 'Play slideshow' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await page.locator('.image-set .slider__track').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => slider.getAttribute('data-index')).toBe('1');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => slider.getAttribute('data-index')).toBe('2'); // loops
      const frame = page.locator('.image-set__frame').nth(2);
      await frame.dblclick();
      await expect.poll(() => frame.getAttribute('data-zoom')).toBe('2');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens share popups of 626×436, polls them and emits open, change and close', async () => {
    const { context, page } = await open('/en-us/p/ridgeline-summit-ascent-mens');
    try {
      await page.evaluate(() => {
        const w = window as unknown as { shareLog: string[]; fakes: Array<{ closed: boolean }> };
        w.shareLog = [];
        w.fakes = [];
        window.open = ((url: string, _name: string, features: string) => {
          w.shareLog.push(`window ${url.split('?')[0]} ${features.split(',').slice(0, 2).join(',')}`);
          const fake = {
            closed: false,
            close() {
              this.closed = true;
            },
          };
          w.fakes.push(fake);
          return fake as unknown as Window;
        }) as typeof window.open;
        for (const name of ['open', 'close', 'change'])
          document.addEventListener(`share:${name}`, (event) =>
            w.shareLog.push(`${name} ${(event as CustomEvent).detail.network}`),
          );
      });
      const toggle = page.getByRole('button', { name: 'Share' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('button', { name: 'Facebook' }).click();
      await page.getByRole('button', { name: 'X', exact: true }).click();
      // The networks' link code loads when the menu opens; a click before it arrives opens its popup after.
      await page.waitForFunction(() => (window as unknown as { fakes: unknown[] }).fakes.length === 2);
      await page.evaluate(() => {
        (window as unknown as { fakes: Array<{ closed: boolean }> }).fakes[1]!.closed = true;
      });
      await page.waitForTimeout(700);
      const log = await page.evaluate(() => (window as unknown as { shareLog: string[] }).shareLog);
      expect(log).toEqual([
        'window https://www.facebook.com/sharer/sharer.php height=436,width=626',
        'open facebook',
        'change x',
        'window https://x.com/intent/tweet height=436,width=626',
        'open x',
        'close x',
      ]);
      await page.keyboard.press('Escape');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('answers 410 with recommendations for the discontinued product', async () => {
    const { context, page, response } = await open('/en-us/p/ridgeline-backcountry-nordic-classic', {
      // Counts the error pages taken out of the page: the server's must stay through hydration (its code is a
      // chunk of its own, loaded before hydrating; it used to be thrown away and drawn again, blinking). Moves
      // out of the hidden containers the streamed HTML arrives in are not removals from the page.
      initScript: `(() => { window.__replaced = 0; new MutationObserver((records) => { for (const record of records) { if (record.target.nodeType === 1 && record.target.hasAttribute('hidden')) continue; for (const node of record.removedNodes) if (node.nodeType === 1 && (node.matches('.error-page') || node.querySelector('.error-page'))) window.__replaced++; } }).observe(document, { childList: true, subtree: true }); })()`,
    });
    try {
      expect(response?.status()).toBe(410);
      expect(await page.title()).toBe('Product Not Available | Ridgeline');
      const recommended = page.locator('.error-page__recommendations .tile');
      expect(await recommended.count()).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(await recommended.count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { __replaced: number }).__replaced)).toBe(0);
      expect(await recommended.first().locator('a').first().getAttribute('href')).toMatch(/^\/en-us\/p\//);
      // The cause of that blink on a busy machine: the page in a boundary of its own, streamed after the shell
      // and revealed by the browser only after hydration had met it (React outlines a large boundary).
      const html = await (await fetch(`${server.url}/en-us/p/ridgeline-backcountry-nordic-classic`)).text();
      expect(html.indexOf('class="error-page"')).toBeGreaterThan(0);
      expect(html.indexOf('class="error-page"')).toBeLessThan(html.indexOf('</main>'));
    } finally {
      await context.close();
    }
  });

  it('carries Product, Offer and BreadcrumbList JSON-LD', async () => {
    const html = await (
      await fetch(`${server.url}/en-us/p/ridgeline-summit-ascent-mens?color=spruce`)
    ).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
      JSON.parse(match[1] ?? '{}'),
    );
    const product = blocks.find((block) => block['@type'] === 'Product');
    expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD' });
    expect(product.image[0]).toContain('ridgeline-summit-ascent-mens-spruce');
    const crumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      'Snowshoes',
      "Men's Snowshoes",
      "Summit Ascent Men's Snowshoe",
    ]);
    const category = await (await fetch(`${server.url}/en-us/c/snowshoes/mens`)).text();
    expect(category).toContain('"@type":"BreadcrumbList"');
  });
});

describe.each([
  ['category', '/en-us/c/snowshoes'],
  ['product', '/en-us/p/ridgeline-summit-ascent-mens'],
])('%s page accessibility', (_name, path) => {
  it.each([390, 1440])('has no axe violations at %i px', async (width) => {
    const { context, page, errors } = await open(path, { width });
    try {
      await page.waitForLoadState('networkidle');
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

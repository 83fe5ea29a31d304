import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { openHydrated } from './shopper.ts';

/**
 * Issue 45, compare and recently viewed (decision 0049): three men's snowshoes ticked on the category page's tiles
 * open the compare page with those three; compared side by side, on a phone the table's own box scrolls sideways
 * and the page does not; a fourth is refused with its reason. Products viewed
 * before show in the recently viewed row of a product page and of the cart. At 390 and 1440 px, axe-clean.
 */

ownStoreFor(import.meta.url);

const CHOSEN = ['Summit Trail', 'Timberline', 'Cascade'];
const FOURTH = 'Granite Peak';
const SLUGS = [
  'ridgeline-summit-trail-mens',
  'ridgeline-timberline-mens',
  'ridgeline-cascade-mens',
  'ridgeline-granite-peak-mens',
];

async function shoot(page: Page, name: string, width: number) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
}

/** The page itself is no wider than the window: nothing scrolls it sideways. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const width of [390, 1440]) {
  test.describe(`compare at ${width} px`, () => {
    test('three snowshoes of one category compared side by side; a fourth refused with its reason', async ({
      openShopper,
    }) => {
      const { page, errors } = await openShopper(width);
      await openHydrated(
        page,
        `/en-us/compare?${SLUGS.slice(0, 3)
          .map((slug) => `p=${slug}`)
          .join('&')}`,
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Compare products' })).toBeVisible();

      const table = page.locator('table.compare__table');
      await expect(table.getByRole('columnheader')).toHaveCount(3);
      for (const name of CHOSEN)
        await expect(table.getByRole('columnheader', { name: new RegExp(name) })).toBeVisible();
      // Prices in dollars, the chart's load per size in pounds (en-US), rows where they differ marked.
      await expect(table.locator('.price__current').first()).toHaveText(/\$\d/);
      const loads = table.getByRole('row', { name: /^Load per size/ });
      await expect(loads).toContainText('30 in: 180.8–220.5 lb');
      await expect(loads).toContainText('30 in: 200.6–249.1 lb');
      await expect(loads).toHaveClass(/compare__row--differs/);
      await expect(page.getByText('Rows where the products differ are highlighted.')).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

      const scroller = page.locator('.compare__scroller');
      expect(await pageOverflow(page)).toBe(0);
      if (width === 390) {
        // A swipe scrolls the table's box by one product column; the labels stay where they are.
        const label = table.getByRole('rowheader', { name: /^Load per size/ });
        const before = await label.boundingBox();
        const sizes = await scroller.evaluate((box) => ({
          scroll: box.scrollWidth,
          client: box.clientWidth,
        }));
        expect(sizes.scroll).toBeGreaterThan(sizes.client);
        await scroller.evaluate((box) => box.scrollBy({ left: box.clientWidth / 2, behavior: 'instant' }));
        await expect.poll(() => scroller.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
        expect((await label.boundingBox())?.x).toBe(before?.x);
        expect(await pageOverflow(page)).toBe(0);
        await scroller.evaluate((box) => box.scrollTo({ left: 0, behavior: 'instant' }));
      }
      expect(await accessibilityViolations(page)).toEqual([]);
      await shoot(page, 'compare', width);

      // A fourth: the first three are compared and the page says why the fourth is not.
      await openHydrated(page, `/en-us/compare?${SLUGS.map((slug) => `p=${slug}`).join('&')}`);
      await expect(page.locator('.compare__notices')).toHaveText(
        "You can compare up to three products at a time. Left out: Granite Peak Men's Snowshoe.",
      );
      await expect(table.getByRole('columnheader')).toHaveCount(3);
      await expect(table.getByRole('columnheader', { name: new RegExp(FOURTH) })).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

    test('three products ticked on the category page open the compare page with those three', async ({
      openShopper,
    }) => {
      const { page, errors } = await openShopper(width);
      await openHydrated(page, '/en-us/c/snowshoes');
      const tray = page.locator('form#compare');
      // A category page and three full page loads on a loaded machine.
      test.setTimeout(180_000);
      // The tray shows once a box is ticked (CSS only).
      await expect(tray).toBeHidden();
      for (const name of CHOSEN) {
        const box = page.getByRole('checkbox', { name: new RegExp(`^Compare\\s?: ${name} Men's`) });
        await box.scrollIntoViewIfNeeded();
        const target = await page.locator('.tile__compare').filter({ has: box }).boundingBox();
        expect(target!.height).toBeGreaterThanOrEqual(44);
        await box.check();
      }
      const open = tray.getByRole('button');
      await expect(open).toBeVisible();
      expect(await pageOverflow(page)).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      await shoot(page, 'category-compare', width);

      await open.click();
      await expect(page).toHaveURL(
        `/en-us/compare?${SLUGS.slice(0, 3)
          .map((slug) => `p=${slug}`)
          .join('&')}`,
      );
      const table = page.locator('table.compare__table');
      await expect(table.getByRole('columnheader')).toHaveCount(3);
      for (const name of CHOSEN)
        await expect(table.getByRole('columnheader', { name: new RegExp(name) })).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('products viewed before show in the recently viewed row of a product page and of the cart', async ({
      openShopper,
    }) => {
      const { page, errors } = await openShopper(width);
      await openHydrated(page, '/en-us/p/ridgeline-timberline-mens');
      await openHydrated(page, '/en-us/p/ridgeline-cascade-mens');
      const row = page.locator('section.recently-viewed');
      await expect(row.getByRole('heading', { name: 'Recently viewed' })).toBeVisible();
      // The product on screen is not its own recent view; the one before is, at today's price.
      await expect(row.getByRole('link', { name: /Timberline/ })).toBeVisible();
      await expect(row.getByRole('link', { name: /Cascade/ })).toHaveCount(0);
      await expect(row.locator('.price__current').first()).toHaveText(/\$\d/);
      // The device keeps slugs and times, never prices.
      const stored = await page.evaluate(() => localStorage.getItem('ridgeline:recently-viewed'));
      expect(JSON.parse(stored ?? '[]').map((view: { slug: string }) => view.slug)).toEqual([
        'ridgeline-cascade-mens',
        'ridgeline-timberline-mens',
      ]);
      expect(stored).not.toContain('$');
      expect(await accessibilityViolations(page)).toEqual([]);

      await openHydrated(page, '/en-us/cart');
      const cartRow = page.locator('section.recently-viewed');
      await expect(cartRow.getByRole('link')).toHaveCount(2);
      await expect(cartRow.getByRole('link').first()).toContainText('Cascade');
      await expect(cartRow.getByRole('link').nth(1)).toContainText('Timberline');
      expect(await pageOverflow(page)).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      await shoot(page, 'cart-recently-viewed', width);
      expect(errors).toEqual([]);
    });
  });
}

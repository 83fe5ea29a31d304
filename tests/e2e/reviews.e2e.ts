import type { Page } from '@playwright/test';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations } from '../support/browser.ts';
import { shopperCookie } from '../support/shopper.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * Issue 45, reviews from buyers: the demo customer, whose order 100 of the Timberline was delivered, writes a
 * review from the order page; operations approve it in the back office; it shows on the product page with
 * "verified purchase" and the product's JSON-LD gains AggregateRating. A customer without an order of it is
 * refused. On a phone and a desktop, axe-clean, with screenshots at 390 and 1440 px.
 */

ownStoreFor(import.meta.url);

const PRODUCT = '/en-us/p/ridgeline-timberline-womens';
const PRODUCT_ID = catalogueProductId('ridgeline-timberline-womens');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function productLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks
    .map((block) => JSON.parse(block) as Record<string, unknown>)
    .find((ld) => ld['@type'] === 'Product');
}

test.describe.configure({ mode: 'serial' });

for (const [index, width] of [1440, 390].entries()) {
  test(`a delivered customer's review is approved and shown, a non-buyer is refused (${width} px)`, async ({
    openShopper,
    store,
    signInStaff,
  }) => {
    // Three people in three browsers (buyer, moderator, stranger) and two page-cache turns: over a minute on a busy
    // machine.
    test.setTimeout(120_000);
    const text =
      index === 0
        ? 'Light and grippy on packed trails; the bindings close easily with gloves on.'
        : 'After a second winter: still tight bindings, the crampons bite on ice.';
    const buyer = await openShopper(width);
    const cookie = await shopperCookie(store.url);
    const { hostname } = new URL(store.url);
    await buyer.context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), domain: hostname, path: '/' };
      }),
    );
    const { page } = buyer;
    await page.goto('/en-us/account/orders/100');
    await page.getByRole('link', { name: "Review Timberline Women's Snowshoe" }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Review Timberline Women's Snowshoe");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByLabel('Your review').fill(text);
    await page.getByRole('button', { name: 'Send review' }).click();
    await expect(page.getByText('Thank you! Your review will appear once we have checked it.')).toBeVisible();
    await shoot(page, `review-sent-${width}`);

    // Not shown before approval.
    const guest = await openShopper(width);
    await guest.page.goto(PRODUCT);
    await expect(guest.page.locator('#reviews')).not.toContainText(text);

    const staff = await signInStaff('operations');
    await staff.setViewportSize({ width, height: 900 });
    await staff.goto('/admin/reviews');
    const card = staff.locator('article', { hasText: text });
    await expect(card).toContainText("Timberline Women's Snowshoe");
    expect(await accessibilityViolations(staff)).toEqual([]);
    await shoot(staff, `review-queue-${width}`);
    await card.getByRole('button', { name: /^Approve review/ }).click();
    await expect(staff.getByText(/^Review \d+ approved\.$/)).toBeVisible();

    // The same address again: the page cache kept it before the approval and must follow it.
    await guest.page.reload();
    const reviews = guest.page.locator('#reviews');
    await expect(reviews).toContainText(text);
    await expect(reviews.locator('.review', { hasText: text })).toContainText('Verified purchase');
    await expect(reviews).toContainText('out of 5');
    const ld = await productLd(guest.page);
    expect(ld?.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 });
    expect(ld?.review).toEqual([expect.objectContaining({ '@type': 'Review', reviewBody: text })]);
    expect(await accessibilityViolations(guest.page)).toEqual([]);
    await reviews.screenshot({ path: test.info().outputPath(`product-reviews-${width}.png`) });

    // A customer without an order of the product: no form, and the demo customer's order is not theirs.
    const stranger = await openShopper(width);
    const strangerCookie = await shopperCookie(store.url, {
      email: 'pro.applicant@example.com',
      password: 'Pro-Applicant-2026',
    });
    await stranger.context.addCookies(
      strangerCookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), domain: hostname, path: '/' };
      }),
    );
    await stranger.page.goto(PRODUCT);
    await expect(stranger.page.locator('#reviews')).toContainText(text);
    await expect(stranger.page.getByRole('link', { name: 'Write a review' })).toHaveCount(0);
    const refused = await stranger.page.goto(`/en-us/account/orders/100/review/${PRODUCT_ID}`);
    expect(refused?.status()).toBe(404);
    expect(buyer.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
  });
}

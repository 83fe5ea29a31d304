import type { Locator } from '@playwright/test';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { expectHydrated, markWindow, openHydrated } from './shopper.ts';

// Islands (issue 43, decision 0056): the footer's text, the product's breadcrumbs and details keep the server's
// markup and are never hydrated; their links still navigate on the client, the signup form still works, and a
// client navigation to another product draws that product's text.

ownStoreFor(import.meta.url);

const PRODUCT = '/en-us/p/ridgeline-summit-trail-mens';

/** Whether React hydrated (or rendered) this element: it then carries React's props. */
const isReacts = (element: Locator) =>
  element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$')));

test.describe('static markup', () => {
  test('a footer link and a breadcrumb navigate on the client, though neither was hydrated', async ({
    page,
  }) => {
    await openHydrated(page, PRODUCT);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first();
    const cookieSettings = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' });
    // The add to cart is React's; the breadcrumbs, the details and the footer's text are the server's alone.
    expect(await isReacts(page.getByRole('button', { name: 'Add to cart' }))).toBe(true);
    expect(await isReacts(breadcrumb)).toBe(false);
    expect(await isReacts(page.locator('.product__details'))).toBe(false);
    expect(await isReacts(cookieSettings)).toBe(false);

    const samePage = await markWindow(page);
    const target = await breadcrumb.getAttribute('href');
    const name = (await breadcrumb.textContent())!;
    await breadcrumb.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(await samePage()).toBe(true);

    await cookieSettings.click();
    // The consent page waits for its deferred part's chunk and stylesheet: slow on a loaded host.
    await expect(page).toHaveURL(/\/en-us\/consent$/, { timeout: 30_000 });
    expect(await samePage()).toBe(true);
  });

  test('a modified click on a static link is left to the browser', async ({ page, context }) => {
    await openHydrated(page, PRODUCT);
    const samePage = await markWindow(page);
    const opened = context.waitForEvent('page');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Cookie settings' })
      .click({ modifiers: ['Control'] });
    await expect((await opened).waitForURL(/\/en-us\/consent$/)).resolves.toBeUndefined();
    await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
    expect(await samePage()).toBe(true);
  });

  test('a client navigation to another product shows its own breadcrumbs and details', async ({ page }) => {
    await openHydrated(page, PRODUCT);
    const details = page.locator('.product__details');
    const before = await details.textContent();
    const samePage = await markWindow(page);
    const related = page.getByRole('region', { name: 'Related Products' }).locator('a[href*="/p/"]').first();
    const href = (await related.getAttribute('href'))!;
    await related.click();
    await expect(page).toHaveURL(new RegExp(href.replace(/[?]/g, '\\?')));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).not.toHaveText("Summit Trail Men's Snowshoe");
    const title = (await heading.textContent())!;
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(title);
    await expect(details).not.toHaveText(before!);
    // What the server sends for that product is what the client drew.
    const served = await (await page.request.get(href)).text();
    const firstSentence = (await details.locator('.rich-text').textContent())!.trim().slice(0, 40);
    expect(served).toContain(firstSentence);
    expect(await samePage()).toBe(true);
  });

  test('the footer signup, an island in static markup, subscribes in place', async ({ page }) => {
    await openHydrated(page, '/');
    const form = page.getByRole('region', { name: 'Fresh tracks in your inbox' });
    await expectHydrated(form.getByRole('button', { name: 'Sign up' }));
    const samePage = await markWindow(page);
    await form.getByLabel('Your email address').fill('island-walker@example.com');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      form.getByRole('status').filter({ hasText: 'Thanks! Check your inbox to confirm.' }),
    ).toBeVisible();
    expect(await samePage()).toBe(true);
  });

  test('another locale chosen on the client draws the footer in its words, by one document load', async ({
    page,
  }) => {
    await openHydrated(page, `/en-us/country?returnTo=${encodeURIComponent(PRODUCT)}`);
    await page.getByRole('button', { name: 'Germany, Deutsch' }).click();
    // A locale's first page is rendered cold (its display text, its cache): slow on a loaded host.
    await expect(page).toHaveURL(/\/de-de\/p\/ridgeline-summit-trail-mens$/, { timeout: 30_000 });
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Cookie-Einstellungen' })).toBeVisible();
    await expect(footer).toContainText('Alle Rechte vorbehalten');
    // The new page is a document of its own that stays: no second load.
    await expectHydrated(footer);
    const samePage = await markWindow(page);
    await page.waitForTimeout(1_500);
    expect(await samePage()).toBe(true);
  });
});

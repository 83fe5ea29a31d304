import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { openHydrated } from './shopper.ts';

/**
 * Issue 17 #8: the sign-up pages answer the same for a new and a known address and sign nobody in; the mail's
 * link creates the account (once) and signs it in; the owner of a known address is told by mail.
 */

ownStoreFor(import.meta.url);

/** The newest mail of `kind` to `email` in the store's outbox, its quoted-printable body undone. */
async function mailTo(dataDir: string, kind: string, email: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const matching = () => {
    try {
      return readdirSync(outbox)
        .filter((file) => file.includes(`${kind}-${email}`))
        .sort();
    } catch {
      return [];
    }
  };
  await expect.poll(() => matching().length, { timeout: 10_000 }).toBeGreaterThan(0);
  return readFileSync(join(outbox, matching().at(-1)!), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
}

const linkIn = (mail: string) => mail.match(/http:\/\/[^\s]+\/account\/confirm\?token=[\w-]+/)?.[0];

/** Opens a sign-up page (hydrated, unless the browser runs no JavaScript) and fills in the identity fields. */
async function signUp(page: Page, path: string, email: string, { javaScript = true } = {}) {
  if (javaScript) await openHydrated(page, `/en-us/${path}`);
  else await page.goto(`/en-us/${path}`);
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Walker');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Long-enough-2026');
}

/** The email of the customer the page's session is signed in as (null when nobody is). */
async function signedInAs(page: Page): Promise<string | null> {
  const answer = await page.request.get('/api/session');
  const body = (await answer.json()) as { data: { customer: { email: string } | null } };
  return body.data.customer?.email ?? null;
}

/** The sign-up card as a shopper reads it (the heading, the answer, the form). */
const signUpCard = (page: Page) => page.getByRole('region', { name: 'Create account' });

test.describe('sign-up (issue 17 #8)', () => {
  test('answers a new and a known address alike; the link creates the account once and signs it in', async ({
    openShopper,
    store,
  }) => {
    test.setTimeout(90_000);
    const email = `new.walker.${Date.now()}@example.com`;
    const fresh = await openShopper(1440);
    const known = await openShopper(1440);
    await signUp(fresh.page, 'account/create', email);
    await fresh.page.getByRole('button', { name: 'Create account' }).click();
    await fresh.page.waitForURL(/\/en-us\/account\/create\?sent=1$/);
    await expect(fresh.page.getByText('Check your e-mail to finish creating your account')).toBeVisible();
    await signUp(known.page, 'account/create', 'Hannah.Miller@example.com');
    await known.page.getByRole('button', { name: 'Create account' }).click();
    await known.page.waitForURL(/\/en-us\/account\/create\?sent=1$/);
    await expect(known.page.getByText('Check your e-mail to finish creating your account')).toBeVisible();
    await expect(signUpCard(known.page)).toHaveText(await signUpCard(fresh.page).innerText(), {
      useInnerText: true,
    });
    // Nobody is signed in by the answer.
    for (const { page } of [fresh, known]) {
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(
        1,
      );
      expect(await signedInAs(page)).toBeNull();
    }
    expect(await accessibilityViolations(fresh.page)).toEqual([]);

    const owner = await mailTo(store.dataDir, 'signup-existing', 'hannah.miller@example.com');
    expect(owner).toContain('Someone tried to create a Ridgeline account with your e-mail address');
    expect(owner).toContain(`${store.url}/en-us/account/reset`);
    expect(linkIn(owner)).toBeUndefined();

    const link = linkIn(await mailTo(store.dataDir, 'signup-confirmation', email));
    expect(link).toBeDefined();
    await openHydrated(fresh.page, link!);
    expect(await accessibilityViolations(fresh.page)).toEqual([]);
    await fresh.page.getByRole('button', { name: 'Finish creating your account' }).click();
    await fresh.page.waitForURL(/\/en-us\/account$/);
    expect(await signedInAs(fresh.page)).toBe(email);

    // The link works once: followed again (elsewhere), it says so and signs nobody in.
    await known.page.goto(link!);
    await expect(known.page.getByText('This link has expired or was already used')).toBeVisible();
    await expect(known.page.getByRole('button', { name: 'Finish creating your account' })).toHaveCount(0);
    expect(fresh.errors).toEqual([]);
    expect(known.errors).toEqual([]);
  });

  test('works without JavaScript, and a pro sign-up keeps its application', async ({
    browser,
    baseURL,
    store,
  }) => {
    test.setTimeout(90_000);
    const email = `pro.walker.${Date.now()}@example.com`;
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      javaScriptEnabled: false,
      baseURL,
    });
    const page = await context.newPage();
    try {
      await signUp(page, 'pro/create', email, { javaScript: false });
      await page.getByLabel('Organisation, school or shop').fill('Alpine Club');
      await page.getByLabel('Profession').selectOption('guide');
      await page.getByLabel('Certification or member number').fill('AMGA-123');
      await page.getByRole('button', { name: 'Create a pro account' }).click();
      await page.waitForURL(/\/en-us\/pro\/create\?sent=1$/);
      await expect(page.getByText('Check your e-mail to finish creating your account')).toBeVisible();
      const link = linkIn(await mailTo(store.dataDir, 'signup-confirmation', email));
      await page.goto(link!);
      await page.getByRole('button', { name: 'Finish creating your account' }).click();
      await page.waitForURL(/\/en-us\/pro\/signup\?sent=1$/);
      await expect(page.getByRole('main')).toContainText(/application/i);
    } finally {
      await context.close();
    }
  });
});

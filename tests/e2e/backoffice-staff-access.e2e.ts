import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { quotedPrintable } from '../support/outbox.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

ownStoreFor(import.meta.url);

/** The invitation link of the newest invitation mailed to `email` in the store's outbox, if one was written. */
function invitationLink(dataDir: string, email: string): string | undefined {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'outbox'));
  } catch {
    return undefined;
  }
  const newest = files
    .filter((file) => file.includes(`-staff-invitation-${email}`))
    .sort()
    .at(-1);
  if (!newest) return undefined;
  const mail = quotedPrintable(readFileSync(join(dataDir, 'outbox', newest), 'utf8'));
  return /https?:\/\/\S+\/admin\/invite\/[0-9a-f]+/.exec(mail)?.[0];
}

const PERIOD_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

/** The RFC 6238 code of `secret` (base32) at a given 30 s step: SHA-1, 6 digits, as authenticator apps show. */
function codeAt(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret].map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * A code the server accepts after the step `last`: codes are single-use and the server takes the steps next to its
 * own, so a sign-in within the same 30 s uses the next step's code, and waits for the clock only when that is
 * spent too. The previous step only early in a step (a clock passing to the next would make it too old).
 */
async function nextCode(secret: string, last: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = stepNow();
    const early = Date.now() % PERIOD_MS < 20_000;
    const step = Math.max(last + 1, early ? now - 1 : now);
    if (step <= now + 1) return { code: codeAt(secret, step), step };
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - (Date.now() % PERIOD_MS) + 200));
  }
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/admin\/login$/);
}

/** Adds a staff member at /admin/staff as the signed-in owner; their invitation goes to the outbox. */
async function invite(page: Page, member: { name: string; email: string; role: string }) {
  await page.getByRole('link', { name: 'Staff' }).click();
  await page.waitForURL(/\/admin\/staff$/);
  await page.getByLabel('Name').fill(member.name);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Role', { exact: true }).selectOption(member.role);
  await page.getByRole('button', { name: 'Create account and send invitation' }).click();
  await expect(page.getByRole('status')).toContainText(`An invitation is on its way to ${member.email}`);
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('Invited');
  // The member's password is nobody's to see: no secret on the page.
  await expect(page.locator('code')).toHaveCount(0);
}

test.describe('staff access: invitations by mail and sign-ins (issue 40 #7)', () => {
  for (const width of [1440, 390]) {
    test(`an invited merchandiser sets a password from the mail in the outbox and is signed in (${width} px)`, async ({
      page,
      store,
      signInStaff,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const email = `mia.${width}@ridgeline.example`;
      await signInStaff('owner');
      await invite(page, { name: `Mia ${width}`, email, role: 'merchandiser' });
      expect(await accessibilityViolations(page)).toEqual([]);
      await signOut(page);

      await expect.poll(() => invitationLink(store.dataDir, email)).toMatch(/\/admin\/invite\//);
      const link = invitationLink(store.dataDir, email)!;
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
      await expect(page.getByText(`as Merchandiser with the account ${email}`)).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      const password = page.getByLabel('Password (at least 12 characters)');
      await password.fill('too short');
      await page.getByLabel('Password again').fill('too short');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
      await expect(password).toHaveAttribute('aria-describedby', 'password-error');
      await password.fill('mia picks a long password');
      await page.getByLabel('Password again').fill('mia picks a long password');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.waitForURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
      // A merchandiser's own doors only.
      expect((await page.request.get('/admin/staff', { maxRedirects: 0 })).status()).toBe(403);
      await signOut(page);

      // The link worked once.
      const again = await page.goto(link);
      expect(again?.status()).toBe(410);
      await expect(page.getByRole('heading', { name: 'This invitation no longer works' })).toBeVisible();
      await expect(page.getByText('Ask an owner to send you a new invitation')).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('mia picks a long password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/admin$/);
      expect(errors).toEqual([]);
    });
  }

  // Six sign-ins wait for about five 30 s steps of the clock: the count is proven once, the phone's layout of the
  // same journey with one sign-in.
  for (const [width, signIns] of [
    [1440, 6],
    [390, 1],
  ] as const) {
    test(`an invited owner sets up the second factor, then signs in ${signIns === 6 ? 'six times in a row' : 'again'} with correct codes (${width} px)`, async ({
      page,
      store,
      signInStaff,
    }) => {
      // Codes are single-use: past the first few, each sign-in waits for the next 30 s step.
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 900 });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const email = `ada.${width}@ridgeline.example`;
      const password = 'ada picks a long password';
      await signInStaff('owner');
      await invite(page, { name: `Ada ${width}`, email, role: 'owner' });
      await signOut(page);

      await expect.poll(() => invitationLink(store.dataDir, email)).toMatch(/\/admin\/invite\//);
      await page.goto(invitationLink(store.dataDir, email)!);
      await page.getByLabel('Password (at least 12 characters)').fill(password);
      await page.getByLabel('Password again').fill(password);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Set up your second factor' })).toBeVisible();
      // Nothing of the back office opens before the owed enrolment.
      expect((await page.request.get('/admin/staff', { maxRedirects: 0 })).status()).toBe(302);
      expect(await accessibilityViolations(page)).toEqual([]);
      const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
      await page.getByLabel('6-digit code').fill('000000');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('alert')).toContainText('not right');
      let last = stepNow() - 2;
      const enrol = await nextCode(secret, last);
      await page.getByLabel('6-digit code').fill(enrol.code);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/admin$/);
      last = enrol.step;

      for (let signIn = 1; signIn <= signIns; signIn++) {
        await signOut(page);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
        const next = await nextCode(secret, last);
        await page.getByLabel(/6-digit code/).fill(next.code);
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL(/\/admin$/);
        await expect(page.getByRole('heading', { level: 1 }), `sign-in ${signIn}`).toContainText('Welcome');
        last = next.step;
      }
      expect(errors).toEqual([]);
    });
  }
});

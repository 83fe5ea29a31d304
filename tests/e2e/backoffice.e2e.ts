import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission, STAFF_ROLES, type StaffRole } from '#core/staff-permissions.ts';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { type StaffClient, signInInBrowser, staffClient, totpCode } from '../support/staff.ts';

let server: RunningServer;
let browser: Browser;
const clients = new Map<StaffRole, StaffClient>();
let signedOut: StaffClient;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  signedOut = await staffClient(server.url, null);
  for (const role of STAFF_ROLES) clients.set(role, await staffClient(server.url, role));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Every back-office door and the permission it needs (core/staff-permissions.ts). A page is asked with GET; an
 * action with a POST that carries the form token and no fields, so a role that may act gets past the gate to the
 * form's own 400, and one that may not gets the gate's 403.
 */
const DOORS: { path: string; method: 'GET' | 'POST'; permission: Permission }[] = [
  { path: '/admin', method: 'GET', permission: 'dashboard:view' },
  { path: '/admin/me', method: 'GET', permission: 'dashboard:view' },
  { path: '/admin/me', method: 'POST', permission: 'dashboard:view' },
  { path: '/admin/staff', method: 'GET', permission: 'staff:manage' },
  { path: '/admin/staff', method: 'POST', permission: 'staff:manage' },
  { path: '/admin/audit', method: 'GET', permission: 'audit:read' },
  { path: '/admin/orders', method: 'GET', permission: 'orders:read' },
  { path: '/admin/orders.csv', method: 'GET', permission: 'orders:read' },
  { path: '/admin/orders/106', method: 'GET', permission: 'orders:read' },
  { path: '/admin/orders/106', method: 'POST', permission: 'orders:write' },
  { path: '/admin/customers', method: 'GET', permission: 'customers:read' },
  { path: '/admin/customers/1', method: 'GET', permission: 'customers:read' },
  { path: '/admin/customers/1', method: 'POST', permission: 'customers:write' },
  { path: '/admin/customers/1/export', method: 'GET', permission: 'customers:privacy' },
  { path: '/admin/pro', method: 'GET', permission: 'pro:read' },
  { path: '/admin/pro', method: 'POST', permission: 'pro:write' },
];

describe('the back office’s permission matrix (issue 19)', () => {
  for (const door of DOORS) {
    for (const role of STAFF_ROLES) {
      const allowed = (PERMISSIONS[door.permission] as readonly StaffRole[]).includes(role);
      it(`${door.method} ${door.path} as ${role}: ${allowed ? 'allowed' : '403'}`, async () => {
        const client = clients.get(role)!;
        const response =
          door.method === 'GET' ? await client.get(door.path) : await client.post(door.path, {});
        const body = await response.text();
        if (allowed) expect(response.status).toBe(door.method === 'GET' ? 200 : 400);
        else {
          expect(response.status).toBe(403);
          expect(body).toContain('Your role does not allow this');
        }
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expect(response.headers.get('x-robots-tag')).toContain('noindex');
      });
    }
    it(`${door.method} ${door.path} signed out or as a shopper: to sign-in, no data`, async () => {
      for (const headers of [
        {},
        { cookie: 'rl_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      ] as Record<string, string>[]) {
        const response = await fetch(`${server.url}${door.path}`, {
          method: door.method,
          headers: { origin: server.url, ...headers },
          redirect: 'manual',
          ...(door.method === 'POST' ? { body: new URLSearchParams({ csrf: 'x' }) } : {}),
        });
        expect(response.status).toBe(302);
        expect(response.headers.get('location')).toMatch(/^\/admin\/login/);
        expect(await response.text()).not.toMatch(/@ridgeline\.example|admin-table/);
      }
      expect((await signedOut.get(door.path)).status).toBe(302);
    });
  }

  it('refuses a staff form without its token (403) and changes nothing', async () => {
    const owner = clients.get('owner')!;
    const before = await (await owner.get('/admin/staff')).text();
    const response = await owner.post(
      '/admin/staff',
      { intent: 'create', email: 'forged@ridgeline.example', name: 'Forged', role: 'owner' },
      { csrf: false },
    );
    expect(response.status).toBe(403);
    const after = await (await owner.get('/admin/staff')).text();
    expect(after).not.toContain('forged@ridgeline.example');
    expect(before).not.toContain('forged@ridgeline.example');
  });

  it('refuses a cross-site sign-in post', async () => {
    const response = await fetch(`${server.url}/admin/login`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=operations%40ridgeline.example&password=ridgeline-staff-demo',
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('an owner adds a staff member (issue 19)', () => {
  for (const width of [1440, 390]) {
    it(`whose first sign-in forces a new password and a second factor (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await signInInBrowser(page, server.url, 'owner');
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.getByRole('link', { name: 'Staff' }).click();
        await page.waitForURL(`${server.url}/admin/staff`);
        const email = `new.owner.${width}@ridgeline.example`;
        await page.getByLabel('Name').fill(`New Owner ${width}`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Role', { exact: true }).selectOption('owner');
        await page.getByRole('button', { name: 'Create account' }).click();
        const password = (await page.getByTestId('one-time-password').locator('code').textContent())!.trim();
        expect(password).toMatch(/^[\w-]{16}$/);
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.waitForURL(`${server.url}/admin/login`);

        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
        // Nothing of the back office opens before the owed steps are done.
        const early = await context.request.get(`${server.url}/admin/staff`, { maxRedirects: 0 });
        expect(early.status()).toBe(302);
        await page.getByLabel('New password', { exact: true }).fill('a much better password');
        await page.getByLabel('New password again').fill('a much better password');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor();
        expect(await accessibilityViolations(page)).toEqual([]);
        const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
        await page.getByLabel('6-digit code').fill('000000');
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect.poll(() => page.getByRole('alert').textContent()).toContain('not right');
        await page.getByLabel('6-digit code').fill(await totpCode(secret));
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL(`${server.url}/admin`);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Welcome');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

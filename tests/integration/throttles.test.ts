import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountLimits, type Caller, type Commerce, createCommerce } from '#server/commerce/index.ts';
import { DEFAULT_ORDER_STATUS_LIMITS } from '#server/commerce/orders.ts';
import { customers, sessions, signupConfirmations } from '#server/commerce/schema-customers.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';
import { DEMO } from './api-harness.ts';

/**
 * The per-address and per-email throttles of the engine's use cases (issue 17 #3): every door (page form, /api)
 * calls these, so they are tested here once, on PGlite and on PostgreSQL.
 */

// Small per-address limits keep the sign-in and sign-up loops short; per-email limits stay out of the way.
const ACCOUNT_LIMITS: AccountLimits = {
  windowSeconds: 600,
  loginPerIp: 4,
  loginPerEmail: 50,
  signupPerIp: 3,
  signupPerEmail: 50,
};

const callerAt = (ip: string): Caller => ({ session: null, ip, https: false });

/** The order of the demo's standard customer, and its email. */
const ORDER = { id: 101, email: DEMO.standard.email };

describe.each(testDatabaseTargets)('engine throttles on $name', (target) => {
  let handle: DatabaseHandle;
  let commerce: Commerce;
  const rows = async (table: typeof customers | typeof sessions | typeof signupConfirmations) =>
    (await handle.db.select({ n: count() }).from(table))[0]!.n;
  const counter = async (key: string) =>
    (
      (await handle.db.execute(sql`select count from rate_limits where key = ${key}`)) as unknown as {
        rows: { count: number }[];
      }
    ).rows[0]?.count;

  beforeAll(async () => {
    handle = await openSeeded(target);
    commerce = createCommerce(handle.db, { accountLimits: ACCOUNT_LIMITS });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('order status: refuses the 31st lookup from one address, whatever the emails, and spends no email limit', async () => {
    const caller = callerAt('203.0.113.120');
    const { perIp } = DEFAULT_ORDER_STATUS_LIMITS;
    expect(perIp).toBe(30);
    for (let i = 0; i < perIp; i++)
      await expect(
        commerce.orders.lookUpStatus(caller, ORDER.id, `guess${i}@example.com`),
      ).rejects.toMatchObject({ code: 'not-found' });
    const refused = commerce.orders.lookUpStatus(caller, ORDER.id, ORDER.email);
    await expect(refused).rejects.toMatchObject({ code: 'too-many-attempts', status: 429 });
    await expect(refused).rejects.toHaveProperty('retryAfter', expect.any(Number));
    // The refusal counted nothing against the owner's email: the owner, from elsewhere, still finds the order.
    expect(await counter(commerce.rateLimits.key('order-status', 'email', ORDER.email))).toBeUndefined();
    const owner = await commerce.orders.lookUpStatus(callerAt('203.0.113.121'), ORDER.id, ORDER.email);
    expect(owner).toMatchObject({ id: ORDER.id, status: 'Shipped' });
  });

  it('order status: refuses the 11th lookup for one email, from any address, any letter case', async () => {
    const { perEmail } = DEFAULT_ORDER_STATUS_LIMITS;
    expect(perEmail).toBe(10);
    const email = 'target.guessed@example.com';
    for (let i = 0; i < perEmail; i++)
      await expect(
        commerce.orders.lookUpStatus(
          callerAt(`198.51.100.${i + 1}`),
          900_000 + i,
          i % 2 ? email.toUpperCase() : email,
        ),
      ).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      commerce.orders.lookUpStatus(callerAt('198.51.100.99'), 900_099, ` ${email} `),
    ).rejects.toMatchObject({ code: 'too-many-attempts' });
  });

  it('sign-in: refuses attempts from one address past its limit, whatever the emails, and signs nobody in', async () => {
    const caller = callerAt('203.0.113.130');
    for (let i = 0; i < ACCOUNT_LIMITS.loginPerIp; i++)
      await expect(
        commerce.accounts.logIn(caller, `nobody${i}@example.com`, 'wrong-password'),
      ).rejects.toMatchObject({ code: 'login-failed' });
    const sessionsBefore = await rows(sessions);
    // Past the limit even the right password is refused: the address, not the account, is throttled.
    await expect(
      commerce.accounts.logIn(caller, DEMO.standard.email, DEMO.standard.pw),
    ).rejects.toMatchObject({ code: 'too-many-attempts', status: 429 });
    expect(await rows(sessions)).toBe(sessionsBefore);
    const elsewhere = await commerce.accounts.logIn(
      callerAt('203.0.113.131'),
      DEMO.standard.email,
      DEMO.standard.pw,
    );
    expect(elsewhere.customer.email).toBe(DEMO.standard.email);
  });

  it('sign-up: refuses sign-ups from one address past its limit, whatever the emails, and creates nothing', async () => {
    const caller = callerAt('203.0.113.140');
    const signUp = (i: number) =>
      commerce.accounts.signUp(
        caller,
        'us',
        {
          email: `new.shopper${i}@example.com`,
          password: 'Long-enough-2026',
          first_name: 'New',
          last_name: 'Shopper',
        },
        { locale: 'en-us' },
      );
    const [pendingBefore, customersBefore] = [await rows(signupConfirmations), await rows(customers)];
    for (let i = 0; i < ACCOUNT_LIMITS.signupPerIp; i++) await signUp(i);
    expect(await rows(signupConfirmations)).toBe(pendingBefore + ACCOUNT_LIMITS.signupPerIp);
    await expect(signUp(99)).rejects.toMatchObject({ code: 'too-many-attempts', status: 429 });
    expect(await rows(signupConfirmations)).toBe(pendingBefore + ACCOUNT_LIMITS.signupPerIp);
    expect(await rows(customers)).toBe(customersBefore);
  });

  it('keeps every counter under a keyed hash: no email or client address in the table, one counter per address whatever its case', async () => {
    const caller = callerAt('203.0.113.150');
    const email = 'Counted.Shopper@Example.com';
    await expect(commerce.accounts.logIn(caller, email, 'wrong-password')).rejects.toMatchObject({
      code: 'login-failed',
    });
    await expect(
      commerce.accounts.logIn(caller, email.toLowerCase(), 'wrong-password'),
    ).rejects.toMatchObject({ code: 'login-failed' });
    await commerce.accounts.requestPasswordReset(caller, email, 'en-us');
    expect(await counter(commerce.rateLimits.key('login', 'email', ` ${email.toUpperCase()} `))).toBe(2);
    const keys = (
      (await handle.db.execute(sql`select key from rate_limits`)) as unknown as { rows: { key: string }[] }
    ).rows.map((row) => row.key);
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) {
      expect(key).toMatch(/^[a-z-]+:(ip|email|staff):[0-9a-f]{32}$/);
      expect(key).not.toContain('203.0.113');
    }
    // Another store's key (or none) makes other counters: a guessed address cannot be checked without it.
    const elsewhere = createCommerce(handle.db, {
      throttleKey: 'another-store-throttle-key-0123456789abcdef',
    });
    expect(elsewhere.rateLimits.key('login', 'email', email)).not.toBe(
      commerce.rateLimits.key('login', 'email', email),
    );
  });
});

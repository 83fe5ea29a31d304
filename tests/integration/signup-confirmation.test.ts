import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { customers, signupConfirmations } from '#server/schema.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, DEMO, openApi } from './api-harness.ts';

/** Issue 17 #8: sign-up answers the same for a new and a known address; the mail's link creates the account. */
describe.each(testDatabaseTargets)('sign-up with a confirmation link on $name', (target) => {
  let api: ApiHarness;
  const confirmations: DomainEvents['signup-confirmation-requested'][] = [];
  const attempts: DomainEvents['signup-attempted-existing'][] = [];
  beforeAll(async () => {
    api = await openApi(target);
    api.commerce.events.on('signup-confirmation-requested', (event) => {
      confirmations.push(event);
    });
    api.commerce.events.on('signup-attempted-existing', (event) => {
      attempts.push(event);
    });
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  const customerCount = async () => (await api.handle.db.select({ n: count() }).from(customers))[0]!.n;
  const pendingCount = async () =>
    (await api.handle.db.select({ n: count() }).from(signupConfirmations))[0]!.n;
  const body = (email: string) => ({
    email,
    password: 'long-enough-1',
    first_name: 'Nia',
    last_name: 'Walker',
    locale: 'de-de',
  });

  it('answers a new and a known address byte for byte the same, signs nobody in, and tells the owner', async () => {
    const customersBefore = await customerCount();
    const fresh = await api.browser({ ip: '203.0.113.120' }).start();
    const known = await api.browser({ ip: '203.0.113.121' }).start();
    const freshCookie = fresh.cookies.get('rl_session');
    const a = await fresh.call('POST', '/api/customers/create', { body: body('first.timer@example.com') });
    const b = await known.call('POST', '/api/customers/create', {
      body: body(DEMO.standard.email.toUpperCase()),
    });
    expect(a.status).toBe(202);
    expect(b.status).toBe(a.status);
    const [textA, textB] = [await a.text(), await b.text()];
    expect(textB).toBe(textA);
    expect(JSON.parse(textA)).toEqual({ data: { status: 'confirmation-sent' }, meta: {} });
    expect([...b.headers.keys()].sort()).toEqual([...a.headers.keys()].sort());
    expect(a.headers.get('set-cookie')).toBeNull();
    expect(b.headers.get('set-cookie')).toBeNull();
    expect(fresh.cookies.get('rl_session')).toBe(freshCookie);
    // Nobody is signed in and no account exists yet.
    const session = await fresh.json('GET', '/api/session');
    expect(session.body.data.customer).toBeNull();
    expect(await customerCount()).toBe(customersBefore);
    // The new address gets its link, the known owner a warning (and no link).
    expect(confirmations.map((event) => event.email)).toContain('first.timer@example.com');
    expect(confirmations.find((event) => event.email === 'first.timer@example.com')?.locale).toBe('de-de');
    expect(confirmations.some((event) => event.email.toLowerCase() === DEMO.standard.email)).toBe(false);
    expect(attempts).toContainEqual({ email: DEMO.standard.email, firstName: 'Hannah', locale: 'de-de' });
  });

  it('creates the account once from the link and signs it in; the used link is refused and changes nothing', async () => {
    const email = 'link.follower@example.com';
    const browser = await api.browser({ ip: '203.0.113.122' }).start();
    expect((await browser.call('POST', '/api/customers/create', { body: body(email) })).status).toBe(202);
    const token = confirmations.find((event) => event.email === email)!.token;
    const before = await customerCount();
    const confirmed = await browser.json('POST', '/api/customers/confirm', { body: { token } });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data).toMatchObject({ email, first_name: 'Nia', customer_group_id: 1 });
    expect(confirmed.headers.get('set-cookie')).toMatch(/^rl_session=/);
    const session = await browser.json('GET', '/api/session');
    expect(session.body.data.customer.email).toBe(email);
    expect(await customerCount()).toBe(before + 1);
    // The password chosen at sign-up is the account's.
    const other = api.browser({ ip: '203.0.113.123' });
    expect((await other.login(email, 'long-enough-1')).email).toBe(email);

    const pending = await pendingCount();
    const again = await api.browser({ ip: '203.0.113.124' }).start();
    const reused = await again.json('POST', '/api/customers/confirm', { body: { token } });
    expect(reused.status).toBe(410);
    expect(reused.headers.get('set-cookie')).toBeNull();
    expect(await customerCount()).toBe(before + 1);
    expect(await pendingCount()).toBe(pending);
    // A sign-up of the now known address is answered as before and warns its owner.
    const warned = attempts.length;
    expect((await again.call('POST', '/api/customers/create', { body: body(email) })).status).toBe(202);
    expect(attempts).toHaveLength(warned + 1);
  });

  it('refuses an expired or unknown link and changes nothing', async () => {
    const email = 'too.late@example.com';
    const browser = await api.browser({ ip: '203.0.113.125' }).start();
    await browser.call('POST', '/api/customers/create', { body: body(email) });
    const token = confirmations.find((event) => event.email === email)!.token;
    await api.handle.db
      .update(signupConfirmations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(signupConfirmations.email, email));
    const before = await customerCount();
    const expired = await browser.json('POST', '/api/customers/confirm', { body: { token } });
    expect(expired.status).toBe(410);
    const unknown = await browser.json('POST', '/api/customers/confirm', {
      body: { token: 'x'.repeat(43) },
    });
    expect(unknown.status).toBe(410);
    expect(await customerCount()).toBe(before);
    const [row] = await api.handle.db
      .select()
      .from(signupConfirmations)
      .where(eq(signupConfirmations.email, email));
    expect(row?.usedAt).toBeNull();
    expect(await api.commerce.customers.findByEmail(email)).toBeNull();
  });

  it('two sign-ups of one address: the first link followed creates it, the second is refused unchanged', async () => {
    const email = 'twice@example.com';
    await (await api.browser({ ip: '203.0.113.126' }).start()).call('POST', '/api/customers/create', {
      body: body(email),
    });
    await (await api.browser({ ip: '203.0.113.127' }).start()).call('POST', '/api/customers/create', {
      body: { ...body(email), first_name: 'Second' },
    });
    const [first, second] = confirmations.filter((event) => event.email === email);
    const browser = await api.browser({ ip: '203.0.113.128' }).start();
    expect(
      (await browser.json('POST', '/api/customers/confirm', { body: { token: second!.token } })).status,
    ).toBe(201);
    const before = await customerCount();
    const late = await api.browser({ ip: '203.0.113.129' }).start();
    expect(
      (await late.json('POST', '/api/customers/confirm', { body: { token: first!.token } })).status,
    ).toBe(410);
    expect(await customerCount()).toBe(before);
    expect((await api.commerce.customers.findByEmail(email))?.first_name).toBe('Second');
    // The refused link stays unused (its transaction rolled back).
    expect(await api.commerce.customers.signUpPending(first!.token)).toBe(true);
  });

  it('keeps a pro application with the sign-up and stores it with the account', async () => {
    const started = await api.commerce.accounts.signUp(
      { session: null, ip: '203.0.113.130', https: false },
      'us',
      { email: 'club.applicant@example.com', password: 'long-enough-1', first_name: 'Pia', last_name: 'Ro' },
      { locale: 'en-us', proApplication: { organization: 'Alpine Club', profession: 'guide' } },
    );
    expect(started).toBeUndefined();
    const token = confirmations.find((event) => event.email === 'club.applicant@example.com')!.token;
    const confirmed = await api.commerce.accounts.confirmSignUp(
      { session: null, ip: '203.0.113.130', https: false },
      token,
    );
    expect(confirmed.pro).toBe(true);
    const pro = confirmed.customer.form_fields.find((field: { name: string }) => field.name === 'Pro Code');
    expect(JSON.parse(pro!.value)).toMatchObject({ organization: 'Alpine Club', region: 'pending' });
  });

  it('refuses a bad body or locale with 400 and stores nothing', async () => {
    const pending = await pendingCount();
    const browser = await api.browser({ ip: '203.0.113.131' }).start();
    expect(
      (
        await browser.call('POST', '/api/customers/create', {
          body: { ...body('x@example.com'), locale: 'xx-yy' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await browser.call('POST', '/api/customers/create', {
          body: { ...body('x@example.com'), password: 'short' },
        })
      ).status,
    ).toBe(400);
    expect((await browser.call('POST', '/api/customers/confirm', { body: {} })).status).toBe(400);
    expect(await pendingCount()).toBe(pending);
  });
});

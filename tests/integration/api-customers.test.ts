import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, DEMO, openApi, RATE_LIMITS } from './api-harness.ts';

describe.each(testDatabaseTargets)('/api customers, sessions, orders and pro on $name', (target) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await openApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('hands out an httpOnly, SameSite=Lax session cookie and a csrf token', async () => {
    const browser = api.browser();
    const response = await browser.call('GET', '/api/session');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^rl_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toContain('Secure');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body.data).toMatchObject({ customer: null, cartId: null });
    expect(body.data.csrfToken).toMatch(/^[\w-]{43}$/);
    const again = await browser.call('GET', '/api/session');
    expect(again.headers.get('set-cookie')).toBeNull();
    const https = await api
      .browser()
      .call('GET', '/api/session', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('set-cookie')).toContain('; Secure');
  });

  it('signs in with the right password only, rotating the session; logout ends it server-side', async () => {
    const browser = await api.browser().start();
    const before = browser.cookies.get('rl_session');
    const wrong = await browser.json('POST', '/api/customers/login', {
      body: { email: DEMO.standard.email, pw: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('Email or password is incorrect');
    const unknown = await browser.json('POST', '/api/customers/login', {
      body: { email: 'nobody@example.com', pw: 'whatever' },
    });
    expect(unknown.body).toEqual(wrong.body);
    const ok = await browser.json('POST', '/api/customers/login', {
      body: { email: DEMO.standard.email.toUpperCase(), pw: DEMO.standard.pw },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ email: DEMO.standard.email, first_name: 'Hannah', isPro: false });
    const after = browser.cookies.get('rl_session');
    expect(after).not.toBe(before);
    const valid = await browser.json('POST', '/api/customers/validate-session');
    expect(valid.body.data).toMatchObject({ is_valid: true, customer: { email: DEMO.standard.email } });
    const stolen = api.browser();
    stolen.cookies.set('rl_session', after!);
    stolen.csrfToken = browser.csrfToken;
    await browser.json('POST', '/api/customers/logout');
    expect(browser.cookies.has('rl_session')).toBe(false);
    const replay = await stolen.json('POST', '/api/customers/validate-session');
    expect(replay.status).toBe(403); // the old cookie names no session any more
    const fresh = await stolen.json('GET', '/api/session');
    expect(fresh.body.data.customer).toBeNull();
  });

  it('checks the signed-in customer password with customers/validate', async () => {
    const browser = api.browser();
    const me = await browser.login(DEMO.employee.email, DEMO.employee.pw);
    const good = await browser.json('POST', '/api/customers/validate', {
      body: { customer: me.email, pw: DEMO.employee.pw },
    });
    expect(good.body.data.is_valid).toBe(true);
    const bad = await browser.json('POST', '/api/customers/validate', {
      body: { customer: me.id, pw: 'wrong-one' },
    });
    expect(bad.body.data.is_valid).toBe(false);
    const other = await browser.json('POST', '/api/customers/validate', {
      body: { customer: DEMO.pro.email, pw: DEMO.pro.pw },
    });
    expect(other.status).toBe(404);
  });

  it('reads and changes only its own customer record and addresses, whatever id the path names', async () => {
    const pro = api.browser();
    const proMe = await pro.login(DEMO.pro.email, DEMO.pro.pw);
    const browser = api.browser();
    const me = await browser.login(DEMO.standard.email, DEMO.standard.pw);
    const mine = await browser.json('GET', `/api/customers/${me.id}/addresses`);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({
      city: 'Burlington',
      state_or_province: 'Vermont',
      country_code: 'US',
    });
    const theirs = await browser.json('GET', `/api/customers/${proMe.id}/addresses`);
    expect(theirs.status).toBe(404);
    const nobody = await browser.json('GET', '/api/customers/999999/addresses');
    expect(nobody.body).toEqual({ ...theirs.body, detail: 'No customer 999999' });
    expect(
      (await browser.json('PUT', `/api/customers/${proMe.id}`, { body: { first_name: 'Mallory' } })).status,
    ).toBe(404);
    expect((await browser.call('DELETE', `/api/customers/${proMe.id}`)).status).toBe(404);
    const proAddresses = await pro.json('GET', `/api/customers/${proMe.id}/addresses`);
    const proAddress = proAddresses.body.data[0];
    expect((await browser.call('DELETE', `/api/customers/${me.id}/addresses/${proAddress.id}`)).status).toBe(
      404,
    );
    expect((await pro.json('GET', `/api/customers/${proMe.id}/addresses`)).body.data).toHaveLength(2);
    expect((await pro.json('GET', `/api/customers/${proMe.id}`)).status).toBe(404); // no such GET in §7
    const list = await browser.json(
      'GET',
      `/api/customers?email:in=${DEMO.pro.email},${DEMO.standard.email}`,
    );
    expect(list.body.data.map((c: { email: string }) => c.email)).toEqual([DEMO.standard.email]);
    const none = await api.browser().json('GET', `/api/customers?email:in=${DEMO.standard.email}`);
    expect(none.body.data).toEqual([]);
    expect((await api.browser().json('GET', `/api/customers/${me.id}/addresses`)).status).toBe(401);
  });

  it('adds, updates and deletes addresses with §9 state and province checks', async () => {
    const browser = api.browser();
    const me = await browser.login(DEMO.employee.email, DEMO.employee.pw);
    const address = {
      first_name: 'Priya',
      last_name: 'Shah',
      address1: '1 Rue Sainte-Catherine',
      city: 'Montréal',
      state_or_province: 'QC',
      postal_code: 'H2X 1Y1',
      country_code: 'ca',
    };
    const created = await browser.json('POST', `/api/customers/${me.id}/addresses`, { body: address });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      state_or_province: 'Quebec',
      country_code: 'CA',
      country: 'Canada',
    });
    const badState = await browser.json('POST', `/api/customers/${me.id}/addresses`, {
      body: { ...address, state_or_province: 'Texas' },
    });
    expect(badState.status).toBe(400);
    expect(badState.body.detail).toContain('not a state or province of Canada');
    expect(
      (
        await browser.json('POST', `/api/customers/${me.id}/addresses`, {
          body: { ...address, country_code: 'zz' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await browser.json('POST', `/api/customers/${me.id}/addresses`, { body: { city: 'x' } })).status,
    ).toBe(400);
    const updated = await browser.json('PUT', `/api/customers/${me.id}/addresses`, {
      body: { ...address, id: created.body.data.id, city: 'Quebec City' },
    });
    expect(updated.body.data.city).toBe('Quebec City');
    expect(
      (await browser.call('DELETE', `/api/customers/${me.id}/addresses/${created.body.data.id}`)).status,
    ).toBe(204);
    expect((await browser.json('GET', `/api/customers/${me.id}/addresses`)).body.data).toHaveLength(1);
  });

  it('creates accounts with unique emails (any case), updates them, and deletes them', async () => {
    const browser = await api.browser({ ip: '203.0.113.77' }).start();
    const input = {
      email: 'new.walker@example.com',
      password: 'long-enough-1',
      first_name: 'Nia',
      last_name: 'Walker',
    };
    // Issue 17 #8: sign-up mails a link; following it creates the account and signs it in.
    const links: string[] = [];
    api.commerce.events.on('signup-confirmation-requested', (event) => {
      if (event.email === input.email) links.push(event.token);
    });
    expect((await browser.json('POST', '/api/customers/create', { body: input })).status).toBe(202);
    const created = await browser.json('POST', '/api/customers/confirm', { body: { token: links[0] } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: input.email, customer_group_id: 1 });
    const other = await api.browser({ ip: '203.0.113.78' }).start();
    const before = await api.commerce.customers.findByEmail(input.email);
    const dup = await other.json('POST', '/api/customers/create', {
      body: { ...input, email: 'NEW.Walker@example.com' },
    });
    // A taken address (any case) is answered like a new one, mails no link and changes nothing.
    expect(dup.status).toBe(202);
    expect(links).toHaveLength(1);
    expect(await api.commerce.customers.findByEmail(input.email)).toEqual(before);
    expect(
      (await other.json('POST', '/api/customers/create', { body: { ...input, password: 'short' } })).status,
    ).toBe(400);
    const id = created.body.data.id;
    const renamed = await browser.json('PUT', `/api/customers/${id}`, { body: { first_name: 'Nina' } });
    expect(renamed.body.data.first_name).toBe('Nina');
    const noProof = await browser.json('PUT', `/api/customers/${id}`, {
      body: { password: 'another-long-1' },
    });
    expect(noProof.status).toBe(403);
    const withProof = await browser.json('PUT', `/api/customers/${id}`, {
      body: { password: 'another-long-1', current_password: input.password },
    });
    expect(withProof.status).toBe(200);
    expect(
      (await browser.json('PUT', `/api/customers/${id}`, { body: { customer_group_id: 4 } })).status,
    ).toBe(400);
    expect((await browser.call('DELETE', `/api/customers/${id}`)).status).toBe(204);
    const login = await other.json('POST', '/api/customers/login', {
      body: { email: input.email, pw: 'another-long-1' },
    });
    expect(login.status).toBe(401);
  });

  it('rate-limits login per email and account creation per email, with Retry-After', async () => {
    const browser = await api.browser({ ip: '203.0.113.90' }).start();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < RATE_LIMITS.loginPerEmail + 1; attempt++)
      statuses.push(
        (
          await browser.call('POST', '/api/customers/login', {
            body: { email: 'target@example.com', pw: 'guess' },
          })
        ).status,
      );
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    const limited = await browser.call('POST', '/api/customers/login', {
      body: { email: 'target@example.com', pw: 'guess' },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const signup = await api.browser({ ip: '203.0.113.91' }).start();
    const body = { email: 'bot@example.com', password: 'long-enough-1', first_name: 'B', last_name: 'Ot' };
    const results: number[] = [];
    for (let attempt = 0; attempt < RATE_LIMITS.signupPerEmail + 1; attempt++)
      results.push((await signup.call('POST', '/api/customers/create', { body })).status);
    expect(results.at(-1)).toBe(429);
  });

  it('lists only its own orders and shipments; order status needs the order email', async () => {
    const browser = api.browser();
    const me = await browser.login(DEMO.standard.email, DEMO.standard.pw);
    const orders = await browser.json('GET', `/api/orders/${me.id}`);
    expect(orders.body.data.map((o: { id: number }) => o.id)).toEqual([102, 101, 100]);
    const order = await browser.json('GET', '/api/order/100');
    expect(order.body.data.products).toHaveLength(2);
    const shipments = await browser.json('GET', '/api/orders/100/shipments');
    expect(shipments.body.data[0].tracking_number).toBe('1Z999AA10123456784');
    expect((await browser.json('GET', '/api/order/103')).status).toBe(404); // the pro customer's
    expect((await browser.json('GET', '/api/orders/103/shipments')).status).toBe(404);
    expect((await browser.json('GET', `/api/orders/${me.id + 1}`)).status).toBe(404);
    const anonymous = api.browser();
    const status = await anonymous.json(
      'GET',
      `/api/order-status/101?email=${DEMO.standard.email.toUpperCase()}`,
    );
    expect(status.body.data).toMatchObject({ id: 101, status: 'Shipped' });
    const wrongEmail = await anonymous.json('GET', '/api/order-status/101?email=someone@example.com');
    const unknownOrder = await anonymous.json('GET', '/api/order-status/99999?email=someone@example.com');
    expect(wrongEmail.status).toBe(404);
    expect(unknownOrder.status).toBe(404);
    expect(wrongEmail.body.title).toBe(unknownOrder.body.title);
    expect((await anonymous.json('GET', '/api/order-status/101')).status).toBe(400);
  });

  it('answers order-status lookups past the engine limits (30 per address, 10 per email) with 429', async () => {
    const guesser = api.browser({ ip: '203.0.113.95' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await guesser.call('GET', `/api/order-status/101?email=guess${i}@example.com`)).status);
    expect(statuses).toEqual([...Array(30).fill(404), 429]);
    const perEmail: number[] = [];
    for (let i = 0; i < 11; i++)
      perEmail.push(
        (
          await api
            .browser({ ip: `203.0.113.${150 + i}` })
            .call('GET', '/api/order-status/101?email=x@example.com')
        ).status,
      );
    expect(perEmail).toEqual([...Array(10).fill(404), 429]);
    const limited = await guesser.json('GET', `/api/order-status/101?email=${DEMO.standard.email}`);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      code: 'too-many-attempts',
      detail: expect.stringMatching(/try again in \d+ seconds/),
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('cache-control')).toBe('no-store');
  });

  it('answers pro order_total only for pro customers, about themselves', async () => {
    const pro = api.browser();
    const proMe = await pro.login(DEMO.pro.email, DEMO.pro.pw);
    const total = await pro.json('GET', `/api/pro/order_total?customer_id=${proMe.id}&brand_id=us`);
    expect(total.status).toBe(200);
    expect(total.body).toMatchObject({
      expiration_date: '2027-06-30',
      employee_group: false,
      spend_limit: 3000,
    });
    expect(total.body.order_total).toBeGreaterThan(0);
    const employee = api.browser();
    const empMe = await employee.login(DEMO.employee.email, DEMO.employee.pw);
    const emp = await employee.json('GET', `/api/pro/order_total?customer_id=${empMe.id}`);
    expect(emp.body).toMatchObject({ employee_group: true, spend_limit: 5000 });
    expect((await pro.json('GET', `/api/pro/order_total?customer_id=${empMe.id}`)).status).toBe(404);
    const standard = api.browser();
    const stdMe = await standard.login(DEMO.standard.email, DEMO.standard.pw);
    expect((await standard.json('GET', `/api/pro/order_total?customer_id=${stdMe.id}`)).status).toBe(403);
    expect((await api.browser().json('GET', `/api/pro/order_total?customer_id=${stdMe.id}`)).status).toBe(
      401,
    );
    expect((await pro.json('GET', '/api/pro/order_total?customer_id=abc')).status).toBe(400);
  });

  it('redirects sign-in only to paths of this site', async () => {
    const browser = api.browser();
    const me = await browser.login(DEMO.standard.email, DEMO.standard.pw);
    const ok = await browser.json('POST', '/api/customers/bclogin', {
      body: { id: me.id, redirect: '/en-us/account' },
    });
    expect(ok.body.data.redirect_url).toBe('/en-us/account');
    for (const redirect of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ])
      expect(
        (await browser.json('POST', '/api/customers/bclogin', { body: { id: me.id, redirect } })).status,
      ).toBe(400);
    expect(
      (await browser.json('POST', '/api/customers/bclogin', { body: { id: me.id + 1, redirect: '/' } }))
        .status,
    ).toBe(404);
  });
});

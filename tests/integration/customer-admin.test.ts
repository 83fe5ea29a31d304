import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { demoBookings } from '#server/bookings/schema.ts';
import type { CommerceError } from '#server/commerce/index.ts';
import {
  addresses,
  customers,
  passwordResets,
  sessions,
  signupConfirmations,
} from '#server/commerce/schema-customers.ts';
import { orderItems, orders } from '#server/commerce/schema-sales.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { subscribeMail } from '#server/mail/subscribers.ts';
import { newsletterSubscriptions } from '#server/newsletter/schema.ts';
import { insertActor } from '../support/staff-actor.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, DEMO, openApi } from './api-harness.ts';

/** Issue 19, customers in the back office: every use case, and every refusal leaves the store as it was. */
describe.each(testDatabaseTargets)('customer admin on $name', (target) => {
  let api: ApiHarness;
  let actor: Actor;
  const outbox: MailMessage[] = [];
  let serial = 0;

  beforeAll(async () => {
    api = await openApi(target);
    actor = await insertActor(api.handle.db, 'operations', 'customer-admin-test@ridgeline.example');
    subscribeMail({
      commerce: api.commerce,
      origin: 'https://shop.example',
      mailer: {
        async send(message) {
          outbox.push(message);
          return { id: String(outbox.length) };
        },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  const admin = () => api.commerce.customerAdmin;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error as CommerceError,
    );
  const auditCount = async (entityId: number) =>
    (
      await api.handle.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(entityId))))
    ).length;
  const row = async (id: number) =>
    (await api.handle.db.select().from(customers).where(eq(customers.id, id)))[0]!;

  /** A demo-day booking and a sign-up confirmation made with `email`: personal data outside the account. */
  async function bookAndSignUp(email: string, event: string) {
    await api.handle.db.insert(demoBookings).values({
      eventUid: event,
      eventDate: '2099-01-15',
      name: 'Test Booker',
      email: email.toLowerCase(),
      party: 2,
      locale: 'en-us',
      consentAt: new Date(),
    });
    await api.handle.db.insert(signupConfirmations).values({
      tokenHash: `token-hash-${event}`,
      email,
      regionId: 'us',
      passwordHash: '$argon2id$v=19$not-a-real-hash',
      details: { first_name: 'Test', last_name: 'Booker', phone: '+1 802 555 0101' },
      expiresAt: new Date(Date.now() + 3600_000),
    });
  }

  /** A fresh customer with one address in `country`, so tests never share state. */
  async function newCustomer(country = 'US', password = 'Fresh-Customer-2026') {
    serial += 1;
    const email = `admin-test-${serial}-${target.name}@example.com`;
    const customer = await api.commerce.customers.create('us', {
      email,
      password,
      first_name: 'Test',
      last_name: `Person${serial}`,
    });
    await api.commerce.customers.addAddress(customer.id, {
      first_name: 'Test',
      last_name: `Person${serial}`,
      address1: '1 Main Street',
      city: 'Somewhere',
      state_or_province: country === 'US' ? 'VT' : country === 'CA' ? 'QC' : undefined,
      postal_code: '05401',
      country_code: country,
    });
    return { id: customer.id, email, password };
  }

  it('searches by email prefix and by name, newest first, one keyset page at a time', async () => {
    const byEmail = await admin().search({ q: 'hannah.mil' });
    expect(byEmail.customers.map((entry) => entry.email)).toEqual([DEMO.standard.email]);
    const byName = await admin().search({ q: 'lindqv' });
    expect(byName.customers.map((entry) => entry.email)).toEqual([DEMO.pro.email]);
    expect(byName.customers[0]).toMatchObject({ group: 'Pro', is_pro: true, disabled: false });
    // A wildcard typed in the box is text, not a pattern.
    expect((await admin().search({ q: '%' })).customers).toEqual([]);

    const first = await admin().search({ limit: 2 });
    expect(first.customers).toHaveLength(2);
    expect(first.next).toBe(first.customers[1]!.id);
    const second = await admin().search({ limit: 2, after: first.next! });
    expect(second.customers[0]!.id).toBeLessThan(first.customers[1]!.id);
    const all = await admin().search({ limit: 100 });
    expect(new Set(all.customers.map((entry) => entry.id)).size).toBe(all.customers.length);

    const employees = await admin().search({ group: 7 });
    expect(employees.customers.map((entry) => entry.email)).toEqual([DEMO.employee.email]);
  });

  it('shows a customer: profile, group, addresses, orders, sessions and pro status', async () => {
    const browser = await api.browser({ ip: '203.0.113.61' }).start();
    const { id } = await browser.login(DEMO.pro.email, DEMO.pro.pw);
    const detail = await admin().detail(id);
    expect(detail.customer).toMatchObject({ email: DEMO.pro.email, isPro: true, disabled_at: null });
    expect(JSON.stringify(detail)).not.toContain('argon2');
    expect(detail.group).toMatchObject({ id: 4, name: 'Pro' });
    expect(detail.addresses).toHaveLength(2);
    expect(detail.orders.length).toBeGreaterThan(0);
    expect(detail.sessions.length).toBeGreaterThanOrEqual(1);
    expect(detail.pro.status).toMatchObject({ spend_limit: 3000 });
    // Only groups of the regions this US customer uses.
    expect(detail.groupChoices.every((group) => group.region === 'us')).toBe(true);

    expect(await refusal(admin().detail(999_999))).toMatchObject({ code: 'not-found', status: 404 });
  });

  it('changes the group to one of a region the customer uses, and refuses any other', async () => {
    const customer = await newCustomer('CA');
    const before = await row(customer.id);
    expect(before.groupId).toBe(1);

    // Canada's retail group: the customer has a Canadian address.
    const changed = await admin().changeGroup(actor, customer.id, 2);
    expect(changed.groupId).toBe(2);
    const [entry] = await api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(customer.id)), eq(auditLog.action, 'customer.group-changed')));
    expect(entry).toMatchObject({ staffId: actor.staffId, before: { groupId: 1 }, after: { groupId: 2 } });

    const audits = await auditCount(customer.id);
    const wrongRegion = await refusal(admin().changeGroup(actor, customer.id, 3));
    expect(wrongRegion).toMatchObject({ code: 'invalid', status: 400 });
    expect(wrongRegion.message).toContain('eu_region_1');
    const proGroup = await refusal(admin().changeGroup(actor, customer.id, 5));
    expect(proGroup).toMatchObject({ code: 'invalid' });
    const unknownGroup = await refusal(admin().changeGroup(actor, customer.id, 999));
    expect(unknownGroup).toMatchObject({ code: 'invalid' });
    expect(await refusal(admin().changeGroup(actor, 999_999, 1))).toMatchObject({ code: 'not-found' });
    expect((await row(customer.id)).groupId).toBe(2);
    expect(await auditCount(customer.id)).toBe(audits);
  });

  it('mails a reset link through the storefront reset use case', async () => {
    const customer = await newCustomer();
    const sent = outbox.length;
    const result = await admin().sendPasswordReset(actor, customer.id);
    expect(result.sent).toBe(true);
    const mail = outbox.slice(sent).find((message) => message.to === customer.email);
    expect(mail).toMatchObject({ kind: 'password-reset' });
    const token = /token=([\w-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    // The same token the storefront form makes: it sets a new password.
    expect(await api.commerce.customers.passwordResetValid(token!)).toBe(true);
    await api.commerce.customers.resetPassword(token!, 'Brand-New-Secret-1');
    expect(await api.commerce.customers.authenticate(customer.email, 'Brand-New-Secret-1')).not.toBeNull();
    expect(await auditCount(customer.id)).toBe(1);
    expect(await refusal(admin().sendPasswordReset(actor, 999_999))).toMatchObject({ code: 'not-found' });
  });

  it('disables an account: its sessions end at once, sign-in, validate and reset refuse it; enable undoes it', async () => {
    const customer = await newCustomer();
    const browser = await api.browser({ ip: '203.0.113.62' }).start();
    await browser.login(customer.email, customer.password);
    const signedIn = await browser.json(
      'GET',
      `/api/customers?email:in=${encodeURIComponent(customer.email)}`,
    );
    expect(signedIn.body.data).toHaveLength(1);
    // A reset link mailed before the account is disabled.
    const early = await api.commerce.customers.createPasswordReset(customer.email);

    await admin().disable(actor, customer.id);
    const live = await api.handle.db.select().from(sessions).where(eq(sessions.customerId, customer.id));
    expect(live).toEqual([]);
    // The browser's cookie no longer signs anyone in.
    const check = await browser.json('GET', `/api/customers?email:in=${encodeURIComponent(customer.email)}`);
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual([]);

    const again = await api.browser({ ip: '203.0.113.63' }).start();
    const login = await again.json('POST', '/api/customers/login', {
      body: { email: customer.email, pw: customer.password },
    });
    expect(login.status).toBe(401);
    expect(await api.handle.db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toEqual(
      [],
    );
    // The password check behind /customers/validate shares the guard.
    const json = await api.commerce.customers.get(customer.id);
    expect(await refusal(api.commerce.accounts.checkPassword(json, customer.password))).toMatchObject({
      code: 'login-failed',
    });

    // No new reset link, and the early one no longer works.
    const resetsBefore = await api.handle.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.customerId, customer.id));
    await api.commerce.accounts.requestPasswordReset(
      { session: null, ip: '203.0.113.64', https: false },
      customer.email,
      'en-us',
    );
    const resetsAfter = await api.handle.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.customerId, customer.id));
    expect(resetsAfter).toHaveLength(resetsBefore.length);
    expect(await api.commerce.customers.passwordResetValid(early!.token)).toBe(false);
    expect(
      await refusal(api.commerce.customers.resetPassword(early!.token, 'Another-Secret-99')),
    ).toMatchObject({ code: 'reset-expired' });
    expect(await refusal(admin().sendPasswordReset(actor, customer.id))).toMatchObject({ status: 409 });

    // Disabling twice is refused and changes nothing.
    const disabledAt = (await row(customer.id)).disabledAt;
    const audits = await auditCount(customer.id);
    expect(await refusal(admin().disable(actor, customer.id))).toMatchObject({ status: 409 });
    expect((await row(customer.id)).disabledAt).toEqual(disabledAt);
    expect(await auditCount(customer.id)).toBe(audits);

    await admin().enable(actor, customer.id);
    expect((await row(customer.id)).disabledAt).toBeNull();
    expect(
      (
        await again.json('POST', '/api/customers/login', {
          body: { email: customer.email, pw: customer.password },
        })
      ).status,
    ).toBe(200);
    expect(await refusal(admin().enable(actor, customer.id))).toMatchObject({ status: 409 });
    expect(await auditCount(customer.id)).toBe(audits + 1);
    expect(await refusal(admin().disable(actor, 999_999))).toMatchObject({ code: 'not-found' });
  });

  it('exports everything personal as JSON, audit-logged, never the password hash', async () => {
    const customer = await newCustomer();
    await api.handle.db.insert(newsletterSubscriptions).values({
      email: customer.email.toLowerCase(),
      listId: 'newsletter-us',
      locale: 'en-us',
      contentRegion: 'us',
    });
    await bookAndSignUp(customer.email, `export-${target.name}`);
    const browser = await api.browser({ ip: '203.0.113.65' }).start();
    await browser.login(customer.email, customer.password);
    const exported = await admin().exportData(actor, customer.id);
    expect(exported.profile).toMatchObject({ email: customer.email, first_name: 'Test' });
    expect(JSON.stringify(exported)).not.toMatch(/argon2|password_hash|passwordHash/);
    expect(exported.addresses).toHaveLength(1);
    expect(exported.newsletter_subscriptions).toEqual([
      expect.objectContaining({ list: 'newsletter-us', locale: 'en-us' }),
    ]);
    expect(exported.sessions).toHaveLength(1);
    expect(exported.demo_bookings).toEqual([
      expect.objectContaining({ event_uid: `export-${target.name}`, name: 'Test Booker', party: 2 }),
    ]);
    expect(exported.signup_confirmations).toEqual([
      expect.objectContaining({
        email: customer.email,
        details: expect.objectContaining({ last_name: 'Booker' }),
      }),
    ]);
    expect(JSON.stringify(exported)).not.toMatch(/token-hash|not-a-real-hash/);
    const [entry] = await api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(customer.id)), eq(auditLog.action, 'customer.exported')));
    expect(entry?.after).toMatchObject({
      addresses: 1,
      sessions: 1,
      newsletterSubscriptions: 1,
      demoBookings: 1,
      signupConfirmations: 1,
    });

    // The demo pro's orders come with their lines.
    const pro = (await admin().search({ q: DEMO.pro.email })).customers[0]!;
    const proExport = await admin().exportData(actor, pro.id);
    expect(proExport.orders.length).toBeGreaterThan(0);
    expect(proExport.orders[0]!.lines.length).toBeGreaterThan(0);
    expect(await refusal(admin().exportData(actor, 999_999))).toMatchObject({ code: 'not-found' });
  });

  it('erases a customer: personal data gone, orders kept for the books with blank personal fields', async () => {
    const pro = (await admin().search({ q: DEMO.pro.email })).customers[0]!;
    const browser = await api.browser({ ip: '203.0.113.66' }).start();
    await browser.login(DEMO.pro.email, DEMO.pro.pw);
    await api.handle.db.insert(newsletterSubscriptions).values({
      email: DEMO.pro.email,
      listId: 'newsletter-us',
      locale: 'en-us',
      contentRegion: 'us',
    });
    // Booked and signed up with the address in other letter cases; another visitor's booking stays.
    await bookAndSignUp(DEMO.pro.email.toUpperCase(), `erase-${target.name}`);
    await bookAndSignUp('someone.else@example.com', `erase-other-${target.name}`);
    const ordersBefore = await api.handle.db.select().from(orders).where(eq(orders.customerId, pro.id));
    expect(ordersBefore.length).toBeGreaterThan(0);
    const linesBefore = await api.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.customerId, pro.id));

    await admin().erase(actor, pro.id);

    const erased = await row(pro.id);
    expect(erased).toMatchObject({
      email: `erased-${pro.id}@invalid`,
      firstName: '',
      lastName: '',
      phone: '',
      formFields: [],
    });
    expect(erased.erasedAt).not.toBeNull();
    expect(erased.passwordHash).not.toContain('argon2');
    expect(await api.handle.db.select().from(addresses).where(eq(addresses.customerId, pro.id))).toEqual([]);
    expect(await api.handle.db.select().from(sessions).where(eq(sessions.customerId, pro.id))).toEqual([]);
    expect(
      await api.handle.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, DEMO.pro.email)),
    ).toEqual([]);
    const bookingsLeft = await api.handle.db
      .select({ email: demoBookings.email })
      .from(demoBookings)
      .where(sql`${demoBookings.eventUid} like ${`erase-%${target.name}`}`);
    expect(bookingsLeft).toEqual([{ email: 'someone.else@example.com' }]);
    const signupsLeft = await api.handle.db
      .select({ email: signupConfirmations.email })
      .from(signupConfirmations)
      .where(sql`${signupConfirmations.tokenHash} like ${`token-hash-erase-%${target.name}`}`);
    expect(signupsLeft).toEqual([{ email: 'someone.else@example.com' }]);

    const ordersAfter = await api.handle.db.select().from(orders).where(eq(orders.customerId, pro.id));
    expect(ordersAfter.map((order) => [order.id, order.total, order.currencyCode])).toEqual(
      ordersBefore.map((order) => [order.id, order.total, order.currencyCode]),
    );
    for (const order of ordersAfter) {
      const before = ordersBefore.find((entry) => entry.id === order.id)!;
      expect(order.email).toBe('');
      for (const address of [order.billingAddress, order.shippingAddress]) {
        expect(address).toMatchObject({ first_name: '', last_name: '', street_1: '', phone: '', email: '' });
      }
      expect(order.shippingAddress.country_iso2).toBe(before.shippingAddress.country_iso2);
      expect(order.version).toBe(before.version + 1);
    }
    const linesAfter = await api.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.customerId, pro.id));
    expect(linesAfter).toEqual(linesBefore);

    // The audit entry says what was removed, never who it was.
    const [entry] = await api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(pro.id)), eq(auditLog.action, 'customer.erased')));
    expect(entry?.after).toMatchObject({
      addressesDeleted: 2,
      demoBookingsDeleted: 1,
      signupConfirmationsDeleted: 1,
      ordersAnonymised: ordersBefore.length,
    });
    expect(JSON.stringify(entry)).not.toContain(DEMO.pro.email);

    const login = await (await api.browser({ ip: '203.0.113.67' }).start()).json(
      'POST',
      '/api/customers/login',
      { body: { email: DEMO.pro.email, pw: DEMO.pro.pw } },
    );
    expect(login.status).toBe(401);

    // Erasing twice is refused and changes nothing.
    const audits = await auditCount(pro.id);
    expect(await refusal(admin().erase(actor, pro.id))).toMatchObject({ status: 409 });
    expect(await row(pro.id)).toEqual(erased);
    expect(await auditCount(pro.id)).toBe(audits);
    expect(await refusal(admin().erase(actor, 999_999))).toMatchObject({ code: 'not-found' });
  });
});

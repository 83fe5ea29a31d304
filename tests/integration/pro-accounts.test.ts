import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proCodeInfoOf } from '#core/pro-code.ts';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import type { CommerceError } from '#server/commerce/index.ts';
import { customerGroups, customers } from '#server/commerce/schema-customers.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { subscribeMail } from '#server/mail/subscribers.ts';
import { insertActor } from '../support/staff-actor.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, openApi } from './api-harness.ts';

/** Issue 19, pro accounts: the queue, approve by country (§4), reject with a reason, terms, spend, the mails. */
describe.each(testDatabaseTargets)('pro accounts on $name', (target) => {
  let api: ApiHarness;
  let actor: Actor;
  const outbox: MailMessage[] = [];
  let serial = 0;
  const PASSWORD = 'Pro-Applicant-2026';

  beforeAll(async () => {
    api = await openApi(target);
    actor = await insertActor(api.handle.db, 'pro_team', 'pro-accounts-test@ridgeline.example');
    subscribeMail({
      commerce: api.commerce,
      origin: 'https://shop.example',
      mailer: {
        async send(message) {
          outbox.push(message);
          return { id: String(outbox.length) };
        },
      },
      // French display text for French locales: the decision mail is written in the applicant's locale.
      textFor: async (locale): Promise<Record<string, string>> =>
        locale === 'fr'
          ? {
              'pro approved mail subject': 'Votre compte pro Ridgeline est approuvé',
              'pro rejected mail subject': 'Votre demande pro Ridgeline',
            }
          : {},
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  const pro = () => api.commerce.proAccounts;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error as CommerceError,
    );
  const row = async (id: number) =>
    (await api.handle.db.select().from(customers).where(eq(customers.id, id)))[0]!;
  const infoOf = async (id: number) => {
    const customer = await row(id);
    return proCodeInfoOf({ notes: customer.notes, form_fields: customer.formFields });
  };
  const audits = async (id: number) =>
    (
      await api.handle.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(id))))
    ).length;

  /** A new applicant with an address in `country` and a pending application, as the pro signup stores it. */
  async function applicant(country: string, locale?: string) {
    serial += 1;
    const email = `applicant-${serial}-${target.name}@example.com`;
    const customer = await api.commerce.customers.create('us', {
      email,
      password: PASSWORD,
      first_name: 'Ada',
      last_name: `Applicant${serial}`,
    });
    await api.commerce.customers.addAddress(customer.id, {
      first_name: 'Ada',
      last_name: `Applicant${serial}`,
      address1: '1 Trail Road',
      city: 'Somewhere',
      state_or_province: country === 'US' ? 'MT' : country === 'CA' ? 'BC' : undefined,
      postal_code: '59715',
      country_code: country,
    });
    await api.commerce.customers.applyForPro(customer.id, {
      organization: 'Bridger Guides',
      profession: 'guide',
      certification: 'AMGA-123',
      ...(locale ? { locale } : {}),
    });
    return { id: customer.id, email };
  }

  it('lists pending applications with what the applicant sent', async () => {
    const ada = await applicant('US');
    const queue = await pro().queue();
    const entry = queue.find((item) => item.id === ada.id);
    expect(entry).toMatchObject({
      email: ada.email,
      country: 'US',
      placement: { proRegion: 'pro', commerceRegion: 'us' },
      application: { organization: 'Bridger Guides', profession: 'guide', certification: 'AMGA-123' },
    });
    expect(entry?.appliedAt).toBeTruthy();
    // The demo pro accounts are approved already, not in the queue.
    expect(queue.every((item) => !item.email.endsWith('guide@example.com'))).toBe(true);
  });

  it('approves a US applicant: pro group, default terms, pro prices and spend meter at once, mail sent', async () => {
    const ada = await applicant('US');
    const browser = await api.browser({ ip: '203.0.113.81' }).start();
    await browser.login(ada.email, PASSWORD);
    const before = await browser.json('GET', `/api/pro/order_total?customer_id=${ada.id}&brand_id=us`);
    expect(before.status).toBe(403);
    const guestPricing = await api.commerce.groups.pricing('us', ada.id);
    expect(guestPricing.isPro).toBe(false);

    const sent = outbox.length;
    const approved = await pro().approve(actor, ada.id);
    expect(approved).toMatchObject({ region: 'pro', groupId: 4, spendLimit: 3000, employee: false });

    const after = await browser.json('GET', `/api/pro/order_total?customer_id=${ada.id}&brand_id=us`);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ order_total: 0, spend_limit: 3000, employee_group: false });
    const pricing = await api.commerce.groups.pricing('us', ada.id);
    const [proGroup] = await api.handle.db.select().from(customerGroups).where(eq(customerGroups.id, 4));
    expect(pricing).toMatchObject({ isPro: true, groupId: 4 });
    expect(pricing.rules).toEqual(proGroup!.discountRules);
    expect(pricing.rules.length).toBeGreaterThan(0);

    const mail = outbox.slice(sent).find((message) => message.to === ada.email);
    expect(mail).toMatchObject({ kind: 'pro-approved', subject: 'Your Ridgeline pro account is approved' });
    expect(mail!.text).toContain('$3,000.00');
    expect(mail!.text).toContain('https://shop.example/en-us/pro');

    const [entry] = await api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(ada.id)), eq(auditLog.action, 'pro.approved')));
    expect(entry).toMatchObject({ staffId: actor.staffId, before: { region: 'pending' } });
    expect(entry?.after).toMatchObject({ region: 'pro', groupId: 4, spendLimit: 3000 });
    expect(await pro().queue()).not.toContainEqual(expect.objectContaining({ id: ada.id }));
    expect((await pro().accounts()).find((account) => account.id === ada.id)).toMatchObject({
      region: 'pro',
      status: { spend_limit: 3000 },
    });
  });

  it('approving twice is refused and changes nothing', async () => {
    const ada = await applicant('US');
    await pro().approve(actor, ada.id, { spendLimit: 2000 });
    const snapshot = await row(ada.id);
    const entries = await audits(ada.id);
    const sent = outbox.length;
    expect(await refusal(pro().approve(actor, ada.id, { spendLimit: 9000 }))).toMatchObject({
      code: 'already-pro',
      status: 409,
    });
    expect(await row(ada.id)).toEqual(snapshot);
    expect(await audits(ada.id)).toBe(entries);
    expect(outbox.length).toBe(sent);
  });

  it('places each country in its pro region: Canada, the EU region, Norway; refuses a country without one', async () => {
    const canada = await applicant('CA');
    expect(await pro().approve(actor, canada.id)).toMatchObject({ region: 'pro_ca', groupId: 5 });
    const germany = await applicant('DE');
    expect(await pro().approve(actor, germany.id)).toMatchObject({ region: 'pro_eu_region_1', groupId: 6 });
    const norway = await applicant('NO');
    expect(await pro().approve(actor, norway.id)).toMatchObject({ region: 'pro_no', groupId: 6 });
    expect((await api.commerce.customers.get(norway.id)).isPro).toBe(true);

    const britain = await applicant('GB');
    const snapshot = await row(britain.id);
    const refused = await refusal(pro().approve(actor, britain.id));
    expect(refused).toMatchObject({ code: 'invalid', status: 400 });
    expect(refused.message).toContain('GB');
    expect(await row(britain.id)).toEqual(snapshot);
    expect((await infoOf(britain.id))?.region).toBe('pending');
    expect(await audits(britain.id)).toBe(0);
  });

  it('keeps the terms given on approval and lets the pro team change them later', async () => {
    const ada = await applicant('US');
    const expiresAt = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 30, 23, 59, 59));
    await pro().approve(actor, ada.id, { spendLimit: 1234, expiresAt, employee: true });
    const status = await pro().spend(ada.id);
    expect(status).toMatchObject({
      spend_limit: 1234,
      employee_group: true,
      expiration_date: expiresAt.toISOString().slice(0, 10),
    });

    const changed = await pro().updateTerms(actor, ada.id, { spendLimit: 5000, employee: false });
    expect(changed).toMatchObject({ spendLimit: 5000, employee: false });
    expect(await api.commerce.groups.proStatus(ada.id)).toMatchObject({
      spend_limit: 5000,
      employee_group: false,
    });
    const [entry] = await api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(ada.id)), eq(auditLog.action, 'pro.terms-changed')));
    expect(entry).toMatchObject({
      before: { spendLimit: 1234, employee: true },
      after: { spendLimit: 5000 },
    });

    // Refusals: a past expiry, a zero limit, a customer who is not pro, an unknown id.
    const snapshot = await row(ada.id);
    expect(
      await refusal(pro().updateTerms(actor, ada.id, { expiresAt: new Date(Date.now() - 86_400_000) })),
    ).toMatchObject({ code: 'invalid' });
    expect(await refusal(pro().updateTerms(actor, ada.id, { spendLimit: 0 }))).toMatchObject({
      code: 'invalid',
    });
    expect(await row(ada.id)).toEqual(snapshot);
    const pending = await applicant('US');
    const pendingSnapshot = await row(pending.id);
    expect(await refusal(pro().updateTerms(actor, pending.id, { spendLimit: 100 }))).toMatchObject({
      status: 409,
    });
    expect(await row(pending.id)).toEqual(pendingSnapshot);
    expect(await refusal(pro().spend(pending.id))).toMatchObject({ code: 'not-found' });
    expect(await refusal(pro().updateTerms(actor, 999_999, { spendLimit: 100 }))).toMatchObject({
      code: 'not-found',
    });
  });

  it('rejects with a reason kept in the JSON and mailed in the applicant locale; an empty reason is refused', async () => {
    const ada = await applicant('CA', 'fr-ca');
    const snapshot = await row(ada.id);
    expect(await refusal(pro().reject(actor, ada.id, '   '))).toMatchObject({ code: 'invalid', status: 400 });
    expect(await row(ada.id)).toEqual(snapshot);
    expect(await audits(ada.id)).toBe(0);

    const sent = outbox.length;
    await pro().reject(actor, ada.id, 'We could not verify the certification number.');
    expect(await infoOf(ada.id)).toMatchObject({
      region: 'rejected',
      rejection_reason: 'We could not verify the certification number.',
      organization: 'Bridger Guides',
    });
    expect((await api.commerce.customers.get(ada.id)).isPro).toBe(false);
    const mail = outbox.slice(sent).find((message) => message.to === ada.email);
    expect(mail).toMatchObject({ kind: 'pro-rejected', subject: 'Votre demande pro Ridgeline' });
    expect(mail!.text).toContain('We could not verify the certification number.');
    expect(mail!.text).toContain('https://shop.example/fr-ca/pro/signup');

    // Deciding again is refused: rejected is not pending.
    const rejected = await row(ada.id);
    expect(await refusal(pro().reject(actor, ada.id, 'Again'))).toMatchObject({ status: 409 });
    expect(await refusal(pro().approve(actor, ada.id))).toMatchObject({ status: 409 });
    expect(await row(ada.id)).toEqual(rejected);
    expect(await refusal(pro().reject(actor, 999_999, 'No one'))).toMatchObject({ code: 'not-found' });
    expect(await refusal(pro().approve(actor, 999_999))).toMatchObject({ code: 'not-found' });
  });

  it('writes the approval mail in the applicant locale too', async () => {
    const ada = await applicant('CA', 'fr-ca');
    const sent = outbox.length;
    await pro().approve(actor, ada.id);
    const mail = outbox.slice(sent).find((message) => message.to === ada.email);
    expect(mail).toMatchObject({ kind: 'pro-approved', subject: 'Votre compte pro Ridgeline est approuvé' });
    expect(mail!.text).toContain('https://shop.example/fr-ca/pro');
  });
});

import { generateTOTP } from '@epic-web/totp';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/audit/schema.ts';
import type { Backoffice } from '#server/backoffice/index.ts';
import { staff } from '#server/backoffice/schema.ts';
import { createInvitationSigner } from '#server/backoffice/staff-invitations.ts';
import { hashPassword } from '#server/commerce/passwords.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { openBackofficeWithOwner, TEST_INVITE_KEY, TEST_ORIGIN } from '../support/backoffice.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';

const TOTP = { period: 30, digits: 6, algorithm: 'SHA-1' } as const;
const codeFor = async (secret: string) => (await generateTOTP({ ...TOTP, secret })).otp;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ';
const PASSWORD = 'a long and known password';

function requestWith(setCookie: string): Request {
  return new Request('http://store.test/admin', { headers: { cookie: setCookie.split(';')[0]! } });
}

/** The invitation link of the newest mail to `email`, and its token. */
function invitationTo(outbox: MailMessage[], email: string) {
  const mail = outbox.findLast((message) => message.to === email && message.kind === 'staff-invitation');
  const link = /\S+\/admin\/invite\/([0-9a-f]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return { mail: mail!, link: link[0], token: link[1]! };
}

describe.each(testDatabaseTargets)('staff access on $name (issue 40 #7)', (target) => {
  let handle: DatabaseHandle;
  let backoffice: Backoffice;
  let outbox: MailMessage[];
  const owner = { staffId: 0, email: '' };

  beforeAll(async () => {
    const opened = await openBackofficeWithOwner(target, { email: 'first@shop.test', name: 'First' });
    ({ handle, backoffice, outbox } = opened);
    Object.assign(owner, opened.owner);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  /** Audit entries of `action` written since `since` (an id), oldest first. */
  async function entries(action: string, since = 0) {
    return handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), gt(auditLog.id, since)))
      .orderBy(auditLog.id);
  }
  async function lastAuditId() {
    const [last] = await handle.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    return last?.id ?? 0;
  }
  /** A member who chose their password and enrolled a second factor. */
  async function withSecondFactor(email: string, role: 'owner' | 'operations' = 'owner') {
    const { staff: member } = await backoffice.staff.create(owner, { email, name: email, role });
    await handle.db
      .update(staff)
      .set({ passwordHash: await hashPassword(PASSWORD), mustChangePassword: false, totpSecret: SECRET })
      .where(eq(staff.id, member.id));
    return member;
  }

  it('invites a merchandiser by mail; the link sets their password once and signs them in', async () => {
    const since = await lastAuditId();
    const { staff: member, mailed } = await backoffice.invitations.invite(owner, {
      email: 'mia@shop.test',
      name: 'Mia',
      role: 'merchandiser',
    });
    expect(mailed).toBe(true);
    const { mail, link, token } = invitationTo(outbox, 'mia@shop.test');
    expect(link.startsWith(`${TEST_ORIGIN}/admin/invite/`)).toBe(true);
    expect(mail.subject).toContain('invitation');
    expect(mail.text).toContain('72 hours');
    expect(await backoffice.invitations.check(token)).toMatchObject({
      email: 'mia@shop.test',
      role: 'merchandiser',
    });

    await expect(
      backoffice.invitations.accept(token, { password: 'too short', ip: '203.0.113.9', secure: false }),
    ).rejects.toMatchObject({ code: 'invalid' });
    const accepted = await backoffice.invitations.accept(token, {
      password: 'mia chooses a long password',
      ip: '203.0.113.9',
      secure: false,
    });
    expect(accepted.step).toBe('done');
    const session = await backoffice.sessions.fromRequest(requestWith(accepted.setCookie), false);
    expect(session).toMatchObject({ stage: 'full', step: 'done' });
    expect(session!.staff.mustChangePassword).toBe(false);

    // Once: the link is used, and says so without naming the member.
    expect(await backoffice.invitations.check(token)).toBeNull();
    await expect(
      backoffice.invitations.accept(token, {
        password: 'another long password',
        ip: '203.0.113.9',
        secure: false,
      }),
    ).rejects.toMatchObject({ code: 'gone' });
    const signedIn = await backoffice.staff.signIn({
      email: 'mia@shop.test',
      password: 'mia chooses a long password',
      ip: '203.0.113.9',
      secure: false,
    });
    expect(signedIn.step).toBe('done');

    const actions = (await handle.db.select().from(auditLog).where(gt(auditLog.id, since))).map(
      (entry) => `${entry.action} ${entry.staffId === member.id ? 'self' : 'owner'}`,
    );
    expect(actions).toEqual(['create owner', 'change-password self', 'sign-in self', 'sign-in self']);
    expect(JSON.stringify(outbox)).not.toMatch(/argon2/);
  });

  it('an expired link, an older link after a new invitation and a disabled member’s link do not work', async () => {
    const { staff: member } = await backoffice.invitations.invite(owner, {
      email: 'oscar@shop.test',
      name: 'Oscar',
      role: 'operations',
    });
    const first = invitationTo(outbox, 'oscar@shop.test').token;
    const [row] = await handle.db.select().from(staff).where(eq(staff.id, member.id));
    const expired = createInvitationSigner(TEST_INVITE_KEY).sign(row!, new Date(Date.now() - 1000));
    expect(await backoffice.invitations.check(expired)).toBeNull();

    await backoffice.invitations.reinvite(owner, member.id);
    const second = invitationTo(outbox, 'oscar@shop.test').token;
    expect(second).not.toBe(first);
    expect(await backoffice.invitations.check(first)).toBeNull();
    expect(await backoffice.invitations.check(second)).not.toBeNull();

    await backoffice.staff.update(owner, member.id, { kind: 'disable' });
    expect(await backoffice.invitations.check(second)).toBeNull();
    await expect(
      backoffice.invitations.accept(second, {
        password: 'a long enough password',
        ip: '203.0.113.9',
        secure: false,
      }),
    ).rejects.toMatchObject({ code: 'gone' });
    // An owner's invitation goes to their own Your account page instead.
    await expect(backoffice.invitations.reinvite(owner, owner.staffId)).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('leads an invited owner to set up the second factor, and a member who has one to its code', async () => {
    await backoffice.invitations.invite(owner, { email: 'ada@shop.test', name: 'Ada', role: 'owner' });
    const accepted = await backoffice.invitations.accept(invitationTo(outbox, 'ada@shop.test').token, {
      password: 'ada picks a long password',
      ip: '203.0.113.9',
      secure: false,
    });
    expect(accepted.step).toBe('enrol-totp');

    const member = await withSecondFactor('grace@shop.test', 'operations');
    await backoffice.invitations.reinvite(owner, member.id);
    const again = await backoffice.invitations.accept(invitationTo(outbox, 'grace@shop.test').token, {
      password: 'grace picks a long password',
      ip: '203.0.113.9',
      secure: false,
    });
    expect(again.step).toBe('totp');
  });

  /** Signs in with the password and then the current code (the account's last accepted step forgotten first). */
  async function signInWithCode(email: string, ip: string) {
    const signedIn = await backoffice.staff.signIn({ email, password: PASSWORD, ip, secure: false });
    expect(signedIn.step).toBe('totp');
    const session = (await backoffice.sessions.fromRequest(requestWith(signedIn.setCookie), false))!;
    // A code is single-use per 30 s step: forgetting the accepted step lets six sign-ins run within one.
    await handle.db.update(staff).set({ totpLastStep: null }).where(eq(staff.email, email));
    await backoffice.staff.verifyCode(session, await codeFor(SECRET), { ip });
    return (await backoffice.sessions.fromRequest(requestWith(signedIn.setCookie), false))!;
  }

  it('signs an owner in six times in a row with correct codes: only wrong codes count', async () => {
    const member = await withSecondFactor('six@shop.test');
    const since = await lastAuditId();
    for (let attempt = 1; attempt <= 6; attempt++)
      expect((await signInWithCode('six@shop.test', '198.51.100.60')).step).toBe('done');
    const signIns = await entries('sign-in', since);
    expect(signIns).toHaveLength(6);
    expect(signIns[0]).toMatchObject({
      staffId: member.id,
      entity: 'staff',
      entityId: String(member.id),
      after: { ip: '198.51.100.60', secondFactor: true },
    });

    // Four wrong codes, then a right one: the count starts again, so four more wrong ones still leave room.
    for (let round = 0; round < 2; round++) {
      const signedIn = await backoffice.staff.signIn({
        email: 'six@shop.test',
        password: PASSWORD,
        ip: '198.51.100.60',
        secure: false,
      });
      const session = (await backoffice.sessions.fromRequest(requestWith(signedIn.setCookie), false))!;
      for (let wrong = 0; wrong < 4; wrong++)
        await expect(
          backoffice.staff.verifyCode(session, '000000', { ip: '198.51.100.60' }),
        ).rejects.toMatchObject({
          code: 'wrong-code',
        });
      await handle.db.update(staff).set({ totpLastStep: null }).where(eq(staff.id, member.id));
      await backoffice.staff.verifyCode(session, await codeFor(SECRET), { ip: '198.51.100.60' });
    }
    expect(await entries('code-failed', since)).toHaveLength(8);
  });

  it('refuses the sixth code after five wrong ones, right or not, and records the lockout once', async () => {
    const member = await withSecondFactor('codes@shop.test');
    const since = await lastAuditId();
    const signedIn = await backoffice.staff.signIn({
      email: 'codes@shop.test',
      password: PASSWORD,
      ip: '198.51.100.61',
      secure: false,
    });
    const session = (await backoffice.sessions.fromRequest(requestWith(signedIn.setCookie), false))!;
    for (let wrong = 0; wrong < 5; wrong++)
      await expect(backoffice.staff.verifyCode(session, '000000')).rejects.toMatchObject({
        code: 'wrong-code',
      });
    await handle.db.update(staff).set({ totpLastStep: null }).where(eq(staff.id, member.id));
    for (let again = 0; again < 3; again++)
      await expect(backoffice.staff.verifyCode(session, await codeFor(SECRET))).rejects.toMatchObject({
        code: 'too-many-attempts',
      });
    expect(await entries('code-failed', since)).toHaveLength(5);
    const throttled = await entries('sign-in-throttled', since);
    expect(throttled).toHaveLength(1);
    expect(throttled[0]).toMatchObject({ staffId: member.id, after: { limit: 'code' } });
  });

  it('lets the owner in past a stranger’s ten wrong passwords with the right password and a valid code', async () => {
    const member = await withSecondFactor('boss@shop.test');
    const since = await lastAuditId();
    for (let attempt = 0; attempt < 10; attempt++)
      await expect(
        backoffice.staff.signIn({
          email: 'boss@shop.test',
          password: `guess ${attempt}`,
          ip: `192.0.2.${attempt + 1}`,
          secure: false,
        }),
      ).rejects.toMatchObject({ code: attempt < 3 ? 'login-failed' : 'too-many-attempts' });
    // The attempts past the limit are refused without a row each: one lockout entry for the window.
    expect(await entries('sign-in-failed', since)).toHaveLength(3);
    const lockouts = await entries('sign-in-throttled', since);
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({ staffId: member.id, after: { limit: 'account', ip: '192.0.2.4' } });

    expect((await signInWithCode('boss@shop.test', '198.51.100.62')).step).toBe('done');
    // The full sign-in cleared the count; until then a wrong password stayed refused as a lockout.
    await expect(
      backoffice.staff.signIn({
        email: 'boss@shop.test',
        password: 'guess 11',
        ip: '192.0.2.20',
        secure: false,
      }),
    ).rejects.toMatchObject({ code: 'login-failed' });
  });

  it('keeps an account without a second factor locked after its limit, and records unknown addresses', async () => {
    const { staff: member } = await backoffice.staff.create(owner, {
      email: 'plain@shop.test',
      name: 'Plain',
      role: 'editor',
    });
    await handle.db
      .update(staff)
      .set({ passwordHash: await hashPassword(PASSWORD), mustChangePassword: false })
      .where(eq(staff.id, member.id));
    const since = await lastAuditId();
    for (let attempt = 0; attempt < 3; attempt++)
      await expect(
        backoffice.staff.signIn({
          email: 'plain@shop.test',
          password: 'nope',
          ip: '192.0.2.40',
          secure: false,
        }),
      ).rejects.toMatchObject({ code: 'login-failed' });
    await expect(
      backoffice.staff.signIn({
        email: 'plain@shop.test',
        password: PASSWORD,
        ip: '192.0.2.41',
        secure: false,
      }),
    ).rejects.toMatchObject({ code: 'too-many-attempts' });

    const long = `${'x'.repeat(300)}@shop.test`;
    await expect(
      backoffice.staff.signIn({ email: long, password: 'nope', ip: '192.0.2.42', secure: false }),
    ).rejects.toMatchObject({ code: 'login-failed' });
    const failed = await entries('sign-in-failed', since);
    expect(failed.map((entry) => entry.staffId)).toEqual([member.id, member.id, member.id, null]);
    expect(failed[3]).toMatchObject({ staffEmail: long.slice(0, 254), entityId: 'unknown' });
    expect(failed[3]!.after).toMatchObject({ reason: 'unknown-email', ip: '192.0.2.42' });
    expect(await entries('sign-in-throttled', since)).toHaveLength(1);
  });
});

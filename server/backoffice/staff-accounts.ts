import { randomBytes } from 'node:crypto';
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp';
import { asc, eq, sql } from 'drizzle-orm';
import type { StaffRole } from '#core/staff-permissions.ts';
import { type Actor, recordAudit, type SystemActor } from '../audit/audit.ts';
import { badRequest, CommerceError, conflict, notFound, tooManyAttempts } from '../commerce/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../commerce/passwords.ts';
import type { RateLimits, ThrottleKey } from '../commerce/rate-limits.ts';
import type { Database } from '../db/database.ts';
import { type StaffRow, staff } from './schema.ts';
import { type StaffSession, type StaffSessions, stepOf } from './staff-sessions.ts';

export interface StaffView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totpEnrolled: boolean;
  mustChangePassword: boolean;
  disabled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

export const MIN_STAFF_PASSWORD = 12;
const TOTP = { period: 30, digits: 6, algorithm: 'SHA-1' } as const;
const ISSUER = 'Ridgeline back office';

export function staffView(row: StaffRow): StaffView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    totpEnrolled: row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
    disabled: row.disabledAt !== null,
    lastSignInAt: row.lastSignInAt,
    createdAt: row.createdAt,
  };
}

/**
 * A password handed out once: printed for the first owner by the staff command, or drawn for an invited member
 * and never shown (they choose theirs from the invitation link). 16 random characters.
 */
export function oneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

export function checkNewPassword(password: string) {
  if (password.length < MIN_STAFF_PASSWORD)
    throw badRequest(`A staff password needs at least ${MIN_STAFF_PASSWORD} characters.`);
  if (password.length > 200) throw badRequest('A staff password has at most 200 characters.');
}

const wrongCode = () =>
  new CommerceError(
    'wrong-code',
    'Unauthorized',
    'That code is not right. Use the current code of your app.',
  );
const loginFailed = () =>
  new CommerceError(
    'login-failed',
    'Unauthorized',
    'The email or password is not right, or the account is disabled.',
  );

export interface StaffLimits {
  windowSeconds: number;
  loginPerIp: number;
  loginPerEmail: number;
}

/** Wrong codes an account may send per window (a right code clears the count). */
export const CODE_LIMIT = 5;
/** Longest attempted address an audit entry keeps (the longest an email address can be). */
const MAX_AUDITED_EMAIL = 254;

/** What a sign-in knows of who is asking, for the audit log. */
export interface SignInMeta {
  ip: string;
}

/**
 * Staff accounts and signing in: passwords hashed as customers' are (Argon2id), sign-in throttled per address and
 * per email, a TOTP second factor (RFC 6238, `@epic-web/totp`) whose codes are single-use.
 */
export function createStaffAccounts(deps: {
  db: Database;
  sessions: StaffSessions;
  rateLimits: RateLimits;
  limits: () => StaffLimits;
}) {
  const { db, sessions, rateLimits } = deps;

  async function byEmail(email: string): Promise<StaffRow | null> {
    const [row] = await db
      .select()
      .from(staff)
      .where(sql`lower(${staff.email}) = ${email.trim().toLowerCase()}`);
    return row ?? null;
  }

  async function byId(id: number): Promise<StaffRow> {
    const [row] = await db.select().from(staff).where(eq(staff.id, id));
    if (!row) throw notFound(`No staff member ${id}`);
    return row;
  }

  /** The member an attempt names, or the attempted address (truncated) when no account has it. */
  const actorOf = (member: StaffRow | null, email: string): Actor | SystemActor =>
    member
      ? { staffId: member.id, email: member.email }
      : { staffId: null, email: email.slice(0, MAX_AUDITED_EMAIL) };

  /**
   * Records a refusal by a throttle once per window of its key: the marker key is counted with a limit of 1 and
   * lasts as long as the throttle's window, so an attacker repeating refused attempts adds no rows.
   */
  async function throttled(
    key: ThrottleKey,
    retryAfter: number,
    actorFor: () => Promise<Actor | SystemActor>,
    detail: Record<string, unknown>,
  ): Promise<never> {
    const first = await rateLimits.hit(rateLimits.markerOf(key, 'audited'), 1, retryAfter);
    if (first.allowed) {
      const actor = await actorFor();
      await recordAudit(db, actor, {
        action: 'sign-in-throttled',
        entity: 'staff',
        entityId: actor.staffId ?? 'unknown',
        after: { ...detail, retryAfterSeconds: retryAfter },
      });
    }
    throw tooManyAttempts(retryAfter);
  }

  async function signedIn(member: StaffRow, meta: SignInMeta, secondFactor: boolean) {
    await recordAudit(
      db,
      { staffId: member.id, email: member.email },
      { action: 'sign-in', entity: 'staff', entityId: member.id, after: { ip: meta.ip, secondFactor } },
    );
  }

  return {
    byId: async (id: number) => staffView(await byId(id)),

    async list(): Promise<StaffView[]> {
      return (await db.select().from(staff).orderBy(asc(staff.id))).map(staffView);
    },

    /**
     * Creates an account with a one-time password the new member must replace: the staff command prints it (the
     * first owner; `actor` null, no one to record), an owner's invitation drops it (staff-invitations.ts).
     */
    async create(
      actor: Actor | null,
      input: { email: string; name: string; role: StaffRole },
    ): Promise<{ staff: StaffView; password: string }> {
      const email = input.email.trim();
      if (await byEmail(email))
        throw conflict(`There is already a staff account for ${email}.`, 'email-taken');
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(staff)
          .values({
            email,
            name: input.name.trim(),
            role: input.role,
            passwordHash,
            mustChangePassword: true,
          })
          .returning();
        if (actor)
          await recordAudit(tx, actor, {
            action: 'create',
            entity: 'staff',
            entityId: created!.id,
            after: { email, name: created!.name, role: created!.role },
          });
        return created!;
      });
      return { staff: staffView(row), password };
    },

    /**
     * Proves a password; starts a session that may still owe a code, a new password or an enrolment.
     *
     * Throttled per address and per account (docs/decisions/0030-staff-sign-in-throttle.md). An account's limit on
     * wrong passwords refuses before the password is checked, except for an account with a second factor: there
     * the right password still leads to the code step, so a stranger's wrong guesses cannot lock its owner out,
     * while wrong passwords stay refused until the window ends.
     */
    async signIn(input: { email: string; password: string; ip: string; secure: boolean }) {
      const limits = deps.limits();
      const email = input.email.trim().toLowerCase();
      const meta = { ip: input.ip };
      const ipKey = rateLimits.key('staff-login', 'ip', input.ip);
      const byAddress = await rateLimits.hit(ipKey, limits.loginPerIp, limits.windowSeconds);
      if (!byAddress.allowed)
        return throttled(ipKey, byAddress.retryAfter, async () => actorOf(await byEmail(email), email), {
          ...meta,
          limit: 'address',
        });
      const emailKey = rateLimits.key('staff-login', 'email', email);
      const member = await byEmail(email);
      const exhausted = await rateLimits.check(emailKey, limits.loginPerEmail);
      const throttleAccount = () =>
        throttled(emailKey, exhausted.retryAfter, async () => actorOf(member, email), {
          ...meta,
          limit: 'account',
        });
      if (!exhausted.allowed && !member?.totpSecret) return throttleAccount();
      // An unknown email costs the same hash as a known one, so timing tells nothing.
      const matches = await verifyPassword(
        member?.passwordHash ?? (await dummyPasswordHash()),
        input.password,
      );
      if (!member || !matches || member.disabledAt) {
        await rateLimits.hit(emailKey, limits.loginPerEmail, limits.windowSeconds);
        if (!exhausted.allowed) return throttleAccount();
        await recordAudit(db, actorOf(member, email), {
          action: 'sign-in-failed',
          entity: 'staff',
          entityId: member?.id ?? 'unknown',
          after: {
            ...meta,
            reason: !member ? 'unknown-email' : member.disabledAt ? 'disabled' : 'wrong-password',
          },
        });
        throw loginFailed();
      }
      const started = await sessions.start(member.id, input.secure);
      await db.update(staff).set({ lastSignInAt: new Date() }).where(eq(staff.id, member.id));
      if (!member.totpSecret) {
        // With a second factor the count of wrong passwords stays until the code is proven too.
        await rateLimits.reset(emailKey);
        await sessions.markFull(started.id);
        await signedIn(member, meta, false);
      }
      return {
        setCookie: started.setCookie,
        step: stepOf(member.totpSecret ? 'password' : 'full', member),
      };
    },

    /**
     * The second factor of a session that proved its password. A code is accepted once. Only wrong codes count
     * against the account's limit: each attempt is counted first (so parallel guesses cannot all pass a check made
     * before any of them is counted) and a right code clears the count.
     */
    async verifyCode(
      session: StaffSession,
      code: string,
      meta: SignInMeta = { ip: 'unknown' },
    ): Promise<void> {
      const member = session.staff;
      if (!member.totpSecret) throw badRequest('This account has no second factor to check.');
      const limits = deps.limits();
      const actor = { staffId: member.id, email: member.email };
      const codeKey = rateLimits.key('staff-totp', 'staff', String(member.id));
      const attempt = await rateLimits.hit(codeKey, CODE_LIMIT, limits.windowSeconds);
      if (!attempt.allowed)
        return throttled(codeKey, attempt.retryAfter, async () => actor, { ...meta, limit: 'code' });
      const refuse = async (reason: string) => {
        await recordAudit(db, actor, {
          action: 'code-failed',
          entity: 'staff',
          entityId: member.id,
          after: { ...meta, reason },
        });
        return wrongCode();
      };
      const result = await verifyTOTP({ otp: code.trim(), secret: member.totpSecret, ...TOTP, window: 1 });
      if (!result) throw await refuse('wrong-code');
      const step = Math.floor(Date.now() / 1000 / TOTP.period) + result.delta;
      // Single use: a step at or before the last accepted one is a replay (the update is the check).
      const accepted = await db
        .update(staff)
        .set({ totpLastStep: step })
        .where(
          sql`${staff.id} = ${member.id} and (${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`,
        )
        .returning({ id: staff.id });
      if (accepted.length === 0) throw await refuse('replayed-code');
      await rateLimits.reset(codeKey);
      await rateLimits.reset(rateLimits.key('staff-login', 'email', member.email));
      await sessions.markFull(session.id);
      await signedIn(member, meta, true);
    },

    /** A new password (the owed one at first sign-in, or a change): every other session of the member ends. */
    async changePassword(
      session: StaffSession,
      input: { current?: string; password: string },
    ): Promise<void> {
      checkNewPassword(input.password);
      const member = session.staff;
      if (!member.mustChangePassword) {
        if (!input.current || !(await verifyPassword(member.passwordHash, input.current)))
          throw new CommerceError('wrong-password', 'Forbidden', 'The current password is not right.');
      }
      if (await verifyPassword(member.passwordHash, input.password))
        throw badRequest('Choose a password different from the one you were given.');
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await tx
          .update(staff)
          .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
          .where(eq(staff.id, member.id));
        await recordAudit(
          tx,
          { staffId: member.id, email: member.email },
          {
            action: 'change-password',
            entity: 'staff',
            entityId: member.id,
          },
        );
      });
      await sessions.endAllOf(member.id, session.id);
    },

    /** A fresh secret to show for enrolment; nothing is stored until a code from it is confirmed. */
    async newTotpSecret(member: StaffRow) {
      const { secret } = await generateTOTP(TOTP);
      const uri = getTOTPAuthUri({ ...TOTP, secret, issuer: ISSUER, accountName: member.email });
      return { secret, uri };
    },

    /** Stores the second factor once the member proved their app shows the codes of `secret`. */
    async enrolTotp(session: StaffSession, secret: string, code: string): Promise<void> {
      if (!/^[A-Z2-7]{16,64}$/.test(secret)) throw badRequest('The setup key is not valid. Start again.');
      const result = await verifyTOTP({ otp: code.trim(), secret, ...TOTP, window: 1 });
      if (!result) throw wrongCode();
      const step = Math.floor(Date.now() / 1000 / TOTP.period) + result.delta;
      await db.transaction(async (tx) => {
        await tx
          .update(staff)
          .set({ totpSecret: secret, totpLastStep: step, updatedAt: new Date() })
          .where(eq(staff.id, session.staff.id));
        await recordAudit(
          tx,
          { staffId: session.staff.id, email: session.staff.email },
          {
            action: 'enrol-totp',
            entity: 'staff',
            entityId: session.staff.id,
          },
        );
      });
      await sessions.markFull(session.id);
    },

    /**
     * Owner's changes to another account: role, disabled, a new invitation (the password replaced by a random one
     * nobody sees; server/backoffice/staff-invitations.ts mails the link), the second factor removed.
     */
    async update(
      actor: Actor,
      id: number,
      change:
        | { kind: 'role'; role: StaffRole }
        | { kind: 'disable' }
        | { kind: 'enable' }
        | { kind: 'invite' }
        | { kind: 'reset-totp' },
    ): Promise<void> {
      if (id === actor.staffId)
        throw conflict(
          change.kind === 'invite'
            ? 'Change your own password on Your account.'
            : 'You cannot change your own role or access here; ask another owner.',
        );
      const passwordHash = change.kind === 'invite' ? await hashPassword(oneTimePassword()) : undefined;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
        if (!before) throw notFound(`No staff member ${id}`);
        const set: Partial<StaffRow> = { updatedAt: new Date() };
        if (change.kind === 'role') set.role = change.role;
        if (change.kind === 'disable') set.disabledAt = new Date();
        if (change.kind === 'enable') set.disabledAt = null;
        if (change.kind === 'invite') Object.assign(set, { passwordHash, mustChangePassword: true });
        if (change.kind === 'reset-totp') Object.assign(set, { totpSecret: null, totpLastStep: null });
        const [after] = await tx.update(staff).set(set).where(eq(staff.id, id)).returning();
        await recordAudit(tx, actor, {
          // The name the audit log's sentences know (core/audit-sentence.ts).
          action: change.kind === 'invite' ? 'invitation-sent' : change.kind,
          entity: 'staff',
          entityId: id,
          before: staffView(before),
          after: staffView(after!),
        });
      });
      if (change.kind !== 'role' && change.kind !== 'enable') await sessions.endAllOf(id);
    },
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;

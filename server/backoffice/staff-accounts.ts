import { randomBytes } from 'node:crypto';
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp';
import { asc, eq, sql } from 'drizzle-orm';
import type { StaffRole } from '#core/staff-permissions.ts';
import { badRequest, CommerceError, conflict, notFound, tooManyAttempts } from '../commerce/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../commerce/passwords.ts';
import type { RateLimits } from '../commerce/rate-limits.ts';
import type { Database } from '../db/database.ts';
import { type Actor, recordAudit } from './audit.ts';
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

/** A password handed out once (first owner, new account, reset by an owner): 16 random characters. */
export function oneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

function checkNewPassword(password: string) {
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

  async function throttle(key: string, limit: number) {
    const hit = await rateLimits.hit(key, limit, deps.limits().windowSeconds);
    if (!hit.allowed) throw tooManyAttempts(hit.retryAfter);
  }

  return {
    byId: async (id: number) => staffView(await byId(id)),

    async list(): Promise<StaffView[]> {
      return (await db.select().from(staff).orderBy(asc(staff.id))).map(staffView);
    },

    /**
     * Creates an account with a one-time password the new member must change at first sign-in. `actor` is null
     * for the staff command (the first owner), which has no one to record.
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

    /** Proves a password; starts a session that may still owe a code, a new password or an enrolment. */
    async signIn(input: { email: string; password: string; ip: string; secure: boolean }) {
      const limits = deps.limits();
      const email = input.email.trim().toLowerCase();
      await throttle(`staff-login:ip:${input.ip}`, limits.loginPerIp);
      const emailKey = `staff-login:email:${email}`;
      const exhausted = await rateLimits.check(emailKey, limits.loginPerEmail);
      if (!exhausted.allowed) throw tooManyAttempts(exhausted.retryAfter);
      const member = await byEmail(email);
      // An unknown email costs the same hash as a known one, so timing tells nothing.
      const matches = await verifyPassword(
        member?.passwordHash ?? (await dummyPasswordHash()),
        input.password,
      );
      if (!member || !matches || member.disabledAt) {
        await rateLimits.hit(emailKey, limits.loginPerEmail, limits.windowSeconds);
        throw loginFailed();
      }
      await rateLimits.reset(emailKey);
      const started = await sessions.start(member.id, input.secure);
      await db.update(staff).set({ lastSignInAt: new Date() }).where(eq(staff.id, member.id));
      if (!member.totpSecret) await sessions.markFull(started.id);
      return {
        setCookie: started.setCookie,
        step: stepOf(member.totpSecret ? 'password' : 'full', member),
      };
    },

    /** The second factor of a session that proved its password. A code is accepted once. */
    async verifyCode(session: StaffSession, code: string): Promise<void> {
      const member = session.staff;
      if (!member.totpSecret) throw badRequest('This account has no second factor to check.');
      await throttle(`staff-totp:${member.id}`, 5);
      const result = await verifyTOTP({ otp: code.trim(), secret: member.totpSecret, ...TOTP, window: 1 });
      if (!result) throw wrongCode();
      const step = Math.floor(Date.now() / 1000 / TOTP.period) + result.delta;
      // Single use: a step at or before the last accepted one is a replay (the update is the check).
      const accepted = await db
        .update(staff)
        .set({ totpLastStep: step })
        .where(
          sql`${staff.id} = ${member.id} and (${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`,
        )
        .returning({ id: staff.id });
      if (accepted.length === 0) throw wrongCode();
      await sessions.markFull(session.id);
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

    /** Owner's changes to another account: role, disabled, a new one-time password, the second factor removed. */
    async update(
      actor: Actor,
      id: number,
      change:
        | { kind: 'role'; role: StaffRole }
        | { kind: 'disable' }
        | { kind: 'enable' }
        | { kind: 'reset-password' }
        | { kind: 'reset-totp' },
    ): Promise<{ password?: string }> {
      if (id === actor.staffId && change.kind !== 'reset-password')
        throw conflict('You cannot change your own role or access here; ask another owner.');
      const password = change.kind === 'reset-password' ? oneTimePassword() : undefined;
      const passwordHash = password ? await hashPassword(password) : undefined;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
        if (!before) throw notFound(`No staff member ${id}`);
        const set: Partial<StaffRow> = { updatedAt: new Date() };
        if (change.kind === 'role') set.role = change.role;
        if (change.kind === 'disable') set.disabledAt = new Date();
        if (change.kind === 'enable') set.disabledAt = null;
        if (change.kind === 'reset-password') Object.assign(set, { passwordHash, mustChangePassword: true });
        if (change.kind === 'reset-totp') Object.assign(set, { totpSecret: null, totpLastStep: null });
        const [after] = await tx.update(staff).set(set).where(eq(staff.id, id)).returning();
        await recordAudit(tx, actor, {
          action: change.kind,
          entity: 'staff',
          entityId: id,
          before: staffView(before),
          after: staffView(after!),
        });
      });
      if (change.kind !== 'role' && change.kind !== 'enable') await sessions.endAllOf(id);
      return password ? { password } : {};
    },
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { readCookie } from '#core/cookies.ts';
import { type SignInStep, signInStep } from '#core/staff-sign-in.ts';
import type { Database } from '../db/database.ts';
import { type StaffRow, staff, staffSessions } from './schema.ts';

/**
 * Staff sessions, apart from shoppers': their own cookie (`rl_staff`, `__Host-rl_staff` over https), path `/`
 * because the back office's data requests and forms live under /admin only but the cookie must also reach
 * /admin.data; a short idle timeout and an absolute one. The cookie carries 32 random bytes; the table keeps
 * their SHA-256, so a database read never yields a usable cookie.
 */

export const STAFF_COOKIE = 'rl_staff';
const SECURE_STAFF_COOKIE = `__Host-${STAFF_COOKIE}`;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** The idle deadline slides at most this often, so a busy page does not cost a write per request. */
const TOUCH_EVERY_MS = 60_000;

export interface StaffSessionSettings {
  idleMinutes: number;
  absoluteHours: number;
}

export interface StaffSession {
  id: string;
  csrfToken: string;
  /** 'password': only the password is proven; a second factor is still owed when one is enrolled. */
  stage: 'password' | 'full';
  staff: StaffRow;
  /** What the member still owes before the back office opens (core/staff-sign-in.ts). */
  step: SignInStep;
}

/** The step of a session from its stage and its staff member. */
export function stepOf(stage: StaffSession['stage'], member: StaffRow): SignInStep {
  return signInStep({
    stage,
    role: member.role,
    totpEnrolled: member.totpSecret !== null,
    mustChangePassword: member.mustChangePassword,
  });
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const cookieName = (secure: boolean) => (secure ? SECURE_STAFF_COOKIE : STAFF_COOKIE);

export function staffCookie(token: string, secure: boolean, maxAgeSeconds: number): string {
  return `${cookieName(secure)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export function clearStaffCookie(secure: boolean): string {
  return `${cookieName(secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

export function createStaffSessions(db: Database, settings: StaffSessionSettings) {
  const idleMs = () => settings.idleMinutes * 60_000;
  const absoluteMs = () => settings.absoluteHours * 3_600_000;

  /** The live session a token names (the cookie's value, or the content management API's `authtoken`). */
  async function fromToken(token: string): Promise<StaffSession | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const id = hashToken(token);
    const [row] = await db
      .select({ session: staffSessions, staff })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(eq(staffSessions.id, id));
    if (!row) return null;
    const now = Date.now();
    const { session } = row;
    if (
      session.expiresAt.getTime() <= now ||
      session.createdAt.getTime() + absoluteMs() <= now ||
      row.staff.disabledAt
    ) {
      await db.delete(staffSessions).where(eq(staffSessions.id, id));
      return null;
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
      await db
        .update(staffSessions)
        .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + idleMs()) })
        .where(eq(staffSessions.id, id));
    return {
      id,
      csrfToken: session.csrfToken,
      stage: session.stage,
      staff: row.staff,
      step: stepOf(session.stage, row.staff),
    };
  }

  return {
    /** A new session for a staff member whose password was just proven. */
    async start(staffId: number, secure: boolean) {
      const token = randomBytes(32).toString('base64url');
      const id = hashToken(token);
      const csrfToken = randomBytes(24).toString('base64url');
      await db.insert(staffSessions).values({
        id,
        staffId,
        csrfToken,
        stage: 'password',
        expiresAt: new Date(Date.now() + idleMs()),
      });
      return { id, csrfToken, setCookie: staffCookie(token, secure, Math.ceil(absoluteMs() / 1000)) };
    },

    /**
     * The live session the request's cookie names, with its staff member; null when there is none, it ran out
     * (idle or absolute), or the staff member is disabled. Slides the idle deadline.
     */
    async fromRequest(request: Request, secure: boolean): Promise<StaffSession | null> {
      const token = readCookie(request.headers.get('cookie'), cookieName(secure));
      return token ? fromToken(token) : null;
    },

    fromToken,

    async markFull(id: string): Promise<void> {
      await db.update(staffSessions).set({ stage: 'full' }).where(eq(staffSessions.id, id));
    },

    async end(id: string): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.id, id));
    },

    /** Ends every session of a staff member but, optionally, one (after a password change, a disable). */
    async endAllOf(staffId: number, except?: string): Promise<void> {
      await db
        .delete(staffSessions)
        .where(
          except
            ? and(eq(staffSessions.staffId, staffId), sql`${staffSessions.id} <> ${except}`)
            : eq(staffSessions.staffId, staffId),
        );
    },

    async purgeExpired(): Promise<number> {
      const deleted = await db
        .delete(staffSessions)
        .where(
          or(
            lt(staffSessions.expiresAt, new Date()),
            lt(staffSessions.createdAt, new Date(Date.now() - absoluteMs())),
          ),
        )
        .returning({ id: staffSessions.id });
      return deleted.length;
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;

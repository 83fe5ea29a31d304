import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ROLE_LABELS, type StaffRole } from '#core/staff-permissions.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { CommerceError } from '../commerce/errors.ts';
import { hashPassword } from '../commerce/passwords.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { staffInvitationMessage } from '../mail/staff-invitation.ts';
import { type StaffRow, staff } from './schema.ts';
import { checkNewPassword, type StaffAccounts, type StaffView, staffView } from './staff-accounts.ts';
import { type StaffSessions, stepOf } from './staff-sessions.ts';

/**
 * Staff invitations (issue 40): an owner adds a member, or sends one a new invitation, and the member is mailed a
 * link to choose their password. No table holds invitations: the link is signed (HMAC-SHA256 with STAFF_INVITE_KEY,
 * kept per database like the delivery keys, server/keys/) over the member's id, an expiry and a fingerprint of
 * their password hash at the time. Choosing a password changes the hash, so the link works once; sending a new
 * invitation draws a new random password, so an older link stops working too.
 *
 * A token is hex throughout (decision 0028): the hex-encoded JSON `{ s: staff id, e: expiry (epoch seconds),
 * f: fingerprint }` followed by 64 hex characters of signature.
 */

/** How long an invitation link works. */
export const INVITATION_HOURS = 72;

export type InvitationClaims = { staffId: number; expiresAt: Date; fingerprint: string };
export type InvitationRead =
  | ({ ok: true } & InvitationClaims)
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

const TOKEN = /^((?:[0-9a-f]{2}){8,200})([0-9a-f]{64})$/;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const sameText = (left: string, right: string) => {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function createInvitationSigner(key: string) {
  const derived = createHmac('sha256', key).update('ridgeline staff invitation signing').digest();
  const mac = (purpose: string, value: string) =>
    createHmac('sha256', derived).update(`${purpose}\n${value}`).digest('hex');
  // Keyed, so the fingerprint a link shows says nothing about the hash, even to someone holding the hash.
  const fingerprint = (passwordHash: string) => mac('password', passwordHash).slice(0, 32);

  return {
    sign(member: { id: number; passwordHash: string }, expiresAt: Date): string {
      const payload = Buffer.from(
        JSON.stringify({ s: member.id, e: seconds(expiresAt), f: fingerprint(member.passwordHash) }),
      ).toString('hex');
      return `${payload}${mac('invitation', payload)}`;
    },

    /** What a token claims, once its signature and expiry are checked (not yet whether it was used). */
    read(token: string, now = new Date()): InvitationRead {
      const match = TOKEN.exec(token);
      if (!match) return { ok: false, reason: 'malformed' };
      const [, payload, signature] = match as unknown as [string, string, string];
      if (!sameText(mac('invitation', payload), signature)) return { ok: false, reason: 'tampered' };
      let body: { s?: unknown; e?: unknown; f?: unknown };
      try {
        body = JSON.parse(Buffer.from(payload, 'hex').toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const { s, e, f } = body;
      if (
        typeof s !== 'number' ||
        !Number.isSafeInteger(s) ||
        typeof e !== 'number' ||
        !Number.isSafeInteger(e) ||
        typeof f !== 'string'
      )
        return { ok: false, reason: 'malformed' };
      if (e <= seconds(now)) return { ok: false, reason: 'expired' };
      return { ok: true, staffId: s, expiresAt: new Date(e * 1000), fingerprint: f };
    },

    /** Whether the member's password is still the one the link was made for (the link is unused). */
    unused(claims: InvitationClaims, passwordHash: string): boolean {
      return sameText(claims.fingerprint, fingerprint(passwordHash));
    },
  };
}

export type InvitationSigner = ReturnType<typeof createInvitationSigner>;

const invitationGone = () =>
  new CommerceError(
    'gone',
    'Gone',
    'This invitation link no longer works: it has expired, was already used, or is incomplete. Ask an owner to send you a new invitation.',
  );

/** Who an invitation is for, shown on the page that accepts it. */
export interface Invitee {
  email: string;
  name: string;
  role: StaffRole;
  expiresAt: Date;
}

export function createStaffInvitations(deps: {
  db: Database;
  accounts: StaffAccounts;
  sessions: StaffSessions;
  signer: InvitationSigner;
  mailer: Mailer;
  /** The store's configured origin: a link in a mail never comes from a request's Host header. */
  origin: string;
}) {
  const { db, accounts, sessions, signer } = deps;

  async function rowOf(id: number): Promise<StaffRow> {
    const [row] = await db.select().from(staff).where(eq(staff.id, id));
    return row!;
  }

  /** Mails a fresh link; false when the mail could not be sent (the account stays as it is). */
  async function mail(member: StaffRow, invitedBy: Actor): Promise<boolean> {
    const expiresAt = new Date(Date.now() + INVITATION_HOURS * 3_600_000);
    const link = `${deps.origin}/admin/invite/${signer.sign(member, expiresAt)}`;
    try {
      await deps.mailer.send(
        staffInvitationMessage({
          email: member.email,
          name: member.name,
          role: ROLE_LABELS[member.role],
          invitedBy: invitedBy.email,
          link,
          hours: INVITATION_HOURS,
        }),
      );
      return true;
    } catch {
      return false;
    }
  }

  /** The member a token names when it is genuine, unexpired, unused and the account is enabled; null otherwise. */
  async function memberOf(token: string): Promise<{ member: StaffRow; claims: InvitationClaims } | null> {
    const claims = signer.read(token);
    if (!claims.ok) return null;
    const [member] = await db.select().from(staff).where(eq(staff.id, claims.staffId));
    if (!member || member.disabledAt || !signer.unused(claims, member.passwordHash)) return null;
    return { member, claims };
  }

  return {
    /** How long a link works, for the pages that say so. */
    hours: INVITATION_HOURS,

    /** Adds a member with a random password nobody sees and mails them an invitation. */
    async invite(
      actor: Actor,
      input: { email: string; name: string; role: StaffRole },
    ): Promise<{ staff: StaffView; mailed: boolean }> {
      // The password create draws is dropped here: the member chooses their own from the link.
      const created = await accounts.create(actor, input);
      return { staff: created.staff, mailed: await mail(await rowOf(created.staff.id), actor) };
    },

    /** A new invitation: the member's password is replaced (older links stop working) and their sessions end. */
    async reinvite(actor: Actor, id: number): Promise<{ staff: StaffView; mailed: boolean }> {
      await accounts.update(actor, id, { kind: 'invite' });
      const member = await rowOf(id);
      return { staff: staffView(member), mailed: await mail(member, actor) };
    },

    /** Who a link invites, or null when it no longer works (the page says why in one sentence). */
    async check(token: string): Promise<Invitee | null> {
      const found = await memberOf(token);
      if (!found) return null;
      const { member, claims } = found;
      return { email: member.email, name: member.name, role: member.role, expiresAt: claims.expiresAt };
    },

    /**
     * Sets the member's first password and signs them in. The update is the check: it only matches while the hash
     * is the one the link was made for, so of two racing uses one wins. A member with a second factor still owes
     * its code; an owner without one is led to enrol it (core/staff-sign-in.ts).
     */
    async accept(token: string, input: { password: string; ip: string; secure: boolean }) {
      checkNewPassword(input.password);
      const found = await memberOf(token);
      if (!found) throw invitationGone();
      const { member } = found;
      const passwordHash = await hashPassword(input.password);
      const actor = { staffId: member.id, email: member.email };
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(staff)
          .set({ passwordHash, mustChangePassword: false, updatedAt: new Date(), lastSignInAt: new Date() })
          .where(and(eq(staff.id, member.id), eq(staff.passwordHash, member.passwordHash)))
          .returning({ id: staff.id });
        if (!changed) throw invitationGone();
        await recordAudit(tx, actor, {
          action: 'change-password',
          entity: 'staff',
          entityId: member.id,
          after: { via: 'invitation', ip: input.ip },
        });
        if (!member.totpSecret)
          await recordAudit(tx, actor, {
            action: 'sign-in',
            entity: 'staff',
            entityId: member.id,
            after: { ip: input.ip, via: 'invitation', secondFactor: false },
          });
      });
      await sessions.endAllOf(member.id);
      const started = await sessions.start(member.id, input.secure);
      if (!member.totpSecret) await sessions.markFull(started.id);
      const after = { ...member, passwordHash, mustChangePassword: false };
      return {
        setCookie: started.setCookie,
        step: stepOf(member.totpSecret ? 'password' : 'full', after),
      };
    },
  };
}

export type StaffInvitations = ReturnType<typeof createStaffInvitations>;

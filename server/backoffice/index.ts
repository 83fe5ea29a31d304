import { type AuditLog, createAuditLog } from '../audit/audit.ts';
import type { RateLimits } from '../commerce/rate-limits.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createStaffAccounts, type StaffAccounts, type StaffLimits } from './staff-accounts.ts';
import {
  createInvitationSigner,
  createStaffInvitations,
  type StaffInvitations,
} from './staff-invitations.ts';
import {
  clearStaffCookie,
  createStaffSessions,
  type StaffSessionSettings,
  type StaffSessions,
} from './staff-sessions.ts';

export type { Actor } from '../audit/audit.ts';
export { type StaffView, staffView } from './staff-accounts.ts';
export type { StaffSession } from './staff-sessions.ts';

/**
 * The back office's own services: staff accounts and sessions, and the audit log. The use cases staff run on
 * orders, customers and the catalogue live in the engines they change (server/commerce), each recording itself in
 * the audit log inside its transaction.
 */
export interface Backoffice {
  staff: StaffAccounts;
  /** Invitations by mail: a new member, or a member sent a new link, chooses their own password. */
  invitations: StaffInvitations;
  sessions: StaffSessions;
  audit: AuditLog;
  /** The Set-Cookie that removes the staff cookie (sign-out), over https or not. */
  clearStaffCookie(secure: boolean): string;
}

export function createBackoffice(
  db: Database,
  deps: {
    rateLimits: RateLimits;
    sessions: StaffSessionSettings;
    limits: StaffLimits;
    /** STAFF_INVITE_KEY (kept per database, server/keys/), the mailer and the store's origin for the links. */
    invitations: { key: string; mailer: Mailer; origin: string };
  },
): Backoffice {
  const sessions = createStaffSessions(db, deps.sessions);
  const staff = createStaffAccounts({ db, sessions, rateLimits: deps.rateLimits, limits: () => deps.limits });
  return {
    sessions,
    staff,
    invitations: createStaffInvitations({
      db,
      accounts: staff,
      sessions,
      signer: createInvitationSigner(deps.invitations.key),
      mailer: deps.invitations.mailer,
      origin: deps.invitations.origin,
    }),
    audit: createAuditLog(db),
    clearStaffCookie,
  };
}

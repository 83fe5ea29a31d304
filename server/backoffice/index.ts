import type { RateLimits } from '../commerce/rate-limits.ts';
import type { Database } from '../db/database.ts';
import { type AuditLog, createAuditLog } from './audit.ts';
import { createStaffAccounts, type StaffAccounts, type StaffLimits } from './staff-accounts.ts';
import {
  clearStaffCookie,
  createStaffSessions,
  type StaffSessionSettings,
  type StaffSessions,
} from './staff-sessions.ts';

export type { Actor } from './audit.ts';
export { type StaffView, staffView } from './staff-accounts.ts';
export type { StaffSession } from './staff-sessions.ts';

/**
 * The back office's own services: staff accounts and sessions, and the audit log. The use cases staff run on
 * orders, customers and the catalogue live in the engines they change (server/commerce), each recording itself in
 * the audit log inside its transaction.
 */
export interface Backoffice {
  staff: StaffAccounts;
  sessions: StaffSessions;
  audit: AuditLog;
  /** The Set-Cookie that removes the staff cookie (sign-out), over https or not. */
  clearStaffCookie(secure: boolean): string;
}

export function createBackoffice(
  db: Database,
  deps: { rateLimits: RateLimits; sessions: StaffSessionSettings; limits: StaffLimits },
): Backoffice {
  const sessions = createStaffSessions(db, deps.sessions);
  return {
    sessions,
    staff: createStaffAccounts({ db, sessions, rateLimits: deps.rateLimits, limits: () => deps.limits }),
    audit: createAuditLog(db),
    clearStaffCookie,
  };
}

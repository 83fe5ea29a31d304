import { type Backoffice, createBackoffice } from '#server/backoffice/index.ts';
import { createRateLimits } from '#server/commerce/rate-limits.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { openMigrated, type TestDatabaseTarget } from './test-databases.ts';

/** The key the test back office signs invitations with (the store's is drawn and kept per database). */
export const TEST_INVITE_KEY = 'test-staff-invitation-key-0123456789abcdef';
export const TEST_ORIGIN = 'http://store.test';

/**
 * A migrated database with the back office on it (30-minute idle sessions, 3 failed sign-ins per email, 50 per
 * address) and a first owner created by the command's path (no actor), for the back-office integration tests.
 * Mail goes to `outbox`, newest last.
 */
export async function openBackofficeWithOwner(
  target: TestDatabaseTarget,
  owner: { email: string; name: string },
): Promise<{
  handle: DatabaseHandle;
  backoffice: Backoffice;
  owner: { staffId: number; email: string };
  outbox: MailMessage[];
}> {
  const handle = await openMigrated(target);
  const outbox: MailMessage[] = [];
  const backoffice = createBackoffice(handle.db, {
    rateLimits: createRateLimits(handle.db),
    sessions: { idleMinutes: 30, absoluteHours: 12 },
    limits: { windowSeconds: 900, loginPerIp: 50, loginPerEmail: 3 },
    invitations: {
      key: TEST_INVITE_KEY,
      origin: TEST_ORIGIN,
      mailer: {
        async send(message) {
          outbox.push(message);
          return { id: String(outbox.length) };
        },
      },
    },
  });
  const created = await backoffice.staff.create(null, { ...owner, role: 'owner' });
  return { handle, backoffice, owner: { staffId: created.staff.id, email: created.staff.email }, outbox };
}

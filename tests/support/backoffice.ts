import { type Backoffice, createBackoffice } from '#server/backoffice/index.ts';
import { createRateLimits } from '#server/commerce/rate-limits.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openMigrated, type TestDatabaseTarget } from './test-databases.ts';

/**
 * A migrated database with the back office on it (30-minute idle sessions, 3 failed sign-ins per email) and a
 * first owner created by the command's path (no actor), for the back-office integration tests.
 */
export async function openBackofficeWithOwner(
  target: TestDatabaseTarget,
  owner: { email: string; name: string },
): Promise<{ handle: DatabaseHandle; backoffice: Backoffice; owner: { staffId: number; email: string } }> {
  const handle = await openMigrated(target);
  const backoffice = createBackoffice(handle.db, {
    rateLimits: createRateLimits(handle.db),
    sessions: { idleMinutes: 30, absoluteHours: 12 },
    limits: { windowSeconds: 900, loginPerIp: 50, loginPerEmail: 3 },
  });
  const created = await backoffice.staff.create(null, { ...owner, role: 'owner' });
  return { handle, backoffice, owner: { staffId: created.staff.id, email: created.staff.email } };
}

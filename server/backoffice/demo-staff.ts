import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '#core/staff-permissions.ts';
import { hashPassword } from '../commerce/passwords.ts';
import type { Database } from '../db/database.ts';
import { staff } from './schema.ts';

/**
 * One demo staff account per role (README). The owner's second factor is enrolled with a published secret so the
 * demo can be signed into from the README: a store that goes live creates its own owner (`npm run staff`) and
 * disables these (server/go-live-settings.ts warns while they can sign in).
 */
export const DEMO_STAFF_PASSWORD = 'ridgeline-staff-demo';
export const DEMO_OWNER_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const DEMO_STAFF: readonly { email: string; name: string; role: StaffRole }[] = [
  { email: 'owner@ridgeline.example', name: 'Olivia Owner', role: 'owner' },
  { email: 'operations@ridgeline.example', name: 'Oscar Operations', role: 'operations' },
  { email: 'pro@ridgeline.example', name: 'Priya Pro Team', role: 'pro_team' },
  { email: 'merch@ridgeline.example', name: 'Mia Merchandiser', role: 'merchandiser' },
  { email: 'editor@ridgeline.example', name: 'Erik Editor', role: 'editor' },
];

/** Adds the demo staff accounts that are missing; an account that exists is left as its owner changed it. */
export async function seedDemoStaff(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const member of DEMO_STAFF) {
    await db
      .insert(staff)
      .values({
        ...member,
        passwordHash,
        mustChangePassword: false,
        totpSecret: member.role === 'owner' ? DEMO_OWNER_TOTP_SECRET : null,
      })
      .onConflictDoNothing();
  }
}

/** Whether any demo staff account can still sign in (the start warns: their passwords are published). */
export async function demoStaffActive(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(
        inArray(
          sql`lower(${staff.email})`,
          DEMO_STAFF.map((member) => member.email),
        ),
        isNull(staff.disabledAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

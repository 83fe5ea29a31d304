import type { StaffRole } from '#core/staff-permissions.ts';
import type { Actor } from '#server/audit/audit.ts';
import { staff } from '#server/backoffice/schema.ts';
import type { Database } from '#server/db/database.ts';

/** A staff member written straight into the table, as the actor of engine calls in integration tests. */
export async function insertActor(db: Database, role: StaffRole, email: string): Promise<Actor> {
  const [member] = await db.insert(staff).values({ email, name: role, role, passwordHash: 'x' }).returning();
  return { staffId: member!.id, email: member!.email };
}

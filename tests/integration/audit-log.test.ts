import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { staff } from '#server/backoffice/schema.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openBackofficeWithOwner } from '../support/backoffice.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';

/** The database's own message for a refused statement (drizzle wraps the driver's error as its cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String(cause instanceof Error ? cause.message : (error as Error).message);
  }
  throw new Error('the statement was not refused');
}

describe.each(testDatabaseTargets)(
  'the audit log is append-only in the database on $name (issue 19)',
  (target) => {
    let handle: DatabaseHandle;
    const actor = { staffId: 0, email: '' };

    beforeAll(async () => {
      const opened = await openBackofficeWithOwner(target, { email: 'owner@shop.test', name: 'Owner' });
      handle = opened.handle;
      Object.assign(actor, opened.owner);
      await recordAudit(handle.db, actor, {
        action: 'order.paid',
        entity: 'order',
        entityId: 1,
        after: { paid: true },
      });
    }, 60_000);
    afterAll(async () => {
      await handle?.close();
    });

    const entries = () => handle.db.select().from(auditLog).orderBy(auditLog.id);

    it('refuses an UPDATE of an entry, through drizzle or raw SQL, and leaves it as it was', async () => {
      const before = await entries();
      expect(before.length).toBeGreaterThan(0);
      expect(await refusal(handle.db.update(auditLog).set({ action: 'forged' }))).toMatch(/append-only/);
      expect(await refusal(handle.db.execute(sql`update audit_log set staff_id = null`))).toMatch(
        /append-only/,
      );
      expect(await entries()).toEqual(before);
    });

    it('refuses a DELETE and a TRUNCATE of the log', async () => {
      const before = await entries();
      expect(await refusal(handle.db.delete(auditLog).where(eq(auditLog.entity, 'order')))).toMatch(
        /append-only/,
      );
      expect(await refusal(handle.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
      expect(await entries()).toEqual(before);
    });

    it('refuses deleting a staff member who has entries, instead of rewriting them', async () => {
      const before = await entries();
      expect(await refusal(handle.db.delete(staff).where(eq(staff.id, actor.staffId)))).toMatch(
        /foreign key|audit_log/,
      );
      expect(
        await handle.db.select({ id: staff.id }).from(staff).where(eq(staff.id, actor.staffId)),
      ).toHaveLength(1);
      expect(await entries()).toEqual(before);
    });

    it('still records new entries, alone and inside a use case transaction', async () => {
      const count = (await entries()).length;
      await recordAudit(handle.db, actor, { action: 'customer.erased', entity: 'customer', entityId: 7 });
      const after = await entries();
      expect(after).toHaveLength(count + 1);
      expect(after.at(-1)).toMatchObject({
        action: 'customer.erased',
        entityId: '7',
        staffId: actor.staffId,
      });
      // Recording in the use case's transaction is unchanged: the entry commits with the change.
      await handle.db.transaction(async (tx) => {
        await recordAudit(tx, actor, { action: 'staff.updated', entity: 'staff', entityId: actor.staffId });
      });
      expect(await entries()).toHaveLength(count + 2);
    });
  },
);

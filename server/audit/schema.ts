import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from '../backoffice/schema.ts';

/**
 * Every change made in the back office, append-only: who, when, what (entity and id) and the values before and
 * after. The database holds it to that (migration 0018): a trigger refuses UPDATE, DELETE and TRUNCATE, and a staff
 * member with entries cannot be deleted (staff are disabled, never deleted). The email is copied all the same.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.id),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;

import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { auditLog, staff } from './schema.ts';

/** The staff member behind a back-office change, as the audit log and an order's timeline record them. */
export interface Actor {
  staffId: number;
  email: string;
}

/** A change made by no staff member (the content management token's holder): stored with no staff id. */
export interface SystemActor {
  staffId: null;
  email: string;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Anything that can run an insert: the database or a transaction (so the entry commits with the change). */
type Executor = Pick<Database, 'insert'>;

/** Appends one entry. Call it inside the change's transaction: a change without its entry never commits. */
export async function recordAudit(
  executor: Executor,
  actor: Actor | SystemActor,
  entry: AuditEntry,
): Promise<void> {
  await executor.insert(auditLog).values({
    staffId: actor.staffId,
    staffEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before === undefined ? null : entry.before,
    after: entry.after === undefined ? null : entry.after,
  });
}

export interface AuditFilter {
  staffId?: number;
  entity?: string;
  entityId?: string;
  /** Inclusive start and exclusive end. */
  from?: Date;
  to?: Date;
  /** Keyset: entries older than this id. */
  before?: number;
  limit?: number;
}

/** The log, newest first, one keyset page at a time. */
export function createAuditLog(db: Database) {
  return {
    async list(filter: AuditFilter = {}) {
      const limit = Math.min(filter.limit ?? 50, 200);
      const conditions: SQL[] = [];
      if (filter.staffId !== undefined) conditions.push(eq(auditLog.staffId, filter.staffId));
      if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
      if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
      if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
      if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
      if (filter.before !== undefined) conditions.push(lt(auditLog.id, filter.before));
      const rows = await db
        .select({
          id: auditLog.id,
          staffId: auditLog.staffId,
          staffEmail: auditLog.staffEmail,
          staffName: staff.name,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(staff, eq(staff.id, auditLog.staffId))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return { entries: page, next: rows.length > limit ? page.at(-1)!.id : null };
    },

    /** The entries about one entity (an order's, a customer's history). */
    forEntity(entity: string, entityId: string | number) {
      return this.list({ entity, entityId: String(entityId), limit: 200 });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

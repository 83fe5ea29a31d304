import { asc, eq } from 'drizzle-orm';
import { type RuleInput, ruleProblems, ruleTarget } from '#core/discount-rule-edit.ts';
import { type Actor, recordAudit } from '../backoffice/audit.ts';
import type { Database } from '../db/database.ts';
import { badRequest, conflict, notFound } from './errors.ts';
import { categories, products } from './schema-catalogue.ts';
import { customerGroups, type DiscountRuleRecord } from './schema-customers.ts';

/**
 * The back office's customer-group discount rules (SPEC §3, §6; issue 20): read a group's rules, add one, remove
 * one. A group holds at most one rule per target (core/discount-rule-edit.ts). Each change locks the group row and
 * is one transaction with its audit entry; the customer_groups trigger moves the 'catalogue' data version, so
 * prices everywhere follow.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const FIELD_LABELS = { type: 'Applies to', method: 'Method', amount: 'Amount', targetId: 'Id' } as const;

export function createGroupRulesAdmin(db: Database) {
  async function lockGroup(tx: Tx, id: number) {
    const [row] = await tx.select().from(customerGroups).where(eq(customerGroups.id, id)).for('update');
    if (!row) throw notFound(`No customer group ${id}`);
    return row;
  }

  const view = (row: typeof customerGroups.$inferSelect) => ({
    id: row.id,
    name: row.name,
    regionId: row.regionId,
    guests: row.isGroupForGuests,
    pro: row.isPro,
    rules: row.discountRules,
  });

  return {
    async get(id: number) {
      const [row] = await db.select().from(customerGroups).where(eq(customerGroups.id, id));
      if (!row) throw notFound(`No customer group ${id}`);
      return view(row);
    },

    /** The categories a rule may name, by path. */
    async categories() {
      return db
        .select({ id: categories.id, path: categories.path })
        .from(categories)
        .orderBy(asc(categories.path));
    },

    async list() {
      return (await db.select().from(customerGroups).orderBy(asc(customerGroups.id))).map(view);
    },

    /** Adds a rule; 400 for a bad amount or an unknown category or product, 409 when the target has one already. */
    async addRule(actor: Actor, groupId: number, rule: RuleInput) {
      const problems = ruleProblems(rule);
      if (Object.keys(problems).length > 0)
        throw badRequest(
          Object.entries(problems)
            .map(([field, message]) => `${FIELD_LABELS[field as keyof typeof FIELD_LABELS]}: ${message}`)
            .join(' '),
        );
      return db.transaction(async (tx) => {
        const before = await lockGroup(tx, groupId);
        const record: DiscountRuleRecord = {
          type: rule.type,
          method: rule.method,
          amount: String(rule.amount),
        };
        if (rule.type === 'category') {
          const [found] = await tx.select().from(categories).where(eq(categories.id, rule.targetId!));
          if (!found) throw badRequest(`No category ${rule.targetId}`);
          record.category_id = rule.targetId!;
        }
        if (rule.type === 'product') {
          const [found] = await tx.select().from(products).where(eq(products.id, rule.targetId!));
          if (!found) throw badRequest(`No product ${rule.targetId}`);
          record.product_id = rule.targetId!;
        }
        const target = ruleTarget(record);
        if (before.discountRules.some((entry) => ruleTarget(entry) === target))
          throw conflict(`${before.name} already has a rule for ${target}: remove it first.`);
        const [after] = await tx
          .update(customerGroups)
          .set({ discountRules: [...before.discountRules, record] })
          .where(eq(customerGroups.id, groupId))
          .returning();
        await recordAudit(tx, actor, {
          action: 'customer-group.rule-added',
          entity: 'customer-group',
          entityId: groupId,
          before: before.discountRules,
          after: after!.discountRules,
        });
        return view(after!);
      });
    },

    /** Removes the group's rule for a target ('all', 'category:36', 'product:104'); 404 when it has none. */
    async removeRule(actor: Actor, groupId: number, target: string) {
      return db.transaction(async (tx) => {
        const before = await lockGroup(tx, groupId);
        const rules = before.discountRules.filter((entry) => ruleTarget(entry) !== target);
        if (rules.length === before.discountRules.length)
          throw notFound(`${before.name} has no rule for ${target}`);
        const [after] = await tx
          .update(customerGroups)
          .set({ discountRules: rules })
          .where(eq(customerGroups.id, groupId))
          .returning();
        await recordAudit(tx, actor, {
          action: 'customer-group.rule-removed',
          entity: 'customer-group',
          entityId: groupId,
          before: before.discountRules,
          after: after!.discountRules,
        });
        return view(after!);
      });
    },
  };
}

export type GroupRulesAdmin = ReturnType<typeof createGroupRulesAdmin>;

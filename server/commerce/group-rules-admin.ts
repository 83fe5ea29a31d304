import { asc, eq, sql } from 'drizzle-orm';
import { type RuleInput, ruleProblems, ruleTarget } from '#core/discount-rule-edit.ts';
import { guardMoney, type MoneyVerdict, type PricedItem } from '#core/money-guard.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { badRequest, conflict, enforceMoneyVerdict, notFound } from './errors.ts';
import { priceSet } from './pricing.ts';
import { salePriceNow, saleRunning } from './sale-price.ts';
import { commerceRegions } from './schema.ts';
import { categories, productPrices, products, variantPrices, variants } from './schema-catalogue.ts';
import { customerGroups, type DiscountRuleRecord } from './schema-customers.ts';

/**
 * The back office's customer-group discount rules (SPEC §3, §6; issue 20): read a group's rules, add one, remove
 * one. A group holds at most one rule per target (core/discount-rule-edit.ts). A new rule is priced first (issue 40):
 * every product sold in the group's region, with the group's rules before and after, goes through the money guard
 * (core/money-guard.ts), so a typo that makes the region free is refused and a drop of more than half waits for a
 * confirmation. Each change locks the group row and is one transaction with its audit entry; the customer_groups
 * trigger moves the 'catalogue' data version, so prices everywhere follow.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const FIELD_LABELS = { type: 'Applies to', method: 'Method', amount: 'Amount', targetId: 'Id' } as const;

export function createGroupRulesAdmin(db: Database) {
  async function lockGroup(tx: Tx, id: number) {
    const [row] = await tx.select().from(customerGroups).where(eq(customerGroups.id, id)).for('update');
    if (!row) throw notFound(`No customer group ${id}`);
    return row;
  }

  /**
   * What a group's members pay for every product priced in its region, with its rules before and after a change,
   * priced as the storefront prices them (the sale that runs now, the category's ancestry).
   */
  async function effectOf(
    tx: Tx,
    group: typeof customerGroups.$inferSelect,
    after: readonly DiscountRuleRecord[],
  ): Promise<MoneyVerdict> {
    // One after another: a transaction is one connection, which runs one query at a time.
    const [region] = await tx.select().from(commerceRegions).where(eq(commerceRegions.id, group.regionId));
    const rows = await tx
      .select({
        id: products.id,
        name: products.name,
        categoryId: products.categoryId,
        retail: productPrices.retailPrice,
        saleNow: salePriceNow,
      })
      .from(productPrices)
      .innerJoin(products, eq(products.id, productPrices.productId))
      .where(eq(productPrices.regionId, group.regionId));
    // A size with its own price (decision 0042) pays the rules on that price: a rule that leaves the product above
    // 0 may still make a cheaper size free, so each is measured too, named by its SKU.
    const ownSaleNow = sql<number | null>`case when ${saleRunning({
      sale: variantPrices.salePrice,
      startsAt: variantPrices.saleStartsAt,
      endsAt: variantPrices.saleEndsAt,
    })} then ${variantPrices.salePrice} end`.mapWith(variantPrices.salePrice);
    const own = await tx
      .select({
        id: products.id,
        name: sql<string>`${products.name} || ' (' || ${variants.sku} || ')'`,
        categoryId: products.categoryId,
        retail: variantPrices.retailPrice,
        saleNow: ownSaleNow,
      })
      .from(variantPrices)
      .innerJoin(variants, eq(variants.id, variantPrices.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(variantPrices.regionId, group.regionId));
    const tree = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    const parents = new Map(tree.map((row) => [row.id, row.parentId]));
    const items = [...rows, ...own].map((row): PricedItem => {
      const chain: number[] = [];
      let current: number | null | undefined = row.categoryId;
      while (current !== null && current !== undefined && !chain.includes(current)) {
        chain.push(current);
        current = parents.get(current);
      }
      const pays = (rules: readonly DiscountRuleRecord[]) =>
        priceSet(row.retail, row.saleNow, row.id, chain, rules).calculated;
      return { productId: row.id, name: row.name, before: pays(group.discountRules), after: pays(after) };
    });
    return guardMoney(items, { currency: region?.currencyCode ?? 'USD' });
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

    /**
     * The product a person names on the rule form: by its SKU or a variant's (any case), or by its id; 400 with
     * the field named when none matches.
     */
    async productNamed(reference: string): Promise<{ id: number; name: string }> {
      const text = reference.trim();
      const sku = text.toUpperCase();
      const columns = { id: products.id, name: products.name };
      const [bySku] = await db.select(columns).from(products).where(sql`upper(${products.sku}) = ${sku}`);
      const [byVariant] = bySku
        ? [bySku]
        : await db
            .select(columns)
            .from(variants)
            .innerJoin(products, eq(products.id, variants.productId))
            .where(sql`upper(${variants.sku}) = ${sku}`);
      const [found] =
        byVariant || !/^\d{1,9}$/.test(text)
          ? [byVariant]
          : await db
              .select(columns)
              .from(products)
              .where(eq(products.id, Number(text)));
      if (!found)
        throw badRequest(`No product has the SKU or id “${text}”.`, {
          product: 'No product has this SKU or id.',
        });
      return found;
    },

    /**
     * Adds a rule; 400 for a bad amount, an unknown category or product, or a rule that would make any product in
     * the region free; 409 when the target has one already, or (needs-confirmation) when it lowers a price by more
     * than half and `confirmed` is not set; the refusal names the effect.
     */
    async addRule(actor: Actor, groupId: number, rule: RuleInput, options: { confirmed?: boolean } = {}) {
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
        enforceMoneyVerdict(
          await effectOf(tx, before, [...before.discountRules, record]),
          options.confirmed === true,
          { amount: 'Check the amount.' },
        );
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

import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  type DiscountCart,
  type DiscountCodeRule,
  type DiscountEvaluation,
  type DiscountKind,
  type DiscountRefusal,
  type DiscountScope,
  evaluateDiscountCode,
  guardDiscountCode,
  normalizeCode,
} from '#core/discount-code.ts';
import type { ErrorCode } from '#core/error-codes.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { badRequest, CommerceError, conflict, needsConfirmation, notFound } from './errors.ts';
import { discountCodes, discountRedemptions } from './schema-discounts.ts';
import { orders } from './schema-sales.ts';

/**
 * Discount codes (issue 41, decision 0038): reading a code and its uses for a cart or a checkout, and the back
 * office's list, create, edit and deactivate. The rule itself is core/discount-code.ts.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export function ruleOf(row: DiscountCodeRow): DiscountCodeRule {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amounts: row.amounts,
    scope: row.scope,
    categoryIds: row.categoryIds,
    productIds: row.productIds,
    regionIds: row.regionIds,
    minimums: row.minimums,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    active: row.active,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    combinesWithSale: row.combinesWithSale,
    appliesToPro: row.appliesToPro,
  };
}

/** The coded refusal a shopper reads for a reason (core/error-codes.ts: one status and sentence each). */
export function discountRefused(reason: DiscountRefusal, code: string): CommerceError {
  return new CommerceError(
    `discount-${reason}` as ErrorCode,
    'Unprocessable Entity',
    `Code ${code}: ${reason}`,
  );
}

/** Evaluating a code for a cart, outside checkout (the cart page, the mini cart, /api). */
export function createDiscountCodeReader(db: Database) {
  const byCode = db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, sql.placeholder('code')))
    .prepare('discount_codes_by_code');
  const usesOf = db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, sql.placeholder('codeId')),
        eq(discountRedemptions.shopperKey, sql.placeholder('key')),
      ),
    )
    .prepare('discount_redemptions_by_shopper');

  const reader = {
    async find(code: string): Promise<DiscountCodeRow | null> {
      const normal = normalizeCode(code);
      return normal ? ((await byCode.execute({ code: normal }))[0] ?? null) : null;
    },
    async usesBy(codeId: number, shopperKey: string | null): Promise<number | null> {
      if (shopperKey === null) return null;
      return Number((await usesOf.execute({ codeId, key: shopperKey }))[0]?.n ?? 0);
    },
    /** What the code takes off this cart now, or why it does not; `shopperKey` null: a guest not known yet. */
    async evaluate(
      code: string,
      cart: DiscountCart,
      shopperKey: string | null,
      now = new Date(),
    ): Promise<DiscountEvaluation> {
      const row = await reader.find(code);
      const byShopper = row ? await reader.usesBy(row.id, shopperKey) : null;
      return evaluateDiscountCode(
        normalizeCode(code) ?? code,
        row && ruleOf(row),
        cart,
        { total: row?.uses ?? 0, byShopper },
        now,
      );
    },
  };
  return reader;
}

export type DiscountCodeReader = ReturnType<typeof createDiscountCodeReader>;

/**
 * Inside checkout's transaction: locks the code's row (orders with one code take turns here, and only here), and
 * counts the shopper's uses under that lock. Null when the code no longer exists.
 */
export async function lockCodeForCheckout(
  tx: Tx,
  code: string,
  shopperKey: string | null,
): Promise<{ row: DiscountCodeRow; byShopper: number } | null> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code)).for('update');
  if (!row) return null;
  const [uses] =
    shopperKey === null
      ? [{ n: 0 }]
      : await tx
          .select({ n: count() })
          .from(discountRedemptions)
          .where(and(eq(discountRedemptions.codeId, row.id), eq(discountRedemptions.shopperKey, shopperKey)));
  return { row, byShopper: Number(uses?.n ?? 0) };
}

/**
 * Records one use, in checkout's transaction after the order row: raises `uses` only while it is within the limit
 * (the row is locked already; the condition and the table's check hold even for a writer that did not lock it),
 * and writes the redemption, whose unique keys refuse a second count of one order or one shopper's use.
 */
export async function redeemCode(
  tx: Tx,
  input: {
    codeId: number;
    code: string;
    orderId: number;
    shopperKey: string;
    useNumber: number;
    amount: number;
  },
): Promise<void> {
  const raised = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, input.codeId),
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.uses} < ${discountCodes.usageLimit})`,
      ),
    )
    .returning({ uses: discountCodes.uses });
  if (raised.length === 0) throw discountRefused('used-up', input.code);
  await tx.insert(discountRedemptions).values({
    codeId: input.codeId,
    orderId: input.orderId,
    shopperKey: input.shopperKey,
    useNumber: input.useNumber,
    amount: input.amount,
  });
}

/** A code as the back office edits it (app/lib/backoffice/discount-code-form.ts reads the form into this). */
export interface DiscountCodeInput {
  code: string;
  description: string;
  kind: DiscountKind;
  percent: number | null;
  amounts: Record<string, number>;
  scope: DiscountScope;
  categoryIds: number[];
  productIds: number[];
  regionIds: string[];
  minimums: Record<string, number>;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  combinesWithSale: boolean;
  appliesToPro: boolean;
}

export interface DiscountCodeListRow {
  id: number;
  code: string;
  description: string;
  kind: DiscountKind;
  percent: number | null;
  amounts: Record<string, number>;
  regionIds: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
  uses: number;
  usageLimit: number | null;
  /** What orders with the code brought in (their totals), per currency. */
  revenue: { currency: string; total: number }[];
  /** What the code gave away, per currency. */
  saved: { currency: string; total: number }[];
}

function inputProblems(input: DiscountCodeInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (normalizeCode(input.code) === null)
    problems.code = 'Letters, digits, - and _ only, at most 32, starting with a letter or digit.';
  if (input.kind === 'percent' && !(input.percent !== null && input.percent > 0 && input.percent <= 100))
    problems.percent = 'A percentage above 0 and at most 100.';
  if (input.kind === 'amount' && Object.keys(input.amounts).length === 0)
    problems.amounts = 'An amount in at least one currency.';
  if (Object.values(input.amounts).some((amount) => !(amount > 0)))
    problems.amounts = 'Amounts above 0 (leave a currency empty to leave it out).';
  if (input.scope === 'categories' && input.categoryIds.length === 0)
    problems.categoryIds = 'Choose at least one category.';
  if (input.scope === 'products' && input.productIds.length === 0)
    problems.productIds = 'Name at least one product.';
  if (input.startsAt && input.endsAt && input.endsAt.getTime() <= input.startsAt.getTime())
    problems.endsAt = 'The end comes after the start.';
  return problems;
}

export function createDiscountCodeAdmin(db: Database) {
  async function lock(tx: Tx, id: number) {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!row) throw notFound(`No discount code ${id}`);
    return row;
  }

  function check(input: DiscountCodeInput, confirmed: boolean) {
    const problems = inputProblems(input);
    if (Object.keys(problems).length > 0) throw badRequest(Object.values(problems).join(' '), problems);
    const verdict = guardDiscountCode(input);
    if (verdict.verdict === 'confirm' && !confirmed) throw needsConfirmation(verdict.message);
  }

  const values = (input: DiscountCodeInput) => ({
    code: normalizeCode(input.code)!,
    description: input.description.trim(),
    kind: input.kind,
    percent: input.kind === 'percent' ? input.percent : null,
    amounts: input.kind === 'amount' ? input.amounts : {},
    scope: input.scope,
    categoryIds: input.scope === 'categories' ? input.categoryIds : [],
    productIds: input.scope === 'products' ? input.productIds : [],
    regionIds: input.regionIds,
    minimums: input.minimums,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    combinesWithSale: input.combinesWithSale,
    appliesToPro: input.appliesToPro,
  });

  const isUnique = (error: unknown) =>
    ((error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code) === '23505';

  const admin = {
    /** Every code, newest first, with its uses, the revenue of its orders and what it gave away. */
    async list(): Promise<DiscountCodeListRow[]> {
      const rows = await db
        .select()
        .from(discountCodes)
        .orderBy(sql`${discountCodes.createdAt} desc`, asc(discountCodes.id));
      const sums = await db
        .select({
          codeId: discountRedemptions.codeId,
          currency: orders.currencyCode,
          revenue: sql<string>`sum(${orders.total})`,
          saved: sql<string>`sum(${discountRedemptions.amount})`,
        })
        .from(discountRedemptions)
        .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
        .groupBy(discountRedemptions.codeId, orders.currencyCode)
        .orderBy(orders.currencyCode);
      return rows.map((row) => {
        const mine = sums.filter((sum) => sum.codeId === row.id);
        return {
          id: row.id,
          code: row.code,
          description: row.description,
          kind: row.kind,
          percent: row.percent,
          amounts: row.amounts,
          regionIds: row.regionIds,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          active: row.active,
          uses: row.uses,
          usageLimit: row.usageLimit,
          revenue: mine.map((sum) => ({ currency: sum.currency, total: Number(sum.revenue) })),
          saved: mine.map((sum) => ({ currency: sum.currency, total: Number(sum.saved) })),
        };
      });
    },

    async get(id: number): Promise<DiscountCodeRow> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
      if (!row) throw notFound(`No discount code ${id}`);
      return row;
    },

    /**
     * Creates a code; 400 with the fields for a bad input, 409 for a code that exists, 409 needs-confirmation when
     * an order could cost 0 or less with it (core's guard) and `confirmed` is not set.
     */
    async create(actor: Actor, input: DiscountCodeInput, options: { confirmed?: boolean } = {}) {
      check(input, options.confirmed === true);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(discountCodes).values(values(input)).returning();
          await recordAudit(tx, actor, {
            action: 'discount-code.created',
            entity: 'discount-code',
            entityId: row!.id,
            before: null,
            after: values(input),
          });
          return row!;
        });
      } catch (error) {
        if (isUnique(error))
          throw conflict(`The code ${normalizeCode(input.code)} exists already.`, 'conflict', {
            code: 'This code exists already.',
          });
        throw error;
      }
    },

    /** Saves a code read at `version`; 409 stale when someone saved it since. The uses stay. */
    async update(
      actor: Actor,
      id: number,
      version: number,
      input: DiscountCodeInput,
      options: { confirmed?: boolean } = {},
    ) {
      check(input, options.confirmed === true);
      try {
        return await db.transaction(async (tx) => {
          const before = await lock(tx, id);
          if (before.version !== version)
            throw conflict(
              'Someone saved this code since you opened it: reload to see their change.',
              'stale',
            );
          const [after] = await tx
            .update(discountCodes)
            .set({ ...values(input), version: before.version + 1, updatedAt: new Date() })
            .where(eq(discountCodes.id, id))
            .returning();
          await recordAudit(tx, actor, {
            action: 'discount-code.updated',
            entity: 'discount-code',
            entityId: id,
            before: ruleOf(before),
            after: ruleOf(after!),
          });
          return after!;
        });
      } catch (error) {
        if (isUnique(error))
          throw conflict(`The code ${normalizeCode(input.code)} exists already.`, 'conflict', {
            code: 'This code exists already.',
          });
        throw error;
      }
    },

    /** Switches a code off (shoppers are told it expired) or on again; audited. */
    async setActive(actor: Actor, id: number, active: boolean) {
      return db.transaction(async (tx) => {
        const before = await lock(tx, id);
        if (before.active === active) return before;
        const [after] = await tx
          .update(discountCodes)
          .set({ active, version: before.version + 1, updatedAt: new Date() })
          .where(eq(discountCodes.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: active ? 'discount-code.activated' : 'discount-code.deactivated',
          entity: 'discount-code',
          entityId: id,
          before: { code: before.code, active: before.active },
          after: { code: before.code, active },
        });
        return after!;
      });
    },
  };
  return admin;
}

export type DiscountCodeAdmin = ReturnType<typeof createDiscountCodeAdmin>;

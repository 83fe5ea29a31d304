import { sql } from 'drizzle-orm';
import {
  CATALOGUE_CSV_COLUMNS,
  type CatalogueImportPlan,
  type CatalogueVariantState,
  catalogueCsvRecord,
  formatOptions,
  parseCatalogueCsv,
  planCatalogueImport,
  type RowChange,
} from '#core/catalogue-csv.ts';
import { CONFIRM_DROPS_LABEL } from '#core/money-guard.ts';
import { COMMERCE_REGIONS } from '#core/regions.ts';
import { DEFAULT_STORE_TIME_ZONE } from '#core/store-time.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { toCsv } from './csv-writer.ts';

/** UTF-8's byte-order mark, written first by the export (the import reads a file with or without it). */
export const CSV_BOM = '\uFEFF';

import type { VariantOptionValueRecord } from './schema-catalogue.ts';
import type { Stock } from './stock.ts';

/**
 * Bulk catalogue by CSV (issue 20; the format: core/catalogue-csv.ts and README.md "Catalogue CSV"). The export
 * streams every variant by id; the import reads the file, compares it with the catalogue (the dry run shows that
 * comparison) and writes it in one transaction, set-based in chunks of rows: stock levels with one stock movement
 * each (reason 'import'), the products' totals, prices per region, and one audit entry. A file with any error
 * writes nothing. Variants that come back from sold out go to `onBackInStock` after the commit, as a stock count
 * does (server/commerce/stock.ts). The catalogue tables' triggers move the data version, so caches follow.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Pick<Database, 'execute'>;

const EXPORT_PAGE = 1000;
const WRITE_CHUNK = 1000;
/** Changes listed in the audit entry; the counts are always complete. */
const AUDIT_SAMPLE = 500;

export interface CatalogueCsvOptions {
  logger?: { error(object: unknown, message: string): void };
  /** STORE_TIME_ZONE: the clock of the sale start and end columns (decision 0031). */
  zone?: string;
}

/** What a dry run and an import answer: the comparison without the internal write lists. */
export interface CatalogueImportReport {
  rows: number;
  changes: RowChange[];
  unchanged: number;
  errors: CatalogueImportPlan['errors'];
  /** Rows that drop a price by more than half: imported only with `confirmDrops` (issue 40). */
  drops: CatalogueImportPlan['drops'];
}

export interface CatalogueImportResult extends CatalogueImportReport {
  /** False when the file had an error: nothing was written. */
  written: boolean;
  stockChanges: number;
  priceChanges: number;
  /** Variants' own prices set or removed, per region. */
  variantPriceChanges: number;
  /** Variants handed to the back-in-stock path. */
  backInStock: number;
}

/** How far an import's writes are: `done` of `total` changes (stock rows and prices) written. */
export interface ImportProgress {
  done: number;
  total: number;
}

interface RawState {
  variant_id: number;
  variant_sku: string;
  inventory_level: number;
  option_values: VariantOptionValueRecord[];
  product_id: number;
  product_sku: string;
  name: string;
  is_visible: boolean;
  availability: string;
  /** Per region: retail, sale, sale start, sale end (timestamps as JSON writes them). */
  prices: Record<string, [number | string, number | string | null, string | null, string | null]> | null;
  /** The variant's own prices (decision 0042), the same shape. */
  variant_prices: Record<
    string,
    [number | string, number | string | null, string | null, string | null]
  > | null;
}

const cents = (value: number | string) => Math.round(Number(value) * 100);

function pricesOf(raw: RawState['prices']): CatalogueVariantState['prices'] {
  const prices: CatalogueVariantState['prices'] = {};
  for (const region of COMMERCE_REGIONS) {
    const price = raw?.[region];
    if (price)
      prices[region] = {
        retail: cents(price[0]),
        sale: price[1] === null ? null : cents(price[1]),
        saleStartsAt: price[2] ? new Date(price[2]) : null,
        saleEndsAt: price[3] ? new Date(price[3]) : null,
      };
  }
  return prices;
}

function stateOf(row: RawState): CatalogueVariantState & { variantSku: string } {
  const prices = pricesOf(row.prices);
  return {
    variantId: Number(row.variant_id),
    variantSku: row.variant_sku,
    productId: Number(row.product_id),
    productSku: row.product_sku,
    name: row.name,
    options: formatOptions(
      (row.option_values ?? []).map((value) => ({ name: value.option_display_name, label: value.label })),
    ),
    published: row.is_visible && row.availability !== 'disabled',
    stock: Number(row.inventory_level),
    prices,
    variantPrices: pricesOf(row.variant_prices),
  };
}

const SELECT_STATE = sql`select v.id as variant_id, v.sku as variant_sku, v.inventory_level, v.option_values,
    p.id as product_id, p.sku as product_sku, p.name, p.is_visible, p.availability,
    (select json_object_agg(pp.region_id, json_build_array(pp.retail_price, pp.sale_price, pp.sale_starts_at, pp.sale_ends_at))
       from product_prices pp where pp.product_id = p.id) as prices,
    (select json_object_agg(vp.region_id, json_build_array(vp.retail_price, vp.sale_price, vp.sale_starts_at, vp.sale_ends_at))
       from variant_prices vp where vp.variant_id = v.id) as variant_prices
  from variants v join products p on p.id = v.product_id`;

async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The catalogue's state of the SKUs a file names, in one query; locked for update inside an import. */
async function currentState(
  executor: Executor,
  skus: readonly string[],
  lock: boolean,
): Promise<Map<string, CatalogueVariantState>> {
  const rows = await rowsOf<RawState>(
    executor,
    sql`${SELECT_STATE}
      where v.sku in (select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))
      order by v.id ${lock ? sql`for update of v` : sql``}`,
  );
  return new Map(rows.map((row) => [row.variant_sku, stateOf(row)]));
}

const reportOf = (plan: CatalogueImportPlan): CatalogueImportReport => ({
  rows: plan.rows,
  changes: plan.changes,
  unchanged: plan.unchanged,
  errors: plan.errors,
  drops: plan.drops,
});

function chunks<T>(list: readonly T[], size = WRITE_CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}

export function createCatalogueCsv(db: Database, stock: Stock, options: CatalogueCsvOptions = {}) {
  const zone = options.zone ?? DEFAULT_STORE_TIME_ZONE;
  async function plan(executor: Executor, text: string, lock: boolean): Promise<CatalogueImportPlan> {
    const parsed = parseCatalogueCsv(text, zone);
    const skus = parsed.rows.map((row) => row.variantSku);
    const current = skus.length ? await currentState(executor, skus, lock) : new Map();
    return planCatalogueImport(parsed, current, { zone });
  }

  /**
   * Through the one stock path (stock.ts): the levels, the products' totals and a movement per variant with
   * reason 'import'; the import's own audit entry tells the change. Answers how to announce what came back.
   */
  async function writeStock(tx: Tx, actor: Actor, changes: CatalogueImportPlan['stock']) {
    const written = await stock.within(
      tx,
      changes.map((change) => ({
        variantId: change.variantId,
        set: change.after,
        reason: 'import' as const,
        note: 'CSV import',
      })),
      actor,
      { audit: false },
    );
    return { announce: written.announce, back: written.backInStock };
  }

  async function writePrices(tx: Tx, changes: CatalogueImportPlan['prices']) {
    // A sale time is written only where the file has its column (setStart, setEnd): an older export's rows leave
    // the stored times alone.
    const json = JSON.stringify(
      changes.map((change) => ({
        ...change,
        setStart: change.saleStartsAt !== undefined,
        setEnd: change.saleEndsAt !== undefined,
      })),
    );
    await tx.execute(sql`insert into product_prices (product_id, region_id, retail_price, sale_price)
      select u."productId", u."regionId", u.retail::numeric / 100, u.sale::numeric / 100
      from jsonb_to_recordset(${json}::jsonb) as u("productId" integer, "regionId" text, retail bigint, sale bigint)
      on conflict (product_id, region_id)
      do update set retail_price = excluded.retail_price, sale_price = excluded.sale_price`);
    await tx.execute(sql`update product_prices pp set
        sale_starts_at = case when u."setStart" then u."saleStartsAt" else pp.sale_starts_at end,
        sale_ends_at = case when u."setEnd" then u."saleEndsAt" else pp.sale_ends_at end
      from jsonb_to_recordset(${json}::jsonb) as u("productId" integer, "regionId" text,
        "saleStartsAt" timestamptz, "saleEndsAt" timestamptz, "setStart" boolean, "setEnd" boolean)
      where pp.product_id = u."productId" and pp.region_id = u."regionId" and (u."setStart" or u."setEnd")`);
  }

  /** Variants' own prices: each set one replaced whole, each removed one deleted (the product's price applies). */
  async function writeVariantPrices(tx: Tx, changes: CatalogueImportPlan['variantPrices']) {
    const removed = changes.filter((change) => change.price === null);
    const set = changes.flatMap((change) => (change.price ? [{ ...change, ...change.price }] : []));
    if (removed.length)
      await tx.execute(sql`delete from variant_prices vp
        using jsonb_to_recordset(${JSON.stringify(removed)}::jsonb) as u("variantId" integer, "regionId" text)
        where vp.variant_id = u."variantId" and vp.region_id = u."regionId"`);
    if (set.length)
      await tx.execute(sql`insert into variant_prices (variant_id, region_id, retail_price, sale_price, sale_starts_at,
          sale_ends_at)
        select u."variantId", u."regionId", u.retail::numeric / 100, u.sale::numeric / 100, u."saleStartsAt",
          u."saleEndsAt"
        from jsonb_to_recordset(${JSON.stringify(set)}::jsonb) as u("variantId" integer, "regionId" text,
          retail bigint, sale bigint, "saleStartsAt" timestamptz, "saleEndsAt" timestamptz)
        on conflict (variant_id, region_id) do update set retail_price = excluded.retail_price,
          sale_price = excluded.sale_price, sale_starts_at = excluded.sale_starts_at,
          sale_ends_at = excluded.sale_ends_at`);
  }

  /** The header and every variant, by id, one page of rows at a time. */
  async function* exportChunks(): AsyncGenerator<string> {
    // A byte-order mark first: Excel reads a CSV without one in the system's code page, and ü, é, ø turn to noise.
    yield `${CSV_BOM}${toCsv([[...CATALOGUE_CSV_COLUMNS]])}`;
    let after = 0;
    for (;;) {
      const rows = await rowsOf<RawState>(
        db,
        sql`${SELECT_STATE} where v.id > ${after} order by v.id limit ${EXPORT_PAGE}`,
      );
      if (!rows.length) return;
      yield toCsv(rows.map((row) => catalogueCsvRecord(stateOf(row), zone)));
      after = Number(rows.at(-1)!.variant_id);
      if (rows.length < EXPORT_PAGE) return;
    }
  }

  return {
    /** The header and every variant, by id, one page of rows at a time. */
    exportChunks,

    /** The export as a byte stream for a Response body (pulled page by page). */
    exportCsv(): ReadableStream<Uint8Array> {
      const pages = exportChunks();
      const encoder = new TextEncoder();
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await pages.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
        async cancel() {
          await pages.return(undefined);
        },
      });
    },

    /** The dry run: what the file would change, row by row, and every row's error. Writes nothing. */
    async dryRun(text: string): Promise<CatalogueImportReport> {
      return reportOf(await plan(db, text, false));
    },

    /**
     * Imports the file: compares it again under row locks (what changed since the dry run counts), and writes
     * nothing when any row has an error, or drops a price by more than half without `confirmDrops` (those rows
     * are then the errors). `onProgress` hears how far the writes are after each chunk (the page's
     * progress bar: the answer streams it, as another request could not read it while PGlite runs the transaction).
     */
    async import(
      actor: Actor,
      text: string,
      input: {
        fileName?: string;
        onProgress?: (progress: ImportProgress) => void;
        confirmDrops?: boolean;
      } = {},
    ): Promise<CatalogueImportResult> {
      const entry: ImportProgress = { done: 0, total: 0 };
      const report = () => input.onProgress?.({ ...entry });
      const announcements: Array<() => Promise<void>> = [];
      let back = 0;
      const outcome = await db.transaction(async (tx) => {
        const planned = await plan(tx, text, true);
        const result =
          planned.drops.length && input.confirmDrops !== true
            ? {
                ...planned,
                errors: planned.drops.map((drop) => ({
                  ...drop,
                  message: `${drop.message} Tick “${CONFIRM_DROPS_LABEL}” to import it.`,
                })),
                drops: [],
              }
            : planned;
        if (result.errors.length) return result;
        entry.total = result.stock.length + result.prices.length + result.variantPrices.length;
        report();
        for (const part of chunks(result.stock)) {
          const written = await writeStock(tx, actor, part);
          announcements.push(written.announce);
          back += written.back;
          entry.done += part.length;
          report();
        }
        for (const part of chunks(result.prices)) {
          await writePrices(tx, part);
          entry.done += part.length;
          report();
        }
        for (const part of chunks(result.variantPrices)) {
          await writeVariantPrices(tx, part);
          entry.done += part.length;
          report();
        }
        if (result.changes.length) {
          const sample = result.changes.slice(0, AUDIT_SAMPLE);
          const side = (which: 'before' | 'after') =>
            sample.map((change) => ({
              sku: change.variantSku,
              ...Object.fromEntries(change.fields.map((field) => [field.field, field[which]])),
            }));
          await recordAudit(tx, actor, {
            action: 'catalogue.import',
            entity: 'catalogue',
            entityId: 'csv',
            before: { rows: side('before') },
            after: {
              file: input.fileName ?? null,
              rows: result.rows,
              changedRows: result.changes.length,
              unchangedRows: result.unchanged,
              stockChanges: result.stock.length,
              priceChanges: result.prices.length,
              variantPriceChanges: result.variantPrices.length,
              listed: sample.length,
              changes: side('after'),
            },
          });
        }
        return result;
      });
      const written = outcome.errors.length === 0 && outcome.changes.length > 0;
      try {
        for (const announce of announcements) await announce();
      } catch (error) {
        // The import is committed; a mail failure is logged, never reported as a failed import.
        options.logger?.error({ err: error }, 'catalogue import: back-in-stock notices failed');
      }
      return {
        ...reportOf(outcome),
        written,
        stockChanges: written ? outcome.stock.length : 0,
        priceChanges: written ? outcome.prices.length : 0,
        variantPriceChanges: written ? outcome.variantPrices.length : 0,
        backInStock: written ? back : 0,
      };
    },
  };
}

export type CatalogueCsv = ReturnType<typeof createCatalogueCsv>;

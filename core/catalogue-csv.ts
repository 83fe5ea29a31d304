import { parse } from 'csv-parse/sync';
import { guardMoney } from './money-guard.ts';
import { COMMERCE_REGION_CURRENCY, COMMERCE_REGIONS, type CommerceRegion } from './regions.ts';
import { MAX_STOCK_LEVEL } from './stock-change.ts';

/**
 * The catalogue CSV of the back office (issue 20; format in README.md, "Catalogue CSV"): one row per variant,
 * prices per commerce region's currency, stock. Import changes stock and prices; the other columns help a person
 * find the row and must not be edited (a changed one is an error, a blank one is ignored). Row numbers are the
 * file's line numbers, the header being row 1, as a spreadsheet shows them.
 */

/** The highest price a cell may carry, in any currency. */
export const CSV_MAX_PRICE_CENTS = 100_000_000;
/** Rows one file may carry (the body limit of the page bounds it first). */
export const CSV_MAX_ROWS = 50_000;

const lower = (region: CommerceRegion) => COMMERCE_REGION_CURRENCY[region].toLowerCase();

/** `price_usd` and `sale_usd` per commerce region, in the order of COMMERCE_REGIONS. */
export const PRICE_COLUMNS = COMMERCE_REGIONS.flatMap((region) => [
  `price_${lower(region)}`,
  `sale_${lower(region)}`,
]);

export const CATALOGUE_CSV_COLUMNS = [
  'product_sku',
  'variant_sku',
  'name',
  'options',
  ...PRICE_COLUMNS,
  'stock',
  'published',
] as const;

/** Columns that identify a row for a person; the import compares them and never writes them. */
const REFERENCE_COLUMNS = ['product_sku', 'name', 'options', 'published'] as const;
type ReferenceColumn = (typeof REFERENCE_COLUMNS)[number];

export interface CsvRowError {
  /** The file's line (header = 1). */
  row: number;
  sku?: string;
  column?: string;
  message: string;
}

/** A price cell: cents, or null for an empty sale cell (no sale). Undefined: the column is absent or blank. */
export interface CsvRegionPrice {
  retail?: number;
  sale?: number | null;
}

export interface CatalogueCsvRow {
  row: number;
  variantSku: string;
  reference: Partial<Record<ReferenceColumn, string>>;
  prices: Partial<Record<CommerceRegion, CsvRegionPrice>>;
  stock?: number;
}

export interface ParsedCatalogueCsv {
  /** The rows that read well. */
  rows: CatalogueCsvRow[];
  errors: CsvRowError[];
  /** Data rows in the file (after the header), good or not. */
  total: number;
}

type Cell<T> = { ok: true; value: T } | { ok: false; message: string };

/** A price as written in a cell: 129.95 or 130 (dot decimal, up to two places), to cents. */
export function parsePriceCell(text: string): Cell<number> {
  const value = text.trim();
  if (/^-/.test(value)) return { ok: false, message: `"${value}" is negative; a price is 0 or more` };
  if (/^\d{1,3}(\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(value))
    return {
      ok: false,
      message: `"${value}" has a comma as decimal separator; write the cents after a dot (${value.replace(/\./g, '').replace(',', '.')})`,
    };
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(value))
    return { ok: false, message: `"${value}" has a thousands separator; write ${value.replace(/,/g, '')}` };
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return { ok: false, message: `"${value}" is not a price like 129.95` };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  if (cents > CSV_MAX_PRICE_CENTS)
    return { ok: false, message: `"${value}" is above ${CSV_MAX_PRICE_CENTS / 100}` };
  return { ok: true, value: cents };
}

/** A stock cell: a whole number from 0 to MAX_STOCK_LEVEL. */
export function parseStockCell(text: string): Cell<number> {
  const value = text.trim();
  if (value === '') return { ok: false, message: 'stock is empty; write the count (0 for sold out)' };
  if (/^-\d/.test(value))
    return {
      ok: false,
      message: `stock "${value}" is negative; stock is a count from 0 to ${MAX_STOCK_LEVEL}`,
    };
  if (!/^\d+$/.test(value)) return { ok: false, message: `stock "${value}" is not a whole number` };
  const count = Number(value);
  if (count > MAX_STOCK_LEVEL) return { ok: false, message: `stock ${value} is above ${MAX_STOCK_LEVEL}` };
  return { ok: true, value: count };
}

/** Cents as the file writes them: 129.95. */
export const formatCents = (cents: number) => (cents / 100).toFixed(2);

/** The export guards cells a spreadsheet would run as a formula with a quote; read them back without it. */
const unguard = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** Reads a catalogue CSV: the header, then every row's cells, each problem with its row and column. */
export function parseCatalogueCsv(text: string): ParsedCatalogueCsv {
  const errors: CsvRowError[] = [];
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return {
      rows: [],
      total: 0,
      errors: [
        {
          row: line ?? 1,
          message: `The file is not readable as CSV: ${(error as Error).message.replace(/^Invalid [^:]*: /, '')}`,
        },
      ],
    };
  }
  const [head, ...body] = records;
  if (!head)
    return { rows: [], total: 0, errors: [{ row: 1, message: 'The file is empty: it needs a header row' }] };
  const header = head.record.map((cell) => cell.trim().toLowerCase());
  const known = new Set<string>(CATALOGUE_CSV_COLUMNS);
  header.forEach((column, index) => {
    if (!known.has(column))
      errors.push({
        row: 1,
        column,
        message: `Unknown column "${head.record[index]}"; the columns are ${CATALOGUE_CSV_COLUMNS.join(', ')}`,
      });
    else if (header.indexOf(column) !== index)
      errors.push({ row: 1, column, message: `The column "${column}" appears twice` });
  });
  if (!header.includes('variant_sku')) {
    errors.push({ row: 1, column: 'variant_sku', message: 'The column variant_sku is missing' });
    return { rows: [], errors, total: body.length };
  }
  // A bad header does not hide the rows' problems: they are read through the known columns (an unknown or
  // repeated one is skipped) and reported in the same pass; nothing is imported while any error stands.
  if (body.length > CSV_MAX_ROWS)
    return {
      rows: [],
      total: body.length,
      errors: [
        { row: 1, message: `The file has ${body.length} rows; import at most ${CSV_MAX_ROWS} at a time` },
      ],
    };

  const rows: CatalogueCsvRow[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    const row = info.lines;
    const cell = (column: string) => {
      const index = header.indexOf(column);
      return index < 0 || !known.has(column) ? undefined : (record[index] ?? '').trim();
    };
    const sku = (cell('variant_sku') ?? '').toUpperCase();
    const fail = (message: string, column?: string) =>
      errors.push({ row, ...(sku ? { sku } : {}), ...(column ? { column } : {}), message });
    if (record.length !== header.length) {
      fail(`The row has ${record.length} cells; the header has ${header.length}`);
      continue;
    }
    if (!sku) {
      fail('variant_sku is empty', 'variant_sku');
      continue;
    }
    const first = seen.get(sku);
    if (first !== undefined) {
      fail(`Duplicate SKU ${sku}: it is on row ${first} too; give each variant one row`, 'variant_sku');
      continue;
    }
    seen.set(sku, row);
    const parsed: CatalogueCsvRow = { row, variantSku: sku, reference: {}, prices: {} };
    for (const column of REFERENCE_COLUMNS) {
      const value = cell(column);
      if (value) parsed.reference[column] = unguard(value);
    }
    const before = errors.length;
    for (const region of COMMERCE_REGIONS) {
      const retailColumn = `price_${lower(region)}`;
      const saleColumn = `sale_${lower(region)}`;
      const price: CsvRegionPrice = {};
      const retail = cell(retailColumn);
      if (retail) {
        const result = parsePriceCell(retail);
        if (result.ok) price.retail = result.value;
        else fail(`${retailColumn} ${result.message}`, retailColumn);
      }
      const sale = cell(saleColumn);
      if (sale !== undefined) {
        if (sale === '') price.sale = null;
        else {
          const result = parsePriceCell(sale);
          if (result.ok) price.sale = result.value;
          else fail(`${saleColumn} ${result.message}`, saleColumn);
        }
      }
      if (price.retail !== undefined || price.sale !== undefined) parsed.prices[region] = price;
    }
    const stock = cell('stock');
    if (stock !== undefined) {
      const result = parseStockCell(stock);
      if (result.ok) parsed.stock = result.value;
      else fail(result.message, 'stock');
    }
    if (errors.length === before) rows.push(parsed);
  }
  return { rows, errors, total: body.length };
}

/** What the catalogue holds of one variant now (prices are the product's, per region, in cents). */
export interface CatalogueVariantState {
  variantId: number;
  productId: number;
  productSku: string;
  name: string;
  options: string;
  published: boolean;
  stock: number;
  prices: Partial<Record<CommerceRegion, { retail: number; sale: number | null }>>;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface RowChange {
  row: number;
  variantSku: string;
  productSku: string;
  fields: FieldChange[];
}

export interface StockUpdate {
  variantId: number;
  productId: number;
  before: number;
  after: number;
}

export interface PriceUpdate {
  productId: number;
  regionId: CommerceRegion;
  retail: number;
  sale: number | null;
}

export interface CatalogueImportPlan {
  /** Data rows read. */
  rows: number;
  /** Rows that change something, in file order. */
  changes: RowChange[];
  /** Rows read that change nothing. */
  unchanged: number;
  errors: CsvRowError[];
  /**
   * Rows whose price drops by more than half (core/money-guard.ts): written only when the person confirms them
   * (the import page's tick); each names the row, its price column and the effect.
   */
  drops: CsvRowError[];
  stock: StockUpdate[];
  prices: PriceUpdate[];
}

/** Options as the file writes them: `Colour: Red; Size: M`. */
export const formatOptions = (options: readonly { name: string; label: string }[]) =>
  options.map((option) => `${option.name}: ${option.label}`).join('; ');

export const formatPublished = (published: boolean) => (published ? 'yes' : 'no');

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Compares the file with the catalogue: every row's changes (before → after) and every row's error (unknown SKU,
 * an edited reference column, rows of one product that change its price differently, a sale not below retail).
 * Prices belong to the product: one row may change them (the change is listed on that row) while the product's
 * other rows still carry the current price, which leaves them alone.
 */
export function planCatalogueImport(
  parsed: ParsedCatalogueCsv,
  current: ReadonlyMap<string, CatalogueVariantState>,
): CatalogueImportPlan {
  const errors = [...parsed.errors];
  const changes: RowChange[] = [];
  const stock: StockUpdate[] = [];
  const prices: PriceUpdate[] = [];
  const drops: CsvRowError[] = [];
  /**
   * Per product and region, the first row that changes its price, and the price it sets. Prices belong to the
   * product, so the other rows of the product may carry the price as it is (they leave it alone) or the same new
   * one; only two different new prices for one product are an error.
   */
  const priceChanges = new Map<string, { row: number; price: { retail?: number; sale: number | null } }>();
  const effective = (sent: CsvRegionPrice, now: CatalogueVariantState['prices'][CommerceRegion]) => ({
    retail: sent.retail ?? now?.retail,
    sale: sent.sale === undefined ? (now?.sale ?? null) : sent.sale,
  });
  for (const row of parsed.rows) {
    const state = current.get(row.variantSku);
    if (!state) continue;
    for (const region of COMMERCE_REGIONS) {
      const sent = row.prices[region];
      const key = `${state.productId}:${region}`;
      if (!sent || priceChanges.has(key)) continue;
      const now = state.prices[region];
      const price = effective(sent, now);
      if (!now || price.retail !== now.retail || price.sale !== now.sale)
        priceChanges.set(key, { row: row.row, price });
    }
  }
  let unchanged = 0;
  for (const row of parsed.rows) {
    const state = current.get(row.variantSku);
    const fail = (message: string, column?: string) =>
      errors.push({ row: row.row, sku: row.variantSku, ...(column ? { column } : {}), message });
    if (!state) {
      fail(`Unknown SKU ${row.variantSku}: no variant has it (the import changes variants, it adds none)`);
      continue;
    }
    const before = errors.length;
    const reference: Record<ReferenceColumn, string> = {
      product_sku: state.productSku,
      name: state.name,
      options: state.options,
      published: formatPublished(state.published),
    };
    for (const column of REFERENCE_COLUMNS) {
      const sent = row.reference[column];
      if (sent !== undefined && !sameText(sent, reference[column]))
        fail(
          `${column} "${sent}" differs from the catalogue's "${reference[column]}"; the import does not change ${column} (use the product page) — put back the exported value or leave the cell blank`,
          column,
        );
    }
    const fields: FieldChange[] = [];
    for (const region of COMMERCE_REGIONS) {
      const sent = row.prices[region];
      if (!sent) continue;
      const key = `${state.productId}:${region}`;
      const change = priceChanges.get(key);
      const currency = lower(region);
      const now = state.prices[region];
      if (!change) continue;
      if (change.row !== row.row) {
        const price = effective(sent, now);
        const keeps = now && price.retail === now.retail && price.sale === now.sale;
        const agrees = price.retail === change.price.retail && price.sale === change.price.sale;
        if (!keeps && !agrees)
          fail(
            `The ${currency.toUpperCase()} price differs from row ${change.row} of the same product (${state.productSku}), which changes it; prices belong to the product, so give its rows that price or the current one`,
            `price_${currency}`,
          );
        continue;
      }
      const retail = sent.retail ?? now?.retail;
      const sale = sent.sale === undefined ? (now?.sale ?? null) : sent.sale;
      if (retail === undefined) {
        // An empty sale cell of a product with no price in that currency changes nothing.
        if (sale !== null)
          fail(
            `sale_${currency} is set but the product has no ${currency.toUpperCase()} price; add price_${currency}`,
          );
        continue;
      }
      if (sale !== null && sale >= retail) {
        fail(
          `sale_${currency} ${formatCents(sale)} is not below price_${currency} ${formatCents(retail)}`,
          `sale_${currency}`,
        );
        continue;
      }
      if (now && now.retail === retail && now.sale === sale) continue;
      // What a shopper pays (the sale while one is set), before and after, through the money guard: a price
      // that would make the product free is an error, a drop of more than half waits for a confirmation.
      const pays = sale ?? retail;
      const column = `${sale === null ? 'price' : 'sale'}_${currency}`;
      const verdict = now
        ? guardMoney(
            [
              {
                productId: state.productId,
                name: state.name,
                before: (now.sale ?? now.retail) / 100,
                after: pays / 100,
              },
            ],
            { currency: currency.toUpperCase(), remedy: 'Write a price above 0.' },
          )
        : null;
      if (verdict?.verdict === 'refuse' || pays <= 0) {
        fail(
          `${column}: ${verdict?.verdict === 'refuse' ? verdict.message : `a first price of 0.00 would make ${state.name} free; write a price above 0.`}`,
          column,
        );
        continue;
      }
      if (verdict?.verdict === 'confirm')
        drops.push({ row: row.row, sku: row.variantSku, column, message: `${column}: ${verdict.message}` });
      if (!now || now.retail !== retail)
        fields.push({
          field: `price_${currency}`,
          before: now ? formatCents(now.retail) : '',
          after: formatCents(retail),
        });
      if ((now?.sale ?? null) !== sale)
        fields.push({
          field: `sale_${currency}`,
          before: now?.sale == null ? '' : formatCents(now.sale),
          after: sale === null ? '' : formatCents(sale),
        });
      prices.push({ productId: state.productId, regionId: region, retail, sale });
    }
    if (row.stock !== undefined && row.stock !== state.stock) {
      fields.push({ field: 'stock', before: String(state.stock), after: String(row.stock) });
      stock.push({
        variantId: state.variantId,
        productId: state.productId,
        before: state.stock,
        after: row.stock,
      });
    }
    if (errors.length !== before) continue;
    if (fields.length)
      changes.push({ row: row.row, variantSku: row.variantSku, productSku: state.productSku, fields });
    else unchanged++;
  }
  errors.sort((a, b) => a.row - b.row);
  const failed = errors.length > 0;
  return {
    rows: parsed.total,
    changes,
    unchanged,
    errors,
    drops: failed ? [] : drops,
    stock: failed ? [] : stock,
    prices: failed ? [] : prices,
  };
}

/** One export row of a variant, in CATALOGUE_CSV_COLUMNS order. */
export function catalogueCsvRecord(state: CatalogueVariantState & { variantSku: string }): string[] {
  const priceCells = COMMERCE_REGIONS.flatMap((region) => {
    const price = state.prices[region];
    return [price ? formatCents(price.retail) : '', price?.sale == null ? '' : formatCents(price.sale)];
  });
  return [
    state.productSku,
    state.variantSku,
    state.name,
    state.options,
    ...priceCells,
    String(state.stock),
    formatPublished(state.published),
  ];
}

import { parse } from 'csv-parse/sync';
import { guardMoney } from './money-guard.ts';
import { COMMERCE_REGION_CURRENCY, COMMERCE_REGIONS, type CommerceRegion } from './regions.ts';
import { MAX_STOCK_LEVEL } from './stock-change.ts';
import { DEFAULT_STORE_TIME_ZONE, formatStoreTime, parseStoreDateTime } from './store-time.ts';

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

/**
 * `price_usd`, `sale_usd`, `sale_start_usd` and `sale_end_usd` per commerce region, in the order of
 * COMMERCE_REGIONS. The sale's times are on the store's clock (STORE_TIME_ZONE, decision 0031).
 */
export const PRICE_COLUMNS = COMMERCE_REGIONS.flatMap((region) => [
  `price_${lower(region)}`,
  `sale_${lower(region)}`,
  `sale_start_${lower(region)}`,
  `sale_end_${lower(region)}`,
]);

/**
 * A variant's own price (issue 41, decision 0042) per commerce region: `variant_price_usd`, `variant_sale_usd`,
 * `variant_sale_start_usd`, `variant_sale_end_usd`. An empty `variant_price_` cell: the variant costs the product's
 * price (an own price it had is removed); a file without the column leaves own prices alone.
 */
export const VARIANT_PRICE_COLUMNS = COMMERCE_REGIONS.flatMap((region) => [
  `variant_price_${lower(region)}`,
  `variant_sale_${lower(region)}`,
  `variant_sale_start_${lower(region)}`,
  `variant_sale_end_${lower(region)}`,
]);

export const CATALOGUE_CSV_COLUMNS = [
  'product_sku',
  'variant_sku',
  'name',
  'options',
  ...PRICE_COLUMNS,
  ...VARIANT_PRICE_COLUMNS,
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

/**
 * A price cell: cents, or null for an empty sale cell (no sale). Undefined: the column is absent or blank. The
 * sale's times: an instant, null for an empty cell (no start: from now on; no end: until removed), undefined when
 * the column is absent (an older export), which leaves the stored time alone.
 */
export interface CsvRegionPrice {
  retail?: number;
  sale?: number | null;
  saleStartsAt?: Date | null;
  saleEndsAt?: Date | null;
}

/**
 * A variant's own price cells of a region: `retail` null for an empty `variant_price_` cell (no own price); the
 * sale and its times as for the product's price.
 */
export interface CsvVariantPrice {
  retail: number | null;
  sale?: number | null;
  saleStartsAt?: Date | null;
  saleEndsAt?: Date | null;
}

export interface CatalogueCsvRow {
  row: number;
  variantSku: string;
  reference: Partial<Record<ReferenceColumn, string>>;
  prices: Partial<Record<CommerceRegion, CsvRegionPrice>>;
  /** Only for the regions whose `variant_price_` column the file has. */
  variantPrices?: Partial<Record<CommerceRegion, CsvVariantPrice>>;
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

/** How the file writes a sale time: `2026-12-24 08:00` on the store's clock, what a person types. */
export const SALE_TIME_EXAMPLE = '2026-12-24 08:00';

const SALE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?$/;

/**
 * A sale start or end cell on the store's clock: `2026-12-24 08:00` (a `T` for the space, a one-digit hour or a
 * bare day, its midnight, are read too, as spreadsheets rewrite them); null for an empty cell (no time).
 */
export function parseSaleTimeCell(text: string, zone: string): Cell<Date | null> {
  const value = text.trim();
  if (value === '') return { ok: true, value: null };
  const match = SALE_TIME.exec(value);
  const pad = (part: string | undefined) => (part ?? '0').padStart(2, '0');
  const at = match
    ? parseStoreDateTime(
        `${match[1]}-${pad(match[2])}-${pad(match[3])}T${pad(match[4])}:${match[5] ?? '00'}`,
        zone,
      )
    : null;
  if (!at)
    return {
      ok: false,
      message: `"${value}" is not a date and time like ${SALE_TIME_EXAMPLE} (year-month-day hour:minute, ${zone} time); leave it empty for none`,
    };
  return { ok: true, value: at };
}

/** A sale time as the file writes it; empty for none. */
export const formatSaleTime = (at: Date | null | undefined, zone: string) =>
  at ? formatStoreTime(at, zone) : '';

/** Cents as the file writes them: 129.95. */
export const formatCents = (cents: number) => (cents / 100).toFixed(2);

/** The export guards cells a spreadsheet would run as a formula with a quote; read them back without it. */
const unguard = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/**
 * Reads a catalogue CSV: the header, then every row's cells, each problem with its row and column. Sale times are
 * read on the store's clock, `zone`.
 */
export function parseCatalogueCsv(text: string, zone: string = DEFAULT_STORE_TIME_ZONE): ParsedCatalogueCsv {
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
  for (const region of COMMERCE_REGIONS) {
    const priceColumn = `variant_price_${lower(region)}`;
    if (header.includes(priceColumn)) continue;
    for (const column of [
      `variant_sale_${lower(region)}`,
      `variant_sale_start_${lower(region)}`,
      `variant_sale_end_${lower(region)}`,
    ])
      if (header.includes(column))
        errors.push({
          row: 1,
          column,
          message: `The column ${column} needs the column ${priceColumn}: a variant's own sale belongs to its own price`,
        });
  }
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
      for (const [column, key] of [
        [`sale_start_${lower(region)}`, 'saleStartsAt'],
        [`sale_end_${lower(region)}`, 'saleEndsAt'],
      ] as const) {
        const time = cell(column);
        if (time === undefined) continue;
        const result = parseSaleTimeCell(time, zone);
        if (result.ok) price[key] = result.value;
        else fail(`${column} ${result.message}`, column);
      }
      if (Object.keys(price).length) parsed.prices[region] = price;
      const own = cell(`variant_price_${lower(region)}`);
      if (own === undefined) continue;
      const ownPrice: CsvVariantPrice = { retail: null };
      if (own) {
        const result = parsePriceCell(own);
        if (result.ok) ownPrice.retail = result.value;
        else fail(`variant_price_${lower(region)} ${result.message}`, `variant_price_${lower(region)}`);
      }
      const ownSale = cell(`variant_sale_${lower(region)}`);
      if (ownSale) {
        const result = parsePriceCell(ownSale);
        if (result.ok) ownPrice.sale = result.value;
        else fail(`variant_sale_${lower(region)} ${result.message}`, `variant_sale_${lower(region)}`);
      } else if (ownSale === '') ownPrice.sale = null;
      for (const [column, key] of [
        [`variant_sale_start_${lower(region)}`, 'saleStartsAt'],
        [`variant_sale_end_${lower(region)}`, 'saleEndsAt'],
      ] as const) {
        const time = cell(column);
        if (time === undefined) continue;
        const result = parseSaleTimeCell(time, zone);
        if (result.ok) ownPrice[key] = result.value;
        else fail(`${column} ${result.message}`, column);
      }
      parsed.variantPrices ??= {};
      parsed.variantPrices[region] = ownPrice;
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
  prices: Partial<Record<CommerceRegion, StoredPrice>>;
  /** The variant's own prices, by region (none: it costs the product's). */
  variantPrices?: Partial<Record<CommerceRegion, StoredPrice>>;
}

/** A region's stored price: cents, and the sale's times (none when absent). */
export interface StoredPrice {
  retail: number;
  sale: number | null;
  saleStartsAt?: Date | null;
  saleEndsAt?: Date | null;
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
  /** Written only when the file has the column (undefined: the stored time stays). */
  saleStartsAt?: Date | null;
  saleEndsAt?: Date | null;
}

/** A variant's own price to write in a region; `price` null removes it (the variant costs the product's). */
export interface VariantPriceUpdate {
  variantId: number;
  regionId: CommerceRegion;
  price: { retail: number; sale: number | null; saleStartsAt: Date | null; saleEndsAt: Date | null } | null;
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
  variantPrices: VariantPriceUpdate[];
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
  options: { zone?: string; now?: Date } = {},
): CatalogueImportPlan {
  const zone = options.zone ?? DEFAULT_STORE_TIME_ZONE;
  const at = options.now ?? new Date();
  // A time the file repeats to the minute on the store's clock is the stored one (the file has no seconds, and a
  // wall time the clocks pass twice reads as its first occurrence): it keeps the stored instant.
  const sameTime = (a: Date | null, b: Date | null) => formatSaleTime(a, zone) === formatSaleTime(b, zone);
  const timeOf = (sent: Date | null | undefined, stored: Date | null | undefined) =>
    sent === undefined || sameTime(sent, stored ?? null) ? (stored ?? null) : sent;
  const errors = [...parsed.errors];
  const changes: RowChange[] = [];
  const stock: StockUpdate[] = [];
  const prices: PriceUpdate[] = [];
  const variantPrices: VariantPriceUpdate[] = [];
  const drops: CsvRowError[] = [];
  /**
   * Per product and region, the first row that changes its price, and the price it sets. Prices belong to the
   * product, so the other rows of the product may carry the price as it is (they leave it alone) or the same new
   * one; only two different new prices for one product are an error.
   */
  const priceChanges = new Map<string, { row: number; price: Effective }>();
  type Effective = ReturnType<typeof effective>;
  const effective = (sent: CsvRegionPrice, now: StoredPrice | undefined) => ({
    retail: sent.retail ?? now?.retail,
    sale: sent.sale === undefined ? (now?.sale ?? null) : sent.sale,
    saleStartsAt: timeOf(sent.saleStartsAt, now?.saleStartsAt),
    saleEndsAt: timeOf(sent.saleEndsAt, now?.saleEndsAt),
  });
  const samePrice = (a: Effective, b: StoredPrice | Effective | undefined) =>
    b !== undefined &&
    a.retail === b.retail &&
    a.sale === b.sale &&
    (a.saleStartsAt?.getTime() ?? null) === (b.saleStartsAt?.getTime() ?? null) &&
    (a.saleEndsAt?.getTime() ?? null) === (b.saleEndsAt?.getTime() ?? null);
  // What a shopper pays: the sale counts unless its end has passed (a sale starting later is guarded when it is
  // saved, as the prices page does, server/commerce/price-admin.ts).
  const pays = (price: { retail: number; sale: number | null; saleEndsAt?: Date | null }) =>
    price.sale !== null && (!price.saleEndsAt || price.saleEndsAt > at) ? price.sale : price.retail;
  for (const row of parsed.rows) {
    const state = current.get(row.variantSku);
    if (!state) continue;
    for (const region of COMMERCE_REGIONS) {
      const sent = row.prices[region];
      const key = `${state.productId}:${region}`;
      if (!sent || priceChanges.has(key)) continue;
      const now = state.prices[region];
      const price = effective(sent, now);
      if (!samePrice(price, now)) priceChanges.set(key, { row: row.row, price });
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
        if (!samePrice(price, now) && !samePrice(price, change.price))
          fail(
            `The ${currency.toUpperCase()} price differs from row ${change.row} of the same product (${state.productSku}), which changes it; prices belong to the product, so give its rows that price or the current one`,
            `price_${currency}`,
          );
        continue;
      }
      const { retail, sale, saleStartsAt, saleEndsAt } = change.price;
      const startColumn = `sale_start_${currency}`;
      const endColumn = `sale_end_${currency}`;
      // A time the file sets anew (not the stored one repeated) needs a sale price to start or end.
      const newStart = saleStartsAt !== null && !sameTime(saleStartsAt, now?.saleStartsAt ?? null);
      const newEnd = saleEndsAt !== null && !sameTime(saleEndsAt, now?.saleEndsAt ?? null);
      if (sale === null && (newStart || newEnd)) {
        const column = newEnd ? endColumn : startColumn;
        fail(
          `${column} is set but sale_${currency} is empty; a sale ${newEnd ? 'end' : 'start'} needs a sale price: write sale_${currency} or empty ${column}`,
          column,
        );
        continue;
      }
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
      if (saleStartsAt && saleEndsAt && saleEndsAt <= saleStartsAt) {
        fail(
          `${endColumn} ${formatSaleTime(saleEndsAt, zone)} is not after ${startColumn} ${formatSaleTime(saleStartsAt, zone)}; a sale ends after it starts: write a later end or an earlier start`,
          endColumn,
        );
        continue;
      }
      if (newEnd && saleEndsAt <= at) {
        fail(
          `${endColumn} ${formatSaleTime(saleEndsAt, zone)} has already passed (${zone} time); write a later end, or empty the cell for a sale that runs until it is removed`,
          endColumn,
        );
        continue;
      }
      // What a shopper pays (the sale while it is in force), before and after, through the money guard: a price
      // that would make the product free is an error, a drop of more than half waits for a confirmation.
      const after = pays({ retail, sale, saleEndsAt });
      const column = `${after === sale ? 'sale' : 'price'}_${currency}`;
      const verdict = now
        ? guardMoney(
            [{ productId: state.productId, name: state.name, before: pays(now) / 100, after: after / 100 }],
            { currency: currency.toUpperCase(), remedy: 'Write a price above 0.' },
          )
        : null;
      if (verdict?.verdict === 'refuse' || after <= 0) {
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
      const update: PriceUpdate = { productId: state.productId, regionId: region, retail, sale };
      for (const [key, field] of [
        ['saleStartsAt', startColumn],
        ['saleEndsAt', endColumn],
      ] as const) {
        const stored = now?.[key] ?? null;
        const next = change.price[key];
        if ((stored?.getTime() ?? null) !== (next?.getTime() ?? null))
          fields.push({ field, before: formatSaleTime(stored, zone), after: formatSaleTime(next, zone) });
        // Written only where the file has the column; an older export leaves the stored times alone.
        if (sent[key] !== undefined) update[key] = next;
      }
      prices.push(update);
    }
    for (const region of COMMERCE_REGIONS) {
      const sent = row.variantPrices?.[region];
      if (!sent) continue;
      const currency = lower(region);
      const priceColumn = `variant_price_${currency}`;
      const saleColumn = `variant_sale_${currency}`;
      const startColumn = `variant_sale_start_${currency}`;
      const endColumn = `variant_sale_end_${currency}`;
      const stored = state.variantPrices?.[region];
      // What the variant falls back on: the product's price as this file leaves it.
      const planned = priceChanges.get(`${state.productId}:${region}`)?.price;
      const productPrice =
        planned?.retail !== undefined ? { ...planned, retail: planned.retail } : state.prices[region];
      const variantName = state.options ? `${state.name} (${state.options})` : state.name;
      const guard = (before: number | null, after: number, column: string) => {
        const verdict =
          before === null
            ? null
            : guardMoney(
                [{ productId: state.productId, name: variantName, before: before / 100, after: after / 100 }],
                {
                  currency: currency.toUpperCase(),
                  remedy: 'Write a price above 0.',
                },
              );
        if (verdict?.verdict === 'refuse' || after <= 0) {
          fail(
            `${column}: ${verdict?.verdict === 'refuse' ? verdict.message : `a price of 0.00 would make ${variantName} free; write a price above 0.`}`,
            column,
          );
          return false;
        }
        if (verdict?.verdict === 'confirm')
          drops.push({ row: row.row, sku: row.variantSku, column, message: `${column}: ${verdict.message}` });
        return true;
      };
      const cents = (value: number | null | undefined) => (value == null ? '' : formatCents(value));
      if (sent.retail === null) {
        const orphan = [
          [saleColumn, sent.sale != null],
          [startColumn, Boolean(sent.saleStartsAt)],
          [endColumn, Boolean(sent.saleEndsAt)],
        ].find(([, set]) => set);
        if (orphan) {
          fail(
            `${orphan[0]} is set but ${priceColumn} is empty; a variant's own sale needs its own price: write ${priceColumn} or empty ${orphan[0]}`,
            String(orphan[0]),
          );
          continue;
        }
        if (!stored) continue;
        if (!productPrice) {
          fail(
            `${priceColumn} is empty but the product has no ${currency.toUpperCase()} price for the variant to cost instead; write the variant's price or add price_${currency}`,
            priceColumn,
          );
          continue;
        }
        if (!guard(pays(stored), pays(productPrice), priceColumn)) continue;
        fields.push({ field: priceColumn, before: formatCents(stored.retail), after: '' });
        if (stored.sale !== null) fields.push({ field: saleColumn, before: cents(stored.sale), after: '' });
        variantPrices.push({ variantId: state.variantId, regionId: region, price: null });
        continue;
      }
      const sale = sent.sale === undefined ? (stored?.sale ?? null) : sent.sale;
      const saleStartsAt = timeOf(sent.saleStartsAt, stored?.saleStartsAt);
      const saleEndsAt = timeOf(sent.saleEndsAt, stored?.saleEndsAt);
      const newStart = saleStartsAt !== null && !sameTime(saleStartsAt, stored?.saleStartsAt ?? null);
      const newEnd = saleEndsAt !== null && !sameTime(saleEndsAt, stored?.saleEndsAt ?? null);
      if (sale === null && (newStart || newEnd)) {
        const column = newEnd ? endColumn : startColumn;
        fail(
          `${column} is set but ${saleColumn} is empty; a sale ${newEnd ? 'end' : 'start'} needs a sale price: write ${saleColumn} or empty ${column}`,
          column,
        );
        continue;
      }
      // Without a sale its times mean nothing: they go with it.
      const next = {
        retail: sent.retail,
        sale,
        saleStartsAt: sale === null ? null : saleStartsAt,
        saleEndsAt: sale === null ? null : saleEndsAt,
      };
      if (samePrice(next, stored)) continue;
      if (sale !== null && sale >= next.retail) {
        fail(
          `${saleColumn} ${formatCents(sale)} is not below ${priceColumn} ${formatCents(next.retail)}`,
          saleColumn,
        );
        continue;
      }
      if (next.saleStartsAt && next.saleEndsAt && next.saleEndsAt <= next.saleStartsAt) {
        fail(
          `${endColumn} ${formatSaleTime(next.saleEndsAt, zone)} is not after ${startColumn} ${formatSaleTime(next.saleStartsAt, zone)}; a sale ends after it starts: write a later end or an earlier start`,
          endColumn,
        );
        continue;
      }
      if (newEnd && next.saleEndsAt && next.saleEndsAt <= at) {
        fail(
          `${endColumn} ${formatSaleTime(next.saleEndsAt, zone)} has already passed (${zone} time); write a later end, or empty the cell for a sale that runs until it is removed`,
          endColumn,
        );
        continue;
      }
      const after = pays(next);
      const before = stored ? pays(stored) : productPrice ? pays(productPrice) : null;
      if (!guard(before, after, after === next.sale ? saleColumn : priceColumn)) continue;
      if (stored?.retail !== next.retail)
        fields.push({ field: priceColumn, before: cents(stored?.retail), after: formatCents(next.retail) });
      if ((stored?.sale ?? null) !== next.sale)
        fields.push({ field: saleColumn, before: cents(stored?.sale), after: cents(next.sale) });
      for (const [key, field] of [
        ['saleStartsAt', startColumn],
        ['saleEndsAt', endColumn],
      ] as const) {
        const was = stored?.[key] ?? null;
        if ((was?.getTime() ?? null) !== (next[key]?.getTime() ?? null))
          fields.push({ field, before: formatSaleTime(was, zone), after: formatSaleTime(next[key], zone) });
      }
      variantPrices.push({ variantId: state.variantId, regionId: region, price: next });
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
    variantPrices: failed ? [] : variantPrices,
  };
}

/** One export row of a variant, in CATALOGUE_CSV_COLUMNS order; sale times on the store's clock, `zone`. */
export function catalogueCsvRecord(
  state: CatalogueVariantState & { variantSku: string },
  zone: string = DEFAULT_STORE_TIME_ZONE,
): string[] {
  const priceCells = COMMERCE_REGIONS.flatMap((region) => {
    const price = state.prices[region];
    return [
      price ? formatCents(price.retail) : '',
      price?.sale == null ? '' : formatCents(price.sale),
      formatSaleTime(price?.saleStartsAt, zone),
      formatSaleTime(price?.saleEndsAt, zone),
    ];
  });
  const variantPriceCells = COMMERCE_REGIONS.flatMap((region) => {
    const price = state.variantPrices?.[region];
    return [
      price ? formatCents(price.retail) : '',
      price?.sale == null ? '' : formatCents(price.sale),
      formatSaleTime(price?.saleStartsAt, zone),
      formatSaleTime(price?.saleEndsAt, zone),
    ];
  });
  return [
    state.productSku,
    state.variantSku,
    state.name,
    state.options,
    ...priceCells,
    ...variantPriceCells,
    String(state.stock),
    formatPublished(state.published),
  ];
}

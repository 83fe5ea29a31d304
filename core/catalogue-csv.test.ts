import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_CSV_COLUMNS,
  type CatalogueVariantState,
  CSV_MAX_ROWS,
  catalogueCsvRecord,
  formatOptions,
  parseCatalogueCsv,
  parsePriceCell,
  parseSaleTimeCell,
  parseStockCell,
  planCatalogueImport,
} from './catalogue-csv.ts';

const HEADER = CATALOGUE_CSV_COLUMNS.join(',');

const state = (overrides: Partial<CatalogueVariantState> = {}): CatalogueVariantState => ({
  variantId: 11,
  productId: 1,
  productSku: 'RL-TRAIL',
  name: 'Trail',
  options: 'Colour: Red; Size: M',
  published: true,
  stock: 4,
  prices: {
    us: { retail: 12995, sale: null },
    ca: { retail: 17995, sale: 15995 },
    eu_region_1: { retail: 11995, sale: null },
  },
  ...overrides,
});

const catalogue = new Map<string, CatalogueVariantState>([
  ['RL-TRAIL-RED-M', state()],
  ['RL-TRAIL-RED-L', state({ variantId: 12, options: 'Colour: Red; Size: L', stock: 0 })],
  [
    'RL-PEAK-BLUE-S',
    state({
      variantId: 21,
      productId: 2,
      productSku: 'RL-PEAK',
      name: 'Peak',
      options: 'Colour: Blue; Size: S',
      stock: 9,
    }),
  ],
]);

const exported = (sku: string) => catalogueCsvRecord({ ...catalogue.get(sku)!, variantSku: sku }).join(',');

describe('catalogue CSV cells', () => {
  it('reads prices with a dot decimal to cents', () => {
    expect(parsePriceCell('129.95')).toEqual({ ok: true, value: 12995 });
    expect(parsePriceCell('130')).toEqual({ ok: true, value: 13000 });
    expect(parsePriceCell('0.5')).toEqual({ ok: true, value: 50 });
  });

  it('names a comma decimal separator, a thousands separator, a negative price and a word', () => {
    const comma = parsePriceCell('12,50');
    expect(comma.ok || comma.message).toContain('comma as decimal separator');
    expect(comma.ok || comma.message).toContain('12.50');
    expect(
      parsePriceCell('1.299,50').ok || (parsePriceCell('1.299,50') as { message: string }).message,
    ).toContain('1299.50');
    expect((parsePriceCell('1,299.50') as { message: string }).message).toContain('thousands separator');
    expect((parsePriceCell('-1') as { message: string }).message).toContain('negative');
    expect((parsePriceCell('free') as { message: string }).message).toContain('not a price');
    expect(parsePriceCell('12.345').ok).toBe(false);
  });

  it('writes options as name: label pairs', () => {
    expect(
      formatOptions([
        { name: 'Color', label: 'Red' },
        { name: 'Size', label: 'M' },
      ]),
    ).toBe('Color: Red; Size: M');
  });

  it('reads stock as a whole count from 0', () => {
    expect(parseStockCell('0')).toEqual({ ok: true, value: 0 });
    expect((parseStockCell('-3') as { message: string }).message).toContain('negative');
    expect((parseStockCell('2.5') as { message: string }).message).toContain('whole number');
    expect((parseStockCell('') as { message: string }).message).toContain('empty');
    expect(parseStockCell('1000001').ok).toBe(false);
  });
});

describe('parseCatalogueCsv', () => {
  it('round-trips an exported row unchanged', () => {
    const parsed = parseCatalogueCsv(`${HEADER}\r\n${exported('RL-TRAIL-RED-M')}\r\n`);
    expect(parsed.errors).toEqual([]);
    const plan = planCatalogueImport(parsed, catalogue);
    expect(plan).toMatchObject({ rows: 1, changes: [], unchanged: 1, errors: [], stock: [], prices: [] });
  });

  it('refuses unknown columns and a missing variant_sku column, naming them', () => {
    const parsed = parseCatalogueCsv('variant_sku,stock,colour\nRL-TRAIL-RED-M,3,red\n');
    // The rows are still read through the known columns, so their own problems show in the same pass.
    expect(parsed.rows.map((row) => [row.variantSku, row.stock])).toEqual([['RL-TRAIL-RED-M', 3]]);
    expect(parsed.errors).toEqual([
      expect.objectContaining({
        row: 1,
        column: 'colour',
        message: expect.stringContaining('Unknown column "colour"'),
      }),
    ]);
    expect(parseCatalogueCsv('sku,stock\nA,1\n').errors.map((error) => error.column)).toEqual([
      'sku',
      'variant_sku',
    ]);
  });

  it('numbers rows as a spreadsheet does and names each bad row and its problem', () => {
    const text = [
      'variant_sku,price_usd,stock',
      'RL-TRAIL-RED-M,12.50,3',
      '',
      'RL-TRAIL-RED-L,"12,50",3',
      'RL-PEAK-BLUE-S,10,-2',
      'rl-trail-red-m,10,1',
    ].join('\n');
    const parsed = parseCatalogueCsv(text);
    expect(parsed.total).toBe(4);
    expect(parsed.errors).toEqual([
      expect.objectContaining({
        row: 4,
        sku: 'RL-TRAIL-RED-L',
        column: 'price_usd',
        message: expect.stringContaining('comma'),
      }),
      expect.objectContaining({
        row: 5,
        sku: 'RL-PEAK-BLUE-S',
        column: 'stock',
        message: expect.stringContaining('negative'),
      }),
      expect.objectContaining({
        row: 6,
        sku: 'RL-TRAIL-RED-M',
        message: expect.stringContaining('on row 2 too'),
      }),
    ]);
    expect(parsed.rows.map((row) => row.row)).toEqual([2]);
  });

  it('reports a bad header and every bad row behind it in one pass', () => {
    const parsed = parseCatalogueCsv(
      '\uFEFFvariant_sku,stock,stock,price_usd,colour\nRL-A,x,1,1,red\nRL-B,2,2,-3,blue\nRL-C,4,4,5,green\n',
    );
    expect(parsed.errors.map((error) => [error.row, error.column])).toEqual([
      [1, 'stock'],
      [1, 'colour'],
      [2, 'stock'],
      [3, 'price_usd'],
    ]);
    expect(parsed.rows.map((row) => row.variantSku)).toEqual(['RL-C']);
    // The plan carries the header's errors and adds the rows' own (RL-C is no variant), and writes nothing.
    const planned = planCatalogueImport(parsed, catalogue);
    expect(planned.errors.map((error) => error.row)).toEqual([1, 1, 2, 3, 4]);
    expect(planned.stock).toEqual([]);
  });

  it('reads a blank sale cell as "no sale" and a blank price cell as "unchanged"', () => {
    const parsed = parseCatalogueCsv('variant_sku,price_cad,sale_cad\nRL-TRAIL-RED-M,,\n');
    expect(parsed.rows[0]!.prices).toEqual({ ca: { sale: null } });
  });

  it('refuses a row with too few cells and a file that is not CSV', () => {
    expect(parseCatalogueCsv('variant_sku,stock\nRL-A\n').errors[0]).toMatchObject({
      row: 2,
      message: expect.stringContaining('1 cells'),
    });
    expect(parseCatalogueCsv('variant_sku,stock\n"RL-A,3\n').errors[0]!.message).toContain('not readable');
  });
});

describe('planCatalogueImport', () => {
  const plan = (text: string) => planCatalogueImport(parseCatalogueCsv(text), catalogue);

  it('lists what changes, before and after, and skips unchanged rows', () => {
    const result = plan(
      'variant_sku,price_usd,sale_usd,stock\nRL-TRAIL-RED-M,139.95,,4\nRL-TRAIL-RED-L,139.95,,7\nRL-PEAK-BLUE-S,129.95,,9\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.unchanged).toBe(1);
    expect(result.changes).toEqual([
      {
        row: 2,
        variantSku: 'RL-TRAIL-RED-M',
        productSku: 'RL-TRAIL',
        fields: [{ field: 'price_usd', before: '129.95', after: '139.95' }],
      },
      {
        row: 3,
        variantSku: 'RL-TRAIL-RED-L',
        productSku: 'RL-TRAIL',
        fields: [{ field: 'stock', before: '0', after: '7' }],
      },
    ]);
    expect(result.prices).toEqual([{ productId: 1, regionId: 'us', retail: 13995, sale: null }]);
    expect(result.stock).toEqual([{ variantId: 12, productId: 1, before: 0, after: 7 }]);
  });

  it('ends a sale when its cell is emptied and keeps the retail price', () => {
    const result = plan('variant_sku,sale_cad\nRL-TRAIL-RED-M,\n');
    expect(result.prices).toEqual([{ productId: 1, regionId: 'ca', retail: 17995, sale: null }]);
    expect(result.changes[0]!.fields).toEqual([{ field: 'sale_cad', before: '159.95', after: '' }]);
  });

  it('names an unknown SKU, a sale not below retail, disagreeing rows of a product and an edited name', () => {
    const result = plan(
      [
        'variant_sku,name,price_usd,sale_usd',
        'RL-NOPE,,1,',
        'RL-TRAIL-RED-M,,100,100',
        'RL-TRAIL-RED-L,,101,',
        'RL-PEAK-BLUE-S,Summit,,',
      ].join('\n'),
    );
    expect(result.errors.map((error) => [error.row, error.message.slice(0, 30)])).toEqual([
      [2, 'Unknown SKU RL-NOPE: no varian'],
      [3, 'sale_usd 100.00 is not below p'],
      [4, 'The USD price differs from row'],
      [5, 'name "Summit" differs from the'],
    ]);
    expect(result.stock).toEqual([]);
    expect(result.prices).toEqual([]);
  });

  it('accepts one row changing a product’s price while its other rows keep the current price', () => {
    const result = plan('variant_sku,price_usd,sale_usd\nRL-TRAIL-RED-M,129.95,\nRL-TRAIL-RED-L,139.95,\n');
    expect(result.errors).toEqual([]);
    expect(result.changes.map((change) => [change.row, change.fields.map((field) => field.field)])).toEqual([
      [3, ['price_usd']],
    ]);
    expect(result.prices).toEqual([{ productId: 1, regionId: 'us', retail: 13995, sale: null }]);
    expect(result.unchanged).toBe(1);
  });

  it('accepts the same price on every row of a product and lists it once', () => {
    const result = plan('variant_sku,price_eur\nRL-TRAIL-RED-M,99\nRL-TRAIL-RED-L,99\n');
    expect(result.errors).toEqual([]);
    expect(result.changes.map((change) => change.row)).toEqual([2]);
    expect(result.unchanged).toBe(1);
  });

  it('sets a sale, adds a price the product lacked, and names a sale without any price', () => {
    const lacking = new Map(catalogue);
    lacking.set('RL-PEAK-BLUE-S', {
      ...catalogue.get('RL-PEAK-BLUE-S')!,
      published: false,
      prices: { us: { retail: 5000, sale: null } },
    });
    const result = planCatalogueImport(
      parseCatalogueCsv(
        'variant_sku,sale_usd,price_cad,sale_eur,published\nRL-TRAIL-RED-M,100,,,\nRL-PEAK-BLUE-S,,60,,no\n',
      ),
      lacking,
    );
    expect(result.errors).toEqual([]);
    expect(result.changes.map((change) => change.fields)).toEqual([
      [{ field: 'sale_usd', before: '', after: '100.00' }],
      [{ field: 'price_cad', before: '', after: '60.00' }],
    ]);
    const refused = planCatalogueImport(
      parseCatalogueCsv('variant_sku,sale_eur\nRL-PEAK-BLUE-S,10\n'),
      lacking,
    );
    expect(refused.errors[0]!.message).toContain('has no EUR price');
    expect(catalogueCsvRecord({ ...lacking.get('RL-PEAK-BLUE-S')!, variantSku: 'RL-PEAK-BLUE-S' })).toEqual([
      'RL-PEAK',
      'RL-PEAK-BLUE-S',
      'Peak',
      'Colour: Blue; Size: S',
      '50.00',
      ...Array(11).fill(''),
      // No own variant prices: the twelve variant_ columns are empty.
      ...Array(12).fill(''),
      '9',
      'no',
    ]);
  });

  it('refuses a price that makes a product free and lists a drop of more than half for confirmation (issue 40)', () => {
    const result = plan(
      [
        'variant_sku,price_usd,sale_usd,price_cad,sale_cad,price_eur',
        'RL-TRAIL-RED-M,0.00,,179.95,9.99,',
        'RL-PEAK-BLUE-S,,,,,',
      ].join('\n'),
    );
    expect(result.errors).toEqual([
      {
        row: 2,
        sku: 'RL-TRAIL-RED-M',
        column: 'price_usd',
        message:
          'price_usd: This would make Trail free or less: the lowest becomes $0.00. Write a price above 0.',
      },
    ]);
    expect(result.drops).toEqual([]);

    const drop = plan('variant_sku,sale_cad,price_eur\nRL-TRAIL-RED-M,9.99,59.97\n');
    expect(drop.errors).toEqual([]);
    expect(drop.drops).toEqual([
      {
        row: 2,
        sku: 'RL-TRAIL-RED-M',
        column: 'sale_cad',
        message: 'sale_cad: This lowers the price of Trail by more than half, to C$9.99.',
      },
      {
        row: 2,
        sku: 'RL-TRAIL-RED-M',
        column: 'price_eur',
        message: 'price_eur: This lowers the price of Trail by more than half, to 59,97 €.',
      },
    ]);
    // The drops are planned: the import writes them once they are confirmed.
    expect(drop.prices).toHaveLength(2);

    const lacking = new Map([
      [
        'RL-PEAK-BLUE-S',
        { ...catalogue.get('RL-PEAK-BLUE-S')!, prices: { us: { retail: 5000, sale: null } } },
      ],
    ]);
    const first = planCatalogueImport(
      parseCatalogueCsv('variant_sku,price_cad\nRL-PEAK-BLUE-S,0\n'),
      lacking,
    );
    expect(first.errors[0]).toMatchObject({
      column: 'price_cad',
      message: 'price_cad: a first price of 0.00 would make Peak free; write a price above 0.',
    });
  });

  it('reads back a cell the export guarded against spreadsheet formulas', () => {
    const guarded = new Map([['RL-TRAIL-RED-M', { ...catalogue.get('RL-TRAIL-RED-M')!, name: '-Trail' }]]);
    const result = planCatalogueImport(
      parseCatalogueCsv(`variant_sku,name\nRL-TRAIL-RED-M,'-Trail\n`),
      guarded,
    );
    expect(result).toMatchObject({ errors: [], unchanged: 1 });
  });
});

describe('catalogue CSV files that cannot be read', () => {
  it('names an empty file, a doubled column, an empty SKU, a price too high and too many rows', () => {
    expect(parseCatalogueCsv('').errors[0]!.message).toContain('empty');
    expect(parseCatalogueCsv('variant_sku,stock,stock\n').errors[0]!.message).toContain('appears twice');
    expect(parseCatalogueCsv('variant_sku,stock\n,3\n').errors[0]).toMatchObject({
      row: 2,
      column: 'variant_sku',
      message: 'variant_sku is empty',
    });
    expect(parseCatalogueCsv('variant_sku,price_usd\nRL-A,1000001\n').errors[0]!.message).toContain('above');
    const many = `variant_sku\n${Array.from({ length: CSV_MAX_ROWS + 1 }, (_, i) => `RL-${i}`).join('\n')}\n`;
    expect(parseCatalogueCsv(many).errors[0]!.message).toContain(`at most ${CSV_MAX_ROWS}`);
  });
});

describe('sale start and end columns', () => {
  const zone = 'America/Denver';
  const at = (iso: string) => new Date(iso);
  // 2026-12-24 08:00 in Denver (UTC−7 in winter) is 15:00 UTC; the stored start carries seconds the file has not.
  const scheduled = (): CatalogueVariantState =>
    state({
      prices: {
        us: {
          retail: 12995,
          sale: 9995,
          saleStartsAt: at('2026-12-24T15:00:30Z'),
          saleEndsAt: at('2027-01-02T06:59:00Z'),
        },
        ca: { retail: 17995, sale: 15995 },
        eu_region_1: { retail: 11995, sale: null },
      },
    });
  const now = at('2026-12-07T10:00:00Z');
  const withSchedule = () => new Map([['RL-TRAIL-RED-M', scheduled()]]);
  const planIn = (text: string, current = withSchedule()) =>
    planCatalogueImport(parseCatalogueCsv(text, zone), current, { zone, now });

  it('reads a time on the store clock as a person or a spreadsheet writes it, empty as none', () => {
    expect(parseSaleTimeCell('2026-12-24 08:00', zone)).toEqual({
      ok: true,
      value: at('2026-12-24T15:00:00Z'),
    });
    expect(parseSaleTimeCell('2026-12-24T08:00', zone)).toEqual({
      ok: true,
      value: at('2026-12-24T15:00:00Z'),
    });
    expect(parseSaleTimeCell(' 2026-12-24 8:00 ', zone)).toEqual({
      ok: true,
      value: at('2026-12-24T15:00:00Z'),
    });
    expect(parseSaleTimeCell('2026-12-24', zone)).toEqual({ ok: true, value: at('2026-12-24T07:00:00Z') });
    expect(parseSaleTimeCell('', zone)).toEqual({ ok: true, value: null });
    expect(parseSaleTimeCell('2026-12-24 08:00', 'UTC')).toEqual({
      ok: true,
      value: at('2026-12-24T08:00:00Z'),
    });
    for (const bad of ['24/12/2026 08:00', '2026-02-30 08:00', '2026-12-24 24:00', 'soon']) {
      const result = parseSaleTimeCell(bad, zone);
      expect(result.ok || result.message).toBe(
        `"${bad}" is not a date and time like 2026-12-24 08:00 (year-month-day hour:minute, America/Denver time); leave it empty for none`,
      );
    }
  });

  it('exports the sale times on the store clock, to the minute, and empty when there are none', () => {
    const cells = catalogueCsvRecord({ ...scheduled(), variantSku: 'RL-TRAIL-RED-M' }, zone);
    const column = (name: string) => cells[CATALOGUE_CSV_COLUMNS.indexOf(name as never)];
    expect(column('sale_start_usd')).toBe('2026-12-24 08:00');
    expect(column('sale_end_usd')).toBe('2027-01-01 23:59');
    expect(column('sale_start_cad')).toBe('');
    expect(column('sale_end_eur')).toBe('');
    expect(CATALOGUE_CSV_COLUMNS.slice(4, 8)).toEqual([
      'price_usd',
      'sale_usd',
      'sale_start_usd',
      'sale_end_usd',
    ]);
  });

  it('reads an exported row back unchanged, seconds and an expired end included', () => {
    const current = withSchedule();
    const expired = scheduled();
    expired.prices.us!.saleEndsAt = at('2026-12-01T00:00:00Z');
    current.set('RL-TRAIL-RED-L', { ...expired, variantId: 12, productId: 3 });
    const rows = [...current].map(([sku, value]) =>
      catalogueCsvRecord({ ...value, variantSku: sku }, zone).join(','),
    );
    const result = planIn([HEADER, ...rows].join('\n'), current);
    expect(result).toMatchObject({ errors: [], changes: [], unchanged: 2, prices: [] });
  });

  it('changes a sale end and writes only the columns the file has', () => {
    const result = planIn('variant_sku,sale_end_usd\nRL-TRAIL-RED-M,2027-01-15 18:00\n');
    expect(result.errors).toEqual([]);
    expect(result.changes[0]!.fields).toEqual([
      { field: 'sale_end_usd', before: '2027-01-01 23:59', after: '2027-01-15 18:00' },
    ]);
    expect(result.prices).toEqual([
      { productId: 1, regionId: 'us', retail: 12995, sale: 9995, saleEndsAt: at('2027-01-16T01:00:00Z') },
    ]);
    const cleared = planIn('variant_sku,sale_start_usd,sale_end_usd\nRL-TRAIL-RED-M,,\n');
    expect(cleared.prices[0]).toMatchObject({ saleStartsAt: null, saleEndsAt: null });
    expect(cleared.changes[0]!.fields.map((field) => [field.field, field.after])).toEqual([
      ['sale_start_usd', ''],
      ['sale_end_usd', ''],
    ]);
  });

  it('keeps the stored times when the file has no sale time columns (an older export)', () => {
    const result = planIn('variant_sku,sale_usd\nRL-TRAIL-RED-M,89.95\n');
    expect(result.errors).toEqual([]);
    expect(result.prices).toEqual([{ productId: 1, regionId: 'us', retail: 12995, sale: 8995 }]);
    // The stored end still bounds a new start.
    const late = planIn('variant_sku,sale_start_usd\nRL-TRAIL-RED-M,2027-01-05 08:00\n');
    expect(late.errors[0]).toMatchObject({ row: 2, column: 'sale_end_usd' });
  });

  it('names an end not after the start, a time without a sale price and an end already past, on their rows', () => {
    const current = withSchedule();
    current.set('RL-PEAK-BLUE-S', {
      ...scheduled(),
      variantId: 21,
      productId: 2,
      productSku: 'RL-PEAK',
      name: 'Peak',
    });
    current.set('RL-FELL-GREY-M', {
      ...scheduled(),
      variantId: 31,
      productId: 4,
      productSku: 'RL-FELL',
      name: 'Fell',
    });
    current.set('RL-RIDGE-RED-L', {
      ...scheduled(),
      variantId: 41,
      productId: 5,
      productSku: 'RL-RIDGE',
      name: 'Ridge',
    });
    const result = planIn(
      [
        'variant_sku,sale_usd,sale_start_usd,sale_end_usd,sale_start_eur',
        'RL-TRAIL-RED-M,99.95,2026-12-24 08:00,2026-12-24 08:00,',
        'RL-PEAK-BLUE-S,,2026-12-24 08:00,2027-02-01 08:00,',
        'RL-FELL-GREY-M,99.95,,2026-12-01 08:00,',
        'RL-RIDGE-RED-L,99.95,2026-12-24 08:00,2027-01-01 23:59,2026-12-24 08:00',
      ].join('\n'),
      current,
    );
    expect(result.errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [
        2,
        'sale_end_usd',
        'sale_end_usd 2026-12-24 08:00 is not after sale_start_usd 2026-12-24 08:00; a sale ends after it starts: write a later end or an earlier start',
      ],
      [
        3,
        'sale_end_usd',
        'sale_end_usd is set but sale_usd is empty; a sale end needs a sale price: write sale_usd or empty sale_end_usd',
      ],
      [
        4,
        'sale_end_usd',
        'sale_end_usd 2026-12-01 08:00 has already passed (America/Denver time); write a later end, or empty the cell for a sale that runs until it is removed',
      ],
      [
        5,
        'sale_start_eur',
        'sale_start_eur is set but sale_eur is empty; a sale start needs a sale price: write sale_eur or empty sale_start_eur',
      ],
    ]);
    expect(result.prices).toEqual([]);
  });

  it('keeps the stored times when a sale is emptied and the file repeats them', () => {
    const result = planIn(
      'variant_sku,sale_usd,sale_start_usd,sale_end_usd\nRL-TRAIL-RED-M,,2026-12-24 08:00,2027-01-01 23:59\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.prices).toEqual([
      {
        productId: 1,
        regionId: 'us',
        retail: 12995,
        sale: null,
        saleStartsAt: at('2026-12-24T15:00:30Z'),
        saleEndsAt: at('2027-01-02T06:59:00Z'),
      },
    ]);
  });

  it('reports every bad date in one pass, naming row and column', () => {
    const current = withSchedule();
    current.set('RL-TRAIL-RED-L', { ...scheduled(), variantId: 12 });
    const parsed = parseCatalogueCsv(
      'variant_sku,sale_start_usd,sale_end_cad\nRL-TRAIL-RED-M,12/24/2026 8:00,\nRL-TRAIL-RED-L,,2026-13-01 08:00\n',
      zone,
    );
    expect(parsed.errors.map((error) => [error.row, error.sku, error.column])).toEqual([
      [2, 'RL-TRAIL-RED-M', 'sale_start_usd'],
      [3, 'RL-TRAIL-RED-L', 'sale_end_cad'],
    ]);
    expect(parsed.errors[0]!.message).toMatch(
      /^sale_start_usd "12\/24\/2026 8:00" is not a date and time like/,
    );
    expect(planCatalogueImport(parsed, current, { zone, now }).errors).toHaveLength(2);
  });

  it('guards what a shopper pays: an expired sale set running again is a drop to confirm', () => {
    const current = withSchedule();
    const expired = scheduled();
    expired.prices.us = {
      retail: 12995,
      sale: 4995,
      saleStartsAt: null,
      saleEndsAt: at('2026-12-01T00:00:00Z'),
    };
    current.set('RL-TRAIL-RED-M', expired);
    const result = planIn('variant_sku,sale_end_usd\nRL-TRAIL-RED-M,2026-12-31 23:00\n', current);
    expect(result.errors).toEqual([]);
    expect(result.drops).toEqual([
      {
        row: 2,
        sku: 'RL-TRAIL-RED-M',
        column: 'sale_usd',
        message: 'sale_usd: This lowers the price of Trail by more than half, to $49.95.',
      },
    ]);
    // Moving a sale's end earlier leaves what a shopper pays: no confirmation.
    const ending = planIn('variant_sku,sale_end_usd\nRL-TRAIL-RED-M,2026-12-30 08:00\n');
    expect(ending).toMatchObject({ errors: [], drops: [] });
    expect(ending.prices).toHaveLength(1);
  });

  it('names a sale time for a currency the product has no price in', () => {
    const result = planIn(
      'variant_sku,sale_start_eur\nRL-TRAIL-RED-M,2026-12-24 08:00\n',
      new Map([['RL-TRAIL-RED-M', state({ prices: {} })]]),
    );
    expect(result.errors[0]).toMatchObject({ row: 2, column: 'sale_start_eur' });
    // An empty time cell of a currency without a price changes nothing.
    const empty = planIn(
      'variant_sku,sale_end_eur\nRL-TRAIL-RED-M,\n',
      new Map([['RL-TRAIL-RED-M', state({ prices: {} })]]),
    );
    expect(empty).toMatchObject({ errors: [], changes: [], unchanged: 1 });
  });
});

describe('variant price columns (issue 41, decision 0042)', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const own = { retail: 14995, sale: null, saleStartsAt: null, saleEndsAt: null };
  const sized = new Map<string, CatalogueVariantState>([
    ['RL-TRAIL-RED-M', state()],
    [
      'RL-TRAIL-RED-XL',
      state({ variantId: 13, options: 'Colour: Red; Size: XL', variantPrices: { us: own } }),
    ],
    ['RL-PLAIN', state({ variantId: 14, productId: 3, productSku: 'RL-PLAIN', options: '', prices: {} })],
  ]);
  const plan = (text: string, catalogueState = sized) =>
    planCatalogueImport(parseCatalogueCsv(text, 'UTC'), catalogueState, { zone: 'UTC', now });

  it('exports a variant’s own price, sale and times and reads the row back unchanged', () => {
    const withSale = new Map(sized);
    withSale.set('RL-TRAIL-RED-XL', {
      ...sized.get('RL-TRAIL-RED-XL')!,
      variantPrices: {
        us: {
          retail: 14995,
          sale: 11995,
          saleStartsAt: new Date('2026-12-24T08:00:00Z'),
          saleEndsAt: new Date('2026-12-31T20:00:00Z'),
        },
      },
    });
    const record = catalogueCsvRecord(
      { ...withSale.get('RL-TRAIL-RED-XL')!, variantSku: 'RL-TRAIL-RED-XL' },
      'UTC',
    );
    const start = CATALOGUE_CSV_COLUMNS.indexOf('variant_price_usd');
    expect(record.slice(start, start + 4)).toEqual([
      '149.95',
      '119.95',
      '2026-12-24 08:00',
      '2026-12-31 20:00',
    ]);
    const result = plan(`${HEADER}\n${record.join(',')}\n`, withSale);
    expect(result.errors).toEqual([]);
    expect(result.unchanged).toBe(1);
    expect(result.variantPrices).toEqual([]);
  });

  it('gives a size its own price, and an emptied cell hands it back to the product’s price', () => {
    const result = plan(
      'variant_sku,variant_price_usd,variant_sale_usd\nRL-TRAIL-RED-M,139.95,129.95\nRL-TRAIL-RED-XL,,\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.changes.map((change) => change.fields)).toEqual([
      [
        { field: 'variant_price_usd', before: '', after: '139.95' },
        { field: 'variant_sale_usd', before: '', after: '129.95' },
      ],
      [{ field: 'variant_price_usd', before: '149.95', after: '' }],
    ]);
    expect(result.variantPrices).toEqual([
      {
        variantId: 11,
        regionId: 'us',
        price: { retail: 13995, sale: 12995, saleStartsAt: null, saleEndsAt: null },
      },
      { variantId: 13, regionId: 'us', price: null },
    ]);
    // A file without the columns, or an empty cell of a variant without an own price, leaves own prices alone.
    expect(plan('variant_sku,stock\nRL-TRAIL-RED-XL,4\n').variantPrices).toEqual([]);
    expect(plan('variant_sku,variant_price_usd\nRL-TRAIL-RED-M,\n').unchanged).toBe(1);
  });

  it('removing an own price that had a sale lists the sale going too, guarded against the product’s price', () => {
    const onSale = new Map(sized);
    onSale.set('RL-TRAIL-RED-XL', {
      ...sized.get('RL-TRAIL-RED-XL')!,
      variantPrices: { us: { ...own, retail: 40000, sale: 30000 } },
    });
    const result = plan('variant_sku,variant_price_usd,variant_sale_usd\nRL-TRAIL-RED-XL,,\n', onSale);
    expect(result.changes[0]!.fields).toEqual([
      { field: 'variant_price_usd', before: '400.00', after: '' },
      { field: 'variant_sale_usd', before: '300.00', after: '' },
    ]);
    // 300.00 → the product's 129.95 is a drop of more than half: it waits for a confirmation, naming the size.
    expect(result.drops[0]!.message).toContain('Trail (Colour: Red; Size: XL)');
    expect(result.drops[0]!.column).toBe('variant_price_usd');
  });

  it('measures a new own price against the product’s price as the same file leaves it', () => {
    const result = plan('variant_sku,price_usd,variant_price_usd\nRL-TRAIL-RED-M,300,100\n');
    expect(result.errors).toEqual([]);
    expect(result.drops.map((drop) => drop.column)).toEqual(['variant_price_usd']);
    expect(result.prices).toHaveLength(1);
    expect(result.variantPrices).toHaveLength(1);
  });

  it('refuses an own price of 0 and a sale that makes a size free, naming the variant', () => {
    const result = plan(
      'variant_sku,variant_price_usd,variant_sale_usd\nRL-TRAIL-RED-M,0,\nRL-TRAIL-RED-XL,149.95,0\nRL-PLAIN,0,\n',
    );
    expect(result.errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'variant_price_usd'],
      [3, 'variant_sale_usd'],
      [4, 'variant_price_usd'],
    ]);
    expect(result.errors[1]!.message).toContain('Trail (Colour: Red; Size: XL)');
    expect(result.errors[2]!.message).toContain('make Trail free');
    expect(result.variantPrices).toEqual([]);
  });

  it('names every bad own price in one pass: sale not below, sale without price, times, the product lacking a price', () => {
    const lacking = new Map(sized);
    lacking.set('RL-TRAIL-RED-XL', { ...sized.get('RL-TRAIL-RED-XL')!, prices: {} });
    const result = plan(
      [
        'variant_sku,variant_price_usd,variant_sale_usd,variant_sale_start_usd,variant_sale_end_usd',
        'RL-TRAIL-RED-M,100,100,,',
        'RL-TRAIL-RED-XL,,,,',
        'RL-PLAIN,,90,,',
        'RL-TRAIL-RED-M2,,,,',
      ].join('\n'),
      new Map([...lacking, ['RL-TRAIL-RED-M2', state({ variantId: 15 })]]),
    );
    expect(result.errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'variant_sale_usd'],
      [3, 'variant_price_usd'],
      [4, 'variant_sale_usd'],
    ]);
    expect(result.errors[0]!.message).toContain('is not below variant_price_usd');
    expect(result.errors[1]!.message).toContain('no USD price for the variant to cost instead');
    expect(result.errors[2]!.message).toContain("a variant's own sale needs its own price");
    const times = plan(
      [
        'variant_sku,variant_price_usd,variant_sale_usd,variant_sale_start_usd,variant_sale_end_usd',
        'RL-TRAIL-RED-M,150,120,2026-12-20 10:00,2026-12-10 10:00',
        'RL-TRAIL-RED-XL,150,,2026-12-20 10:00,',
        'RL-PLAIN,150,120,,2026-11-01 10:00',
        'RL-TRAIL-RED-M2,,,,2026-12-20 10:00',
      ].join('\n'),
      new Map([...sized, ['RL-TRAIL-RED-M2', state({ variantId: 15 })]]),
    );
    expect(times.errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'variant_sale_end_usd'],
      [3, 'variant_sale_start_usd'],
      [4, 'variant_sale_end_usd'],
      [5, 'variant_sale_end_usd'],
    ]);
    expect(times.errors[0]!.message).toContain('is not after variant_sale_start_usd');
    expect(times.errors[1]!.message).toContain('a sale start needs a sale price');
    expect(times.errors[2]!.message).toContain('has already passed');
  });

  it('sets a scheduled own sale and lists its times', () => {
    const result = plan(
      'variant_sku,variant_price_usd,variant_sale_usd,variant_sale_start_usd,variant_sale_end_usd\nRL-TRAIL-RED-XL,149.95,119.95,2026-12-24 08:00,2026-12-31 20:00\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.changes[0]!.fields).toEqual([
      { field: 'variant_sale_usd', before: '', after: '119.95' },
      { field: 'variant_sale_start_usd', before: '', after: '2026-12-24 08:00' },
      { field: 'variant_sale_end_usd', before: '', after: '2026-12-31 20:00' },
    ]);
  });

  it('reads bad variant cells and refuses a variant sale column without its price column', () => {
    const parsed = parseCatalogueCsv(
      'variant_sku,variant_price_usd,variant_sale_usd,variant_sale_start_usd,variant_sale_end_cad\nRL-TRAIL-RED-M,-1,5O,abc,x\n',
      'UTC',
    );
    expect(parsed.errors.map((error) => [error.row, error.column])).toEqual([
      [1, 'variant_sale_end_cad'],
      [2, 'variant_price_usd'],
      [2, 'variant_sale_usd'],
      [2, 'variant_sale_start_usd'],
    ]);
    expect(parsed.errors[0]!.message).toContain('needs the column variant_price_cad');
  });
});

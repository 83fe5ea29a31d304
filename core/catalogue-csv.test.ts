import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_CSV_COLUMNS,
  type CatalogueVariantState,
  CSV_MAX_ROWS,
  catalogueCsvRecord,
  formatOptions,
  parseCatalogueCsv,
  parsePriceCell,
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
      '',
      '',
      '',
      '',
      '',
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

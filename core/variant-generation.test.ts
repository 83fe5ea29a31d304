import { describe, expect, it } from 'vitest';
import {
  combinations,
  generateVariants,
  MAX_VARIANTS,
  optionProblems,
  splitValues,
  valueCode,
  valueSlug,
} from './variant-generation.ts';

const COLOUR = { name: 'Colour', values: ['Spruce', 'Ember'] };
const SIZE = { name: 'Size', values: ['21"', '25"', '30"'] };

describe('valueCode and valueSlug', () => {
  it('keeps letters and digits, upper case, anything else a single dash', () => {
    expect(valueCode('21"')).toBe('21');
    expect(valueCode('Dark  Sky')).toBe('DARK-SKY');
    expect(valueCode(' Crème brûlée ')).toBe('CREME-BRULEE');
    expect(valueCode('"?"')).toBe('');
    expect(valueSlug('Dark Sky')).toBe('dark-sky');
  });
});

describe('splitValues', () => {
  it('splits on commas and new lines and drops blanks', () => {
    expect(splitValues('Spruce, Ember,,\n Glacier \n')).toEqual(['Spruce', 'Ember', 'Glacier']);
    expect(splitValues('  ')).toEqual([]);
  });
});

describe('optionProblems', () => {
  it('accepts two colours and three sizes', () => {
    expect(optionProblems([COLOUR, SIZE])).toEqual([]);
    expect(optionProblems([])).toEqual([]);
  });

  it('refuses an option with no values', () => {
    expect(optionProblems([COLOUR, { name: 'Size', values: [] }])).toEqual([
      { option: 1, part: 'values', message: 'Give the option at least one value.' },
    ]);
    expect(optionProblems([{ name: 'Size', values: [' '] }])[0]?.part).toBe('values');
    expect(optionProblems([{ name: 'Size', values: ['21"', ' '] }])).toEqual([
      { option: 0, part: 'values', message: 'A value is blank: type it or leave it out.' },
    ]);
  });

  it('refuses a value listed twice, ignoring case and spaces', () => {
    expect(optionProblems([{ name: 'Colour', values: ['Spruce', ' spruce'] }])).toEqual([
      { option: 0, part: 'values', message: 'spruce is listed twice.' },
    ]);
  });

  it('refuses two options of one name and an option without a name', () => {
    const problems = optionProblems([
      COLOUR,
      { name: 'colour', values: ['Red'] },
      { name: ' ', values: ['A'] },
    ]);
    expect(problems).toEqual([
      { option: 1, part: 'name', message: 'There is already an option called colour.' },
      { option: 2, part: 'name', message: 'Name the option (e.g. Colour).' },
    ]);
  });

  it('refuses long names and values, values with no SKU code and values whose codes clash', () => {
    expect(optionProblems([{ name: 'x'.repeat(41), values: ['A'] }])[0]?.message).toMatch(/under 40/);
    expect(optionProblems([{ name: 'Colour', values: ['y'.repeat(41)] }])[0]?.message).toMatch(/under 40/);
    expect(optionProblems([{ name: 'Size', values: ['"'] }])[0]?.message).toBe(
      '" needs a letter or a digit (it becomes part of the SKU).',
    );
    expect(optionProblems([{ name: 'Colour', values: ['Dark Sky', 'Dark-Sky'] }])[0]?.message).toBe(
      'Dark-Sky would get the same SKU code as another value; name it differently.',
    );
  });

  it('refuses more than three options, thirty values per option and too many variants', () => {
    const many = Array.from({ length: 4 }, (_, index) => ({ name: `O${index}`, values: ['A'] }));
    expect(optionProblems(many)).toEqual([
      { option: null, part: 'all', message: 'A product has at most 3 options.' },
    ]);
    const values = Array.from({ length: 31 }, (_, index) => `V${index}`);
    expect(optionProblems([{ name: 'Size', values }])[0]?.message).toMatch(/at most 30 values/);
    const sixteen = Array.from({ length: 16 }, (_, index) => `V${index}`);
    const problems = optionProblems([
      { name: 'A', values: sixteen },
      { name: 'B', values: sixteen },
    ]);
    expect(problems).toEqual([
      {
        option: null,
        part: 'all',
        message: `These options make 256 variants; a product has at most ${MAX_VARIANTS}.`,
      },
    ]);
  });
});

describe('combinations', () => {
  it('is the cartesian product, the first option varying slowest', () => {
    const all = combinations([COLOUR, SIZE]);
    expect(all).toHaveLength(6);
    expect(all[0]).toEqual([
      { option: 'Colour', value: 'Spruce' },
      { option: 'Size', value: '21"' },
    ]);
    expect(all[5]).toEqual([
      { option: 'Colour', value: 'Ember' },
      { option: 'Size', value: '30"' },
    ]);
    expect(combinations([])).toEqual([]);
  });
});

describe('generateVariants', () => {
  it('names each variant after the product SKU and its values, upper case and unique', () => {
    const variants = generateVariants('rs-trail', [COLOUR, SIZE]);
    expect(variants.map((variant) => variant.sku)).toEqual([
      'RS-TRAIL-SPRUCE-21',
      'RS-TRAIL-SPRUCE-25',
      'RS-TRAIL-SPRUCE-30',
      'RS-TRAIL-EMBER-21',
      'RS-TRAIL-EMBER-25',
      'RS-TRAIL-EMBER-30',
    ]);
    expect(variants.every((variant) => !variant.existing)).toBe(true);
  });

  it('keeps the SKUs of existing variants when a value is added', () => {
    const first = generateVariants('RS', [COLOUR, SIZE]);
    // Someone renamed a SKU by hand: it stays as it is.
    const existing = first.map((variant, index) => ({
      combination: variant.combination,
      sku: index === 0 ? 'LEGACY-1' : variant.sku,
    }));
    const next = generateVariants(
      'RS',
      [{ name: 'colour', values: ['Spruce', 'Ember', 'Glacier'] }, SIZE],
      existing,
    );
    expect(next).toHaveLength(9);
    expect(next.filter((variant) => variant.existing).map((variant) => variant.sku)).toEqual(
      existing.map((variant) => variant.sku),
    );
    expect(next.filter((variant) => !variant.existing).map((variant) => variant.sku)).toEqual([
      'RS-GLACIER-21',
      'RS-GLACIER-25',
      'RS-GLACIER-30',
    ]);
  });

  it('adds a number when the SKU is already taken within the product', () => {
    const retired = [{ combination: [{ option: 'Colour', value: 'Old' }], sku: 'RS-SPRUCE' }];
    expect(generateVariants('RS', [{ name: 'Colour', values: ['Spruce'] }], retired)).toEqual([
      { combination: [{ option: 'Colour', value: 'Spruce' }], sku: 'RS-SPRUCE-2', existing: false },
    ]);
  });
});

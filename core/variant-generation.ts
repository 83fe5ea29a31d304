/**
 * Variants from options (issue 20, back office): a product's options (Colour: Spruce, Ember; Size: 21", 25")
 * become one variant per combination, each with a SKU made of the product's SKU and a code per value
 * (`RS-SPRUCE-21`). A variant that already exists keeps its SKU when a value is added; SKUs are unique within the
 * product. Pure: the engine checks uniqueness across products in the database.
 */

export const MAX_OPTIONS = 3;
export const MAX_VALUES_PER_OPTION = 30;
/** More combinations than this is a catalogue mistake, not a product (and a page no shopper can use). */
export const MAX_VARIANTS = 250;
const MAX_NAME = 40;
const MAX_VALUE = 40;

export interface OptionInput {
  name: string;
  values: readonly string[];
}

/** One problem of the options: which option (index) and which part, in words a merchandiser can act on. */
export interface OptionProblem {
  option: number | null;
  part: 'name' | 'values' | 'all';
  message: string;
}

/** A combination: the option's name → the value's label, in option order. */
export type Combination = ReadonlyArray<{ option: string; value: string }>;

export interface GeneratedVariant {
  combination: Combination;
  sku: string;
  /** Whether the variant already existed (its SKU is kept) or is new. */
  existing: boolean;
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');

/** The SKU code of one value: letters and digits upper-cased, anything else a dash (`21"` → `21`, `Dark Sky` → `DARK-SKY`). */
export function valueCode(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The URL slug of one value (the storefront's `?color=` and the option value's `slug`). */
export const valueSlug = (value: string) => valueCode(value).toLowerCase();

/** Splits a typed list of values: commas or new lines, blanks dropped (`Spruce, Ember` → two values). */
export function splitValues(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

/** Everything wrong with a set of options, or an empty list. Names and values are compared without case. */
export function optionProblems(options: readonly OptionInput[]): OptionProblem[] {
  const problems: OptionProblem[] = [];
  if (options.length > MAX_OPTIONS)
    problems.push({ option: null, part: 'all', message: `A product has at most ${MAX_OPTIONS} options.` });
  options.forEach((option, index) => {
    const name = option.name.trim();
    if (!name) problems.push({ option: index, part: 'name', message: 'Name the option (e.g. Colour).' });
    else if (name.length > MAX_NAME)
      problems.push({ option: index, part: 'name', message: `Keep the name under ${MAX_NAME} characters.` });
    else if (options.slice(0, index).some((other) => same(other.name, name)))
      problems.push({ option: index, part: 'name', message: `There is already an option called ${name}.` });
    const values = option.values.map((value) => value.trim());
    if (values.length === 0 || values.every((value) => !value))
      problems.push({ option: index, part: 'values', message: 'Give the option at least one value.' });
    else if (values.length > MAX_VALUES_PER_OPTION)
      problems.push({
        option: index,
        part: 'values',
        message: `An option has at most ${MAX_VALUES_PER_OPTION} values.`,
      });
    else {
      const duplicate = values.find((value, at) => values.slice(0, at).some((other) => same(other, value)));
      const long = values.find((value) => value.length > MAX_VALUE);
      const blank = values.some((value) => !value);
      const codeless = values.find((value) => value && !valueCode(value));
      const clash = values.find((value, at) =>
        values.slice(0, at).some((other) => !same(other, value) && valueCode(other) === valueCode(value)),
      );
      if (blank)
        problems.push({
          option: index,
          part: 'values',
          message: 'A value is blank: type it or leave it out.',
        });
      else if (duplicate)
        problems.push({ option: index, part: 'values', message: `${duplicate} is listed twice.` });
      else if (long)
        problems.push({
          option: index,
          part: 'values',
          message: `Keep each value under ${MAX_VALUE} characters.`,
        });
      else if (codeless)
        problems.push({
          option: index,
          part: 'values',
          message: `${codeless} needs a letter or a digit (it becomes part of the SKU).`,
        });
      else if (clash)
        problems.push({
          option: index,
          part: 'values',
          message: `${clash} would get the same SKU code as another value; name it differently.`,
        });
    }
  });
  const count = options.reduce((product, option) => product * Math.max(option.values.length, 1), 1);
  if (options.length > 0 && count > MAX_VARIANTS)
    problems.push({
      option: null,
      part: 'all',
      message: `These options make ${count} variants; a product has at most ${MAX_VARIANTS}.`,
    });
  return problems;
}

/** Every combination of the options' values, the first option varying slowest (Spruce 21", Spruce 25", …). */
export function combinations(options: readonly OptionInput[]): Combination[] {
  let result: Array<Array<{ option: string; value: string }>> = [[]];
  for (const option of options) {
    result = result.flatMap((prefix) =>
      option.values.map((value) => [...prefix, { option: option.name.trim(), value: value.trim() }]),
    );
  }
  return options.length === 0 ? [] : result;
}

const keyOf = (combination: Combination) =>
  combination.map((part) => `${part.option.toLowerCase()}\u0000${part.value.toLowerCase()}`).join('\u0001');

/**
 * The variants of a product with these options. An existing variant (same combination) keeps its SKU; a new one
 * gets `${productSku}-${code}-…`, upper case, with `-2`, `-3`… when that SKU is taken within the product (by a
 * variant of another combination, e.g. a retired one). Assumes `optionProblems(options)` is empty.
 */
export function generateVariants(
  productSku: string,
  options: readonly OptionInput[],
  existing: ReadonlyArray<{ combination: Combination; sku: string }> = [],
): GeneratedVariant[] {
  const held = new Map(existing.map((variant) => [keyOf(variant.combination), variant.sku]));
  const taken = new Set(existing.map((variant) => variant.sku.toUpperCase()));
  return combinations(options).map((combination) => {
    const kept = held.get(keyOf(combination));
    if (kept) return { combination, sku: kept, existing: true };
    const base = [productSku.trim(), ...combination.map((part) => valueCode(part.value))]
      .join('-')
      .toUpperCase();
    let sku = base;
    for (let suffix = 2; taken.has(sku); suffix++) sku = `${base}-${suffix}`;
    taken.add(sku);
    return { combination, sku, existing: false };
  });
}

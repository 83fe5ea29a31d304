import { z } from 'zod';
import { DISCOUNT_KINDS, DISCOUNT_SCOPES, MAX_CODE_LENGTH } from '#core/discount-code.ts';
import { parseAmount } from '#core/product-price.ts';
import { parseStoreDateTime, toDateTimeLocal } from '#core/store-time.ts';
import { CODE_CURRENCIES } from './discount-code-currencies.ts';

/**
 * The back office's discount-code form (issue 41): one schema, read on the server from the form's flat fields
 * (`amount_EUR`, `minimum_USD`, `region_us`, `category_12`) into the engine's input. Times are the store's
 * (STORE_TIME_ZONE, decision 0031). Products are named by SKU or id, comma-separated, and resolved by the route.
 */

const blankIsUndefined = (value: unknown) => (value === '' || value === undefined ? undefined : value);

const money = (what: string) =>
  z.preprocess(
    blankIsUndefined,
    z
      .string()
      .transform((text, context) => {
        const parsed = parseAmount(text);
        if (parsed.ok && parsed.value > 0) return parsed.value;
        context.addIssue({ code: 'custom', message: `${what}: an amount above 0, like 10 or 12.50.` });
        return z.NEVER;
      })
      .optional(),
  );

const count = (what: string) =>
  z.preprocess(
    blankIsUndefined,
    z.coerce
      .number({ error: `${what}: a whole number from 1.` })
      .int({ error: `${what}: a whole number from 1.` })
      .min(1, { error: `${what}: a whole number from 1.` })
      .max(10_000_000, { error: `${what}: at most 10 000 000.` })
      .optional(),
  );

const flag = z.preprocess((value) => value === '1' || value === 'on', z.boolean());

function baseSchema(zone: string) {
  const time = (what: string) =>
    z.preprocess(
      blankIsUndefined,
      z
        .string()
        .transform((text, context) => {
          const at = parseStoreDateTime(text, zone);
          if (at) return at;
          context.addIssue({ code: 'custom', message: `${what}: a date and time, like 2026-12-24T09:00.` });
          return z.NEVER;
        })
        .optional(),
    );
  return z.object({
    code: z
      .string({ error: 'Give the code shoppers type.' })
      .trim()
      .min(1, { error: 'Give the code shoppers type.' })
      .max(MAX_CODE_LENGTH, { error: `At most ${MAX_CODE_LENGTH} characters.` })
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { error: 'Letters, digits, - and _ only.' }),
    description: z.string().max(500, { error: 'At most 500 characters.' }).default(''),
    kind: z.enum(DISCOUNT_KINDS, { error: 'Choose what the code takes off.' }),
    percent: z.preprocess(
      blankIsUndefined,
      z.coerce
        .number({ error: 'A percentage, like 10.' })
        .gt(0, { error: 'A percentage above 0.' })
        .max(100, { error: 'At most 100 %.' })
        .optional(),
    ),
    scope: z.enum(DISCOUNT_SCOPES, { error: 'Choose what the code applies to.' }),
    products: z.string().max(2000, { error: 'At most 2000 characters.' }).default(''),
    startsAt: time('Starts'),
    endsAt: time('Ends'),
    usageLimit: count('Uses in all'),
    perCustomerLimit: count('Uses per customer'),
    combinesWithSale: flag,
    appliesToPro: flag,
    version: z.preprocess(blankIsUndefined, z.coerce.number().int().min(0).optional()),
    confirmed: z.literal('1').optional(),
    ...(Object.fromEntries(
      CODE_CURRENCIES.flatMap((currency) => [
        [`amount_${currency}`, money(`Amount ${currency}`)],
        [`minimum_${currency}`, money(`Minimum ${currency}`)],
      ]),
    ) as Record<`amount_${string}` | `minimum_${string}`, ReturnType<typeof money>>),
  });
}

export interface DiscountCodeFormData {
  code: string;
  description: string;
  kind: (typeof DISCOUNT_KINDS)[number];
  percent: number | null;
  amounts: Record<string, number>;
  minimums: Record<string, number>;
  scope: (typeof DISCOUNT_SCOPES)[number];
  categoryIds: number[];
  /** SKUs or ids as typed, to be resolved to products. */
  productRefs: string[];
  regionIds: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  combinesWithSale: boolean;
  appliesToPro: boolean;
  version: number | null;
  confirmed: boolean;
}

/** The form's schema on the store's clock; checkbox groups (`region_*`, `category_*`) are read from the raw fields. */
export function discountCodeFormSchema(zone: string) {
  return baseSchema(zone)
    .catchall(z.unknown())
    .transform((fields, context): DiscountCodeFormData => {
      const raw = fields as Record<string, unknown>;
      const pick = (prefix: string) =>
        Object.fromEntries(
          CODE_CURRENCIES.flatMap((currency) => {
            const value = raw[`${prefix}_${currency}`];
            return typeof value === 'number' ? [[currency, value]] : [];
          }),
        ) as Record<string, number>;
      const amounts = pick('amount');
      if (fields.kind === 'percent' && fields.percent === undefined)
        context.addIssue({ code: 'custom', path: ['percent'], message: 'A percentage, like 10.' });
      if (fields.kind === 'amount' && Object.keys(amounts).length === 0)
        context.addIssue({
          code: 'custom',
          path: [`amount_${CODE_CURRENCIES[0]}`],
          message: 'An amount in at least one currency.',
        });
      return {
        code: fields.code.toUpperCase(),
        description: fields.description,
        kind: fields.kind,
        percent: fields.percent ?? null,
        amounts,
        minimums: pick('minimum'),
        scope: fields.scope,
        categoryIds: [],
        productRefs: fields.products
          .split(/[\s,]+/)
          .map((entry) => entry.trim())
          .filter(Boolean),
        regionIds: [],
        startsAt: fields.startsAt ?? null,
        endsAt: fields.endsAt ?? null,
        usageLimit: fields.usageLimit ?? null,
        perCustomerLimit: fields.perCustomerLimit ?? null,
        combinesWithSale: fields.combinesWithSale,
        appliesToPro: fields.appliesToPro,
        version: fields.version ?? null,
        confirmed: fields.confirmed === '1',
      };
    });
}

/** The checked boxes of a group (`region_us=1` → `us`), from the posted form. */
export function checkedOf(form: FormData, prefix: string): string[] {
  return [...form.keys()]
    .filter((key) => key.startsWith(prefix) && form.get(key) === '1')
    .map((key) => key.slice(prefix.length));
}

/** A stored code as the form's initial values (times on the store's clock). */
export function formValuesOf(
  row: {
    code: string;
    description: string;
    kind: string;
    percent: number | null;
    amounts: Record<string, number>;
    minimums: Record<string, number>;
    scope: string;
    startsAt: Date | null;
    endsAt: Date | null;
    usageLimit: number | null;
    perCustomerLimit: number | null;
  },
  zone: string,
): Record<string, string> {
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    percent: row.percent === null ? '' : String(row.percent),
    scope: row.scope,
    startsAt: row.startsAt ? toDateTimeLocal(row.startsAt, zone) : '',
    endsAt: row.endsAt ? toDateTimeLocal(row.endsAt, zone) : '',
    usageLimit: row.usageLimit === null ? '' : String(row.usageLimit),
    perCustomerLimit: row.perCustomerLimit === null ? '' : String(row.perCustomerLimit),
    ...Object.fromEntries(
      CODE_CURRENCIES.map((currency) => [`amount_${currency}`, row.amounts[currency]?.toFixed(2) ?? '']),
    ),
    ...Object.fromEntries(
      CODE_CURRENCIES.map((currency) => [`minimum_${currency}`, row.minimums[currency]?.toFixed(2) ?? '']),
    ),
  };
}

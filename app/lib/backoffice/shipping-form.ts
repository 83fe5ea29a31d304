import { z } from 'zod';
import { amountProblem, type RangeInput, rangeProblems } from '#core/shipping-ranges.ts';

/**
 * The forms of the back office's shipping page (issue 20), read on the server: one schema per intent. Amounts are
 * typed with a dot (8.95); bands are rows `lower-N`, `upper-N`, `cost-N` (N from 1, a blank row is skipped) and
 * are checked with core/shipping-ranges.ts, so an overlap or a gap is a message on the form, not only a refusal.
 * Field errors are keyed by field name: `ranges` for a problem across bands.
 */

type Raw = Record<string, unknown>;
type Issue = { path: string; message: string };

const MAX_ROWS = 40;
const id = z.coerce
  .number({ error: 'Reload the page: this form lost which record it changes.' })
  .int('Reload the page: this form lost which record it changes.')
  .positive('Reload the page: this form lost which record it changes.')
  .max(2_147_483_647, 'Reload the page: this form lost which record it changes.');
const region = z
  .string({ error: 'Reload the page: this form lost its region.' })
  .regex(/^[a-z0-9_]{1,40}$/, 'Reload the page: this form lost its region.');
/** Set by the confirmation's second post: the person confirmed the effect the money guard named (issue 40). */
const confirmed = z.literal('1').optional();
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on');

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** An amount as typed: "8.95" → 8.95; blank → null; anything else → the message to show next to it. */
export function readAmount(raw: unknown, what: string): { value: number | null } | { error: string } {
  const typed = text(raw);
  if (!typed) return { value: null };
  if (/^-?\d+,\d{1,2}$/.test(typed))
    return { error: `Use a dot for decimals: ${typed.replace(',', '.')}, not ${typed}.` };
  if (!/^-?\d+(\.\d+)?$/.test(typed)) return { error: `${what} must be a number such as 8.95.` };
  const value = Number(typed);
  const problem = amountProblem(value, what);
  return problem ? { error: problem } : { value };
}

function report(ctx: z.RefinementCtx, issues: Issue[]) {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

/** The bands of a total method's form, in row order, with each row's number; or the problems to show. */
export function readRanges(form: Raw): { ranges: RangeInput[]; rows: number[]; issues: Issue[] } {
  const numbers = new Set<number>();
  for (const key of Object.keys(form)) {
    const match = /^(?:lower|upper|cost)-(\d{1,3})$/.exec(key);
    if (match) numbers.add(Number(match[1]));
  }
  const issues: Issue[] = [];
  if (numbers.size > MAX_ROWS)
    return { ranges: [], rows: [], issues: [{ path: 'ranges', message: 'Too many rows.' }] };
  const ranges: RangeInput[] = [];
  const rows: number[] = [];
  for (const row of [...numbers].sort((a, b) => a - b)) {
    const fields = { lower: form[`lower-${row}`], upper: form[`upper-${row}`], cost: form[`cost-${row}`] };
    if (!text(fields.lower) && !text(fields.upper) && !text(fields.cost)) continue;
    const lower = readAmount(fields.lower, 'The lower limit');
    const upper = readAmount(fields.upper, 'The upper limit');
    const cost = readAmount(fields.cost, 'The cost');
    let complete = true;
    for (const [name, read, required] of [
      ['lower', lower, true],
      ['upper', upper, false],
      ['cost', cost, true],
    ] as const) {
      if ('error' in read) {
        issues.push({ path: `${name}-${row}`, message: read.error });
        complete = false;
      } else if (required && read.value === null) {
        issues.push({
          path: `${name}-${row}`,
          message:
            name === 'lower'
              ? 'Enter the lower limit (0 for the first row).'
              : 'Enter the cost (0 for free).',
        });
        complete = false;
      }
    }
    if (!complete || 'error' in lower || 'error' in upper || 'error' in cost) continue;
    ranges.push({ lower_limit: lower.value ?? 0, upper_limit: upper.value, shipping_cost: cost.value ?? 0 });
    rows.push(row);
  }
  if (issues.length) return { ranges, rows, issues };
  const field = { lower_limit: 'lower', upper_limit: 'upper', shipping_cost: 'cost' } as const;
  for (const problem of rangeProblems(ranges, rows))
    issues.push({
      path: problem.row !== null && problem.field ? `${field[problem.field]}-${problem.row}` : 'ranges',
      message: problem.message,
    });
  return { ranges, rows, issues };
}

const methodForm = z
  .object({
    intent: z.literal('method'),
    id,
    kind: z.enum(['total', 'freeshipping'], { error: 'Reload the page: this form lost its method type.' }),
    name: z
      .string({ error: 'Enter a name.' })
      .trim()
      .min(1, 'Enter a name.')
      .max(80, 'A name is at most 80 characters.'),
    enabled: checkbox,
    confirmed,
  })
  .catchall(z.unknown())
  .transform((form, ctx) => {
    const base = {
      intent: form.intent,
      id: form.id,
      name: form.name,
      enabled: form.enabled,
      confirmed: form.confirmed,
    };
    if (form.kind === 'freeshipping') {
      const minimum = readAmount(form.minimum, 'The free-shipping minimum');
      if ('error' in minimum || minimum.value === null) {
        report(ctx, [
          {
            path: 'minimum',
            message: 'error' in minimum ? minimum.error : 'Enter the minimum subtotal (0 for always).',
          },
        ]);
        return z.NEVER;
      }
      return { ...base, minimum: minimum.value, ranges: undefined };
    }
    const { ranges, issues } = readRanges(form);
    if (issues.length) {
      report(ctx, issues);
      return z.NEVER;
    }
    return { ...base, ranges, minimum: undefined };
  });

const zoneForm = z.object({
  intent: z.literal('zone'),
  id,
  countries: z.string({ error: 'Enter at least one country code, e.g. US.' }).transform((typed, ctx) => {
    const codes = typed.split(/[\s,;]+/).filter(Boolean);
    if (!codes.length) {
      ctx.addIssue({ code: 'custom', message: 'Enter at least one country code, e.g. US.' });
      return z.NEVER;
    }
    const wrong = codes.filter((code) => !/^[A-Za-z]{2}$/.test(code));
    if (wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `${wrong.map((code) => `“${code}”`).join(', ')} ${wrong.length > 1 ? 'are not' : 'is not a'} two-letter country code${wrong.length > 1 ? 's' : ''}.`,
      });
      return z.NEVER;
    }
    return codes.map((code) => code.toUpperCase());
  }),
});

const minimumForm = z
  .object({ intent: z.literal('free-minimum'), region, minimum: z.unknown(), confirmed })
  .transform((form, ctx) => {
    const minimum = readAmount(form.minimum, 'The free-shipping minimum');
    if ('error' in minimum || minimum.value === null) {
      report(ctx, [
        {
          path: 'minimum',
          message: 'error' in minimum ? minimum.error : 'Enter the minimum subtotal (0 for always).',
        },
      ]);
      return z.NEVER;
    }
    return { intent: form.intent, region: form.region, minimum: minimum.value, confirmed: form.confirmed };
  });

const groupsForm = z
  .object({ intent: z.literal('free-groups'), region, enabled: checkbox })
  .catchall(z.unknown())
  .transform((form) => ({
    intent: form.intent,
    region: form.region,
    isEnabled: form.enabled,
    groupIds: Object.keys(form)
      .map((key) => /^group-(\d{1,9})$/.exec(key)?.[1])
      .filter((value): value is string => value !== undefined && form[`group-${value}`] === 'on')
      .map(Number),
  }));

export const shippingForm = z.discriminatedUnion('intent', [methodForm, zoneForm, minimumForm, groupsForm], {
  error: 'Reload the page: this form lost what it changes.',
});

export type ShippingForm = z.infer<typeof shippingForm>;

/** Which form on the page a post came from (`method-12`, `zone-1`, `free-minimum-us`…), to show its answer there. */
export function formKeyOf(form: FormData): string {
  const intent = form.get('intent');
  const subject = form.get('id') ?? form.get('region');
  return typeof intent === 'string' && typeof subject === 'string' ? `${intent}-${subject}` : '';
}

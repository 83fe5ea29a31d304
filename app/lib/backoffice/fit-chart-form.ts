import { z } from 'zod';
import type { FitRange } from '#core/fit-finder.ts';

/**
 * The back office's Fit tab form (issue 45): a series name and, per size of the product, the lowest and highest
 * load in kg. Rows arrive as `size-i`, `min-i`, `max-i`; a bad number answers by its own field.
 */

const kg = (label: string) =>
  z.coerce
    .number({ message: `${label}: type a load in kg.` })
    .min(0, `${label}: a load is 0 kg or more.`)
    .max(400, `${label}: at most 400 kg.`)
    .refine((value) => Math.round(value * 10) === value * 10, `${label}: at most one decimal.`);

export const MAX_FIT_ROWS = 12;

const fitFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('save'),
    name: z.string().trim().min(1, 'Name the series.').max(80, 'Keep the name under 80 characters.'),
    rows: z.coerce.number().int().min(1).max(MAX_FIT_ROWS),
  }),
  z.object({ intent: z.literal('use'), seriesId: z.coerce.number().int().positive().max(2_147_483_647) }),
  z.object({ intent: z.literal('remove') }),
]);

export type FitForm =
  | { intent: 'save'; name: string; ranges: FitRange[] }
  | { intent: 'use'; seriesId: number }
  | { intent: 'remove' };

/** The form, or the message per field that refuses it. */
export function parseFitForm(
  fields: Record<string, FormDataEntryValue>,
): { ok: true; form: FitForm } | { ok: false; fieldErrors: Record<string, string> } {
  const head = fitFormSchema.safeParse(fields);
  if (!head.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of head.error.issues) fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
    return { ok: false, fieldErrors };
  }
  if (head.data.intent !== 'save') return { ok: true, form: head.data };
  const fieldErrors: Record<string, string> = {};
  const ranges: FitRange[] = [];
  for (let index = 0; index < head.data.rows; index++) {
    const size = String(fields[`size-${index}`] ?? '').trim();
    if (!size) {
      fieldErrors.form = 'A size is missing: reload the page.';
      continue;
    }
    const min = kg(`${size}, from`).safeParse(fields[`min-${index}`] || undefined);
    const max = kg(`${size}, to`).safeParse(fields[`max-${index}`] || undefined);
    if (!min.success) fieldErrors[`min-${index}`] = min.error.issues[0]!.message;
    if (!max.success) fieldErrors[`max-${index}`] = max.error.issues[0]!.message;
    if (min.success && max.success) ranges.push({ size, minKg: min.data, maxKg: max.data });
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, form: { intent: 'save', name: head.data.name, ranges } };
}

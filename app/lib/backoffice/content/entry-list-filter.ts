import { z } from 'zod';

/** The entry list's filters as the URL carries them (issue 21): each checked at the edge. */
export function entryListFilterSchema(locales: readonly string[]) {
  return z.object({
    locale: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || locales.includes(value), {
        message: 'Choose one of the store’s locales.',
      }),
    state: z
      .enum(['', 'published', 'unpublished', 'draft'], { error: 'Choose published, unpublished or draft.' })
      .optional()
      .transform((value) => value || undefined),
    since: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || /^\d{4}-\d{2}-\d{2}$/.test(value), {
        message: 'Enter a date like 2026-11-26.',
      })
      .transform((value) => (value ? new Date(`${value}T00:00:00Z`) : undefined))
      .refine((value) => value === undefined || !Number.isNaN(value.getTime()), {
        message: 'Enter a date that exists, like 2026-11-26.',
      }),
    q: z
      .string()
      .trim()
      .max(200, { error: 'Search for at most 200 characters.' })
      .optional()
      .transform((value) => value || undefined),
    after: z
      .string()
      .max(500, { error: 'That page link is broken: start from the first page.' })
      .optional()
      .transform((value) => value || undefined),
  });
}

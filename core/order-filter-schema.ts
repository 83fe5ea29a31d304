import { z } from 'zod';
import {
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_LIST_MAX_LIMIT,
  ORDER_STATUSES,
  PAYMENT_METHOD_IDS,
} from './order-filter.ts';
import { COMMERCE_REGIONS } from './regions.ts';

/**
 * The zod schema of the orders list filter (core/order-filter.ts), apart so that a page's browser code that only
 * builds filter links does not carry zod: only loaders and the engine import this.
 */

const STATUS_IDS = ORDER_STATUSES.map((status) => status.id) as number[];

function validDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-25')
  .refine(validDay, 'Not a real date');

/** Empty form fields mean 'no filter'. */
const blankIsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

export const orderFilterSchema = z
  .object({
    q: z.preprocess(
      blankIsMissing,
      z.string().trim().min(1).max(200, 'Search at most 200 characters').optional(),
    ),
    status: z
      .array(
        z.coerce
          .number()
          .int()
          .refine((id) => STATUS_IDS.includes(id), 'Unknown order status'),
      )
      .max(STATUS_IDS.length)
      .default([]),
    paymentMethod: z.preprocess(blankIsMissing, z.enum(PAYMENT_METHOD_IDS).optional()),
    region: z.preprocess(blankIsMissing, z.enum(COMMERCE_REGIONS).optional()),
    from: z.preprocess(blankIsMissing, day.optional()),
    to: z.preprocess(blankIsMissing, day.optional()),
    after: z.preprocess(
      blankIsMissing,
      z
        .string()
        .regex(/^\d{1,17}-\d{1,10}$/, 'Not a page of this list')
        .optional(),
    ),
    limit: z.preprocess(
      blankIsMissing,
      z.coerce.number().int().min(1).max(ORDER_LIST_MAX_LIMIT).default(ORDER_LIST_DEFAULT_LIMIT),
    ),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: 'The start date is after the end date',
    path: ['to'],
  });

export type OrderFilter = z.output<typeof orderFilterSchema>;
export type OrderFilterInput = z.input<typeof orderFilterSchema>;

/** Reads the filter from a query string (`status` may repeat or list ids with commas; blanks are ignored). */
export function parseOrderFilter(params: URLSearchParams) {
  const statuses = params
    .getAll('status')
    .flatMap((value) => value.split(','))
    .filter((value) => value !== '');
  return orderFilterSchema.safeParse({
    q: params.get('q'),
    status: statuses,
    paymentMethod: params.get('paymentMethod'),
    region: params.get('region'),
    from: params.get('from'),
    to: params.get('to'),
    after: params.get('after'),
    limit: params.get('limit'),
  });
}

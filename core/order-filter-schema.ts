import { z } from 'zod';
import {
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_LIST_MAX_LIMIT,
  ORDER_SORTS,
  ORDER_STATUSES,
  PAYMENT_METHOD_IDS,
} from './order-filter.ts';
import { FULFILLMENT_STATUSES, PAYMENT_STATUSES } from './order-standing.ts';
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

/** Empty form fields (or only spaces) mean 'no filter'. */
const blankIsMissing = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
/** A value named twice in the address (a link built twice) counts once. */
const unique = (value: unknown) => (Array.isArray(value) ? [...new Set(value.map(String))] : value);

export const orderFilterSchema = z
  .object({
    q: z.preprocess(
      blankIsMissing,
      z.string().trim().min(1).max(200, 'Search at most 200 characters').optional(),
    ),
    status: z.preprocess(
      unique,
      z
        .array(
          z.coerce
            .number({ error: 'Choose a status from the list' })
            .int('Choose a status from the list')
            .refine((id) => STATUS_IDS.includes(id), 'Choose a status from the list'),
        )
        .max(STATUS_IDS.length)
        .default([]),
    ),
    payment: z.preprocess(
      unique,
      z
        .array(z.enum(PAYMENT_STATUSES, { error: 'Choose a payment status from the list' }))
        .max(PAYMENT_STATUSES.length)
        .default([]),
    ),
    fulfillment: z.preprocess(
      unique,
      z
        .array(z.enum(FULFILLMENT_STATUSES, { error: 'Choose a fulfilment status from the list' }))
        .max(FULFILLMENT_STATUSES.length)
        .default([]),
    ),
    /** Chosen orders (the list's selection: slips, invoices, export). */
    ids: z.preprocess(
      unique,
      z
        .array(
          z.coerce
            .number({ error: 'Not an order number' })
            .int('Not an order number')
            .positive('Not an order number')
            .max(2_147_483_647, 'Not an order number'),
        )
        .max(ORDER_LIST_MAX_LIMIT, `Choose at most ${ORDER_LIST_MAX_LIMIT} orders`)
        .default([]),
    ),
    /** 'to-ship': paid (or cash on delivery) with something left to ship, whatever was refunded. */
    queue: z.preprocess(
      blankIsMissing,
      z.enum(['to-ship'], { error: 'Not a queue of this list' }).optional(),
    ),
    tag: z.preprocess(
      blankIsMissing,
      z.string().trim().min(1).max(40, 'A tag has at most 40 characters').optional(),
    ),
    sort: z.preprocess(
      blankIsMissing,
      z.enum(ORDER_SORTS, { error: 'Choose an order from the list' }).optional(),
    ),
    paymentMethod: z.preprocess(
      blankIsMissing,
      z.enum(PAYMENT_METHOD_IDS, { error: 'Choose a payment method from the list' }).optional(),
    ),
    region: z.preprocess(
      blankIsMissing,
      z.enum(COMMERCE_REGIONS, { error: 'Choose a region from the list' }).optional(),
    ),
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
      z.coerce
        .number({ error: 'Give a number of orders per page' })
        .int('Give a whole number of orders per page')
        .min(1)
        .max(ORDER_LIST_MAX_LIMIT)
        .default(ORDER_LIST_DEFAULT_LIMIT),
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
  const list = (name: string) =>
    params
      .getAll(name)
      .flatMap((value) => value.split(','))
      .filter((value) => value !== '');
  return orderFilterSchema.safeParse({
    q: params.get('q'),
    status: list('status'),
    payment: list('payment'),
    ids: list('id'),
    fulfillment: list('fulfillment'),
    queue: params.get('queue'),
    tag: params.get('tag'),
    sort: params.get('sort'),
    paymentMethod: params.get('paymentMethod'),
    region: params.get('region'),
    from: params.get('from'),
    to: params.get('to'),
    after: params.get('after'),
    limit: params.get('limit'),
  });
}

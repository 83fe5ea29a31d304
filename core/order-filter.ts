import type { OrderFilter } from './order-filter-schema.ts';

export type { OrderFilter, OrderFilterInput } from './order-filter-schema.ts';

/**
 * The back office's orders list filter (issue 19): what the GET form and the CSV link carry in the query string,
 * validated here once for the page, the export and the engine. Pure: no I/O.
 */

/** Order statuses by id (the BigCommerce ids the store already uses: 7 awaiting payment, 11 awaiting fulfillment…). */
export const ORDER_STATUSES = [
  { id: 7, name: 'Awaiting Payment' },
  { id: 11, name: 'Awaiting Fulfillment' },
  { id: 9, name: 'Awaiting Shipment' },
  { id: 3, name: 'Partially Shipped' },
  { id: 2, name: 'Shipped' },
  { id: 10, name: 'Completed' },
  { id: 5, name: 'Cancelled' },
  { id: 4, name: 'Refunded' },
  { id: 14, name: 'Partially Refunded' },
] as const;

/** Paid (or cash on delivery) and not yet fully shipped: what the dashboard counts as awaiting shipment. */
export const AWAITING_SHIPMENT_STATUS_IDS: readonly number[] = [11, 9, 3];
export const AWAITING_PAYMENT_STATUS_IDS: readonly number[] = [7];
/** Orders that bring no revenue: cancelled, declined, refunded. */
export const NO_REVENUE_STATUS_IDS: readonly number[] = [5, 6, 4];

export const PAYMENT_METHOD_IDS = ['bank_transfer', 'pay_on_account', 'cash_on_delivery'] as const;

/** How the list runs: newest or oldest placed first, or the oldest paid first (the shipping queue's default). */
export const ORDER_SORTS = ['newest', 'oldest', 'paid-oldest'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'paid-oldest': 'Oldest paid first',
};

/** The sort a filter runs in: as asked, else the queue oldest paid first and any other list newest first. */
export function sortOf(filter: Pick<OrderFilter, 'sort' | 'queue'>): OrderSort {
  return filter.sort ?? (filter.queue === 'to-ship' ? 'paid-oldest' : 'newest');
}

export const ORDER_LIST_DEFAULT_LIMIT = 50;
export const ORDER_LIST_MAX_LIMIT = 200;

/** The query string for a filter (without `after` and `limit` unless asked for): links keep their filter. */
export function orderFilterQuery(
  filter: Partial<OrderFilter>,
  extra: { after?: string | null; limit?: number } = {},
): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  for (const status of filter.status ?? []) params.append('status', String(status));
  for (const id of filter.ids ?? []) params.append('id', String(id));
  if (filter.queue) params.set('queue', filter.queue);
  for (const status of filter.payment ?? []) params.append('payment', status);
  for (const status of filter.fulfillment ?? []) params.append('fulfillment', status);
  if (filter.tag) params.set('tag', filter.tag);
  // A sort the list runs in anyway is left out, so links and exports read as short as the filter.
  if (filter.sort && filter.sort !== sortOf({ queue: filter.queue })) params.set('sort', filter.sort);
  if (filter.paymentMethod) params.set('paymentMethod', filter.paymentMethod);
  if (filter.region) params.set('region', filter.region);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (extra.after) params.set('after', extra.after);
  if (extra.limit) params.set('limit', String(extra.limit));
  return params.toString();
}

/** What `q` looks for: an order number exactly, an email by prefix, or a customer's name. */
export type OrderSearch =
  | { kind: 'number'; id: number }
  | { kind: 'email'; prefix: string }
  | { kind: 'name'; first: string; last: string | null };

export function orderSearchOf(q: string): OrderSearch {
  const text = q.trim();
  const number = /^#?(\d{1,9})$/.exec(text);
  if (number) return { kind: 'number', id: Number(number[1]) };
  // An @, or one word with a dot (anna.smith), is the start of an email address.
  if (text.includes('@') || (text.includes('.') && !/\s/.test(text)))
    return { kind: 'email', prefix: text.toLowerCase() };
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 1) return { kind: 'name', first: words[0]!, last: null };
  return { kind: 'name', first: words[0]!, last: words.slice(1).join(' ') };
}

/** A keyset cursor: the last row's created_at in microseconds since the epoch and its id. */
export function encodeOrderCursor(createdAtMicros: string | bigint, id: number): string {
  return `${createdAtMicros}-${id}`;
}

export function decodeOrderCursor(cursor: string): { micros: string; id: number } | null {
  const match = /^(\d{1,17})-(\d{1,10})$/.exec(cursor);
  if (!match) return null;
  return { micros: match[1]!, id: Number(match[2]) };
}

/** Guards a CSV cell against formula injection (a spreadsheet runs cells that start with = + - @, tab or CR). */
export function csvSafeCell(value: string): { value: string; guarded: boolean } {
  if (/^[=+\-@\t\r]/.test(value)) return { value: `'${value}`, guarded: true };
  return { value, guarded: false };
}

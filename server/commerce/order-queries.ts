import { type SQL, sql } from 'drizzle-orm';
import {
  decodeOrderCursor,
  encodeOrderCursor,
  type OrderFilter,
  type OrderFilterInput,
  type OrderSort,
  orderSearchOf,
  sortOf,
} from '#core/order-filter.ts';
import { orderFilterSchema } from '#core/order-filter-schema.ts';
import type { FulfillmentStatus, PaymentStatus } from '#core/order-standing.ts';
import type { Database } from '../db/database.ts';
import { toCsv } from './csv-writer.ts';
import { badRequest } from './errors.ts';

/**
 * The back office's orders list (issue 19): newest first (or oldest, or oldest paid first for the shipping queue,
 * issue 40) with keyset pagination on (sort key, id), filters
 * that follow the indexes (orders_created_idx, orders_status_created_idx, orders_email_lower_idx), search by
 * number, email prefix or customer name, and the same list as a streamed CSV export.
 */

export interface OrderListRow {
  id: number;
  createdAt: Date;
  customerId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  regionId: string;
  currencyCode: string;
  subtotal: number;
  shippingCost: number;
  total: number;
  status: string;
  statusId: number;
  paymentMethod: string;
  country: string;
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  tags: string[];
}

export interface OrderListPage {
  orders: OrderListRow[];
  /** The `after` cursor of the next page, or null on the last one. */
  next: string | null;
}

interface RawRow {
  id: number;
  micros: string;
  customer_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  region_id: string;
  currency_code: string;
  subtotal: string | number;
  shipping_cost: string | number;
  total: string | number;
  status: string;
  status_id: number;
  payment_method: string;
  country: string | null;
  payment_status: PaymentStatus;
  fulfillment_status: FulfillmentStatus;
  tags: string[];
  created_micros: string;
}

/** Escapes LIKE's wildcards so a typed % or _ matches itself. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The shipping queue (core/order-standing.ts `readyToShip`): written as the partial index orders_ship_queue_idx
 * is, so the planner uses it.
 */
export const READY_TO_SHIP = sql`fulfillment_status in ('unfulfilled', 'partially_fulfilled') and (payment_status in ('paid', 'partially_refunded') or (payment_status = 'awaiting' and payment_method = 'cash_on_delivery'))`;

/** Each sort's key (the keyset's first column), the way it runs and how a cursor continues it. */
const SORTS: Record<OrderSort, { key: SQL; order: SQL; after: SQL }> = {
  newest: { key: sql`created_at`, order: sql`created_at desc, id desc`, after: sql.raw('<') },
  oldest: { key: sql`created_at`, order: sql`created_at asc, id asc`, after: sql.raw('>') },
  'paid-oldest': {
    key: sql`(coalesce(paid_at, created_at))`,
    order: sql`(coalesce(paid_at, created_at)) asc, id asc`,
    after: sql.raw('>'),
  },
};

function whereOf(filter: OrderFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.status.length === 1) conditions.push(sql`status_id = ${filter.status[0]}`);
  else if (filter.status.length > 1)
    conditions.push(
      sql`status_id in (${sql.join(
        filter.status.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const anyOf = (column: SQL, values: readonly string[]) => {
    if (values.length)
      conditions.push(
        sql`${column} in (${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )})`,
      );
  };
  anyOf(sql`payment_status`, filter.payment);
  anyOf(sql`fulfillment_status`, filter.fulfillment);
  if (filter.queue === 'to-ship') conditions.push(READY_TO_SHIP);
  if (filter.tag) conditions.push(sql`tags @> ${JSON.stringify([filter.tag])}::jsonb`);
  if (filter.paymentMethod) conditions.push(sql`payment_method = ${filter.paymentMethod}`);
  if (filter.region) conditions.push(sql`region_id = ${filter.region}`);
  if (filter.from) conditions.push(sql`created_at >= ${`${filter.from}T00:00:00Z`}::timestamptz`);
  if (filter.to)
    conditions.push(sql`created_at < ${`${filter.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (filter.q) {
    const search = orderSearchOf(filter.q);
    if (search.kind === 'number') conditions.push(sql`id = ${search.id}`);
    else if (search.kind === 'email')
      // Matches orders_email_lower_idx (lower(email) text_pattern_ops): an index range scan on the prefix.
      conditions.push(sql`lower(email) like ${likePrefix(search.prefix)}`);
    else if (search.last === null)
      conditions.push(
        sql`(lower(billing_address->>'first_name') like ${likePrefix(search.first)}
          or lower(billing_address->>'last_name') like ${likePrefix(search.first)})`,
      );
    else
      conditions.push(
        sql`lower(billing_address->>'first_name') like ${likePrefix(search.first)}
          and lower(billing_address->>'last_name') like ${likePrefix(search.last)}`,
      );
  }
  if (filter.after) {
    const cursor = decodeOrderCursor(filter.after);
    const sort = SORTS[sortOf(filter)];
    if (cursor)
      conditions.push(
        sql`(${sort.key}, id) ${sort.after} (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id})`,
      );
  }
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

function rowOf(raw: RawRow): OrderListRow {
  return {
    id: Number(raw.id),
    createdAt: new Date(Math.floor(Number(raw.created_micros) / 1000)),
    customerId: raw.customer_id === null ? null : Number(raw.customer_id),
    firstName: raw.first_name ?? '',
    lastName: raw.last_name ?? '',
    email: raw.email,
    regionId: raw.region_id,
    currencyCode: raw.currency_code,
    subtotal: Number(raw.subtotal),
    shippingCost: Number(raw.shipping_cost),
    total: Number(raw.total),
    status: raw.status,
    statusId: Number(raw.status_id),
    paymentMethod: raw.payment_method,
    country: raw.country ?? '',
    paymentStatus: raw.payment_status,
    fulfillmentStatus: raw.fulfillment_status,
    tags: raw.tags ?? [],
  };
}

/** The filter as given, or a 400 refusal naming the first bad field. */
function validFilter(input: OrderFilterInput | OrderFilter): OrderFilter {
  const parsed = orderFilterSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`${issue.path.join('.') || 'filter'}: ${issue.message}`);
  }
  return parsed.data;
}

export const CSV_COLUMNS = [
  'order_number',
  'date_created',
  'status',
  'payment_method',
  'region',
  'currency',
  'subtotal',
  'shipping',
  'total',
  'email',
  'first_name',
  'last_name',
  'country',
  'customer_id',
] as const;

function csvRecord(row: OrderListRow): string[] {
  return [
    String(row.id),
    row.createdAt.toISOString(),
    row.status,
    row.paymentMethod,
    row.regionId,
    row.currencyCode,
    row.subtotal.toFixed(2),
    row.shippingCost.toFixed(2),
    row.total.toFixed(2),
    row.email,
    row.firstName,
    row.lastName,
    row.country,
    row.customerId === null ? '' : String(row.customerId),
  ];
}

const EXPORT_PAGE = 1000;

/** The list's query: one page of `limit` rows after the filter's cursor (exported for the bench's EXPLAIN). */
export function orderListSql(filter: OrderFilter, limit: number): SQL {
  const sort = SORTS[sortOf(filter)];
  return sql`
    select id, (extract(epoch from ${sort.key}) * 1000000)::bigint::text as micros, customer_id,
      billing_address->>'first_name' as first_name, billing_address->>'last_name' as last_name, email,
      region_id, currency_code, subtotal, shipping_cost, total, status, status_id, payment_method,
      billing_address->>'country_iso2' as country, payment_status, fulfillment_status, tags,
      (extract(epoch from created_at) * 1000000)::bigint::text as created_micros
    from orders ${whereOf(filter)}
    order by ${sort.order}
    limit ${limit}`;
}

export function createOrderQueries(db: Database) {
  async function page(filter: OrderFilter, limit: number): Promise<OrderListPage> {
    const result = (await db.execute(orderListSql(filter, limit + 1))) as unknown as { rows: RawRow[] };
    const rows = result.rows.slice(0, limit).map(rowOf);
    const last = result.rows.length > limit ? result.rows[limit - 1] : undefined;
    return { orders: rows, next: last ? encodeOrderCursor(last.micros, Number(last.id)) : null };
  }

  const api = {
    /** One page of the filtered list, newest first. Refuses (400) a filter that does not validate. */
    async list(input: OrderFilterInput | OrderFilter): Promise<OrderListPage> {
      const filter = validFilter(input);
      return page(filter, filter.limit);
    },

    /**
     * The filtered list (all pages, `after` and `limit` ignored) as CSV text chunks: a header, then one chunk per
     * 1,000 orders read by keyset, so memory stays flat however long the list is.
     */
    async *exportCsvChunks(input: OrderFilterInput | OrderFilter): AsyncGenerator<string> {
      const filter = { ...validFilter(input), after: undefined };
      yield toCsv([[...CSV_COLUMNS]]);
      let after: string | undefined;
      do {
        const result = await page({ ...filter, after }, EXPORT_PAGE);
        if (result.orders.length) yield toCsv(result.orders.map(csvRecord));
        after = result.next ?? undefined;
      } while (after);
    },

    /** The CSV export as a byte stream for a Response body (pulled page by page). */
    exportCsv(input: OrderFilterInput | OrderFilter): ReadableStream<Uint8Array> {
      // Validate now, so a bad filter is refused before any byte is sent.
      const filter = validFilter(input);
      const chunks = api.exportCsvChunks(filter);
      const encoder = new TextEncoder();
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
        async cancel() {
          await chunks.return(undefined);
        },
      });
    },
  };
  return api;
}

export type OrderQueries = ReturnType<typeof createOrderQueries>;

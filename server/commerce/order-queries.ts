import { type SQL, sql } from 'drizzle-orm';
import {
  decodeOrderCursor,
  encodeOrderCursor,
  type OrderFilter,
  type OrderFilterInput,
  orderSearchOf,
} from '#core/order-filter.ts';
import { orderFilterSchema } from '#core/order-filter-schema.ts';
import type { Database } from '../db/database.ts';
import { toCsv } from './csv-writer.ts';
import { badRequest } from './errors.ts';

/**
 * The back office's orders list (issue 19): newest first with keyset pagination on (created_at, id), filters
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
}

/** Escapes LIKE's wildcards so a typed % or _ matches itself. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

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
    if (cursor)
      conditions.push(
        sql`(created_at, id) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id})`,
      );
  }
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

function rowOf(raw: RawRow): OrderListRow {
  return {
    id: Number(raw.id),
    createdAt: new Date(Math.floor(Number(raw.micros) / 1000)),
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
  return sql`
    select id, (extract(epoch from created_at) * 1000000)::bigint::text as micros, customer_id,
      billing_address->>'first_name' as first_name, billing_address->>'last_name' as last_name, email,
      region_id, currency_code, subtotal, shipping_cost, total, status, status_id, payment_method,
      billing_address->>'country_iso2' as country
    from orders ${whereOf(filter)}
    order by created_at desc, id desc
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

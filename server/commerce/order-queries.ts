import { asc, inArray, type SQL, sql } from 'drizzle-orm';
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
import { DEFAULT_STORE_TIME_ZONE, endOfStoreDay, startOfStoreDay } from '#core/store-time.ts';
import type { Database } from '../db/database.ts';
import { toCsv } from './csv-writer.ts';
import { badRequest } from './errors.ts';
import { type OrderAddressRecord, orderItems, shipments } from './schema-sales.ts';

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
  paidAt: Date | null;
  shippingMethod: string;
  shippingAddress: OrderAddressRecord | null;
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
  paid_micros: string | null;
  shipping_method: string;
  shipping_address: OrderAddressRecord | null;
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
const SORTS: Record<OrderSort, { key: SQL; order: SQL; reverse: SQL; after: SQL; before: SQL }> = {
  newest: {
    key: sql`created_at`,
    order: sql`created_at desc, id desc`,
    reverse: sql`created_at asc, id asc`,
    after: sql.raw('<'),
    before: sql.raw('>'),
  },
  oldest: {
    key: sql`created_at`,
    order: sql`created_at asc, id asc`,
    reverse: sql`created_at desc, id desc`,
    after: sql.raw('>'),
    before: sql.raw('<'),
  },
  'paid-oldest': {
    key: sql`(coalesce(paid_at, created_at))`,
    order: sql`(coalesce(paid_at, created_at)) asc, id asc`,
    reverse: sql`(coalesce(paid_at, created_at)) desc, id desc`,
    after: sql.raw('>'),
    before: sql.raw('<'),
  },
};

function whereOf(filter: OrderFilter, zone: string, extra?: SQL): SQL {
  const conditions: SQL[] = extra ? [extra] : [];
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
  if (filter.ids.length)
    conditions.push(
      sql`id in (${sql.join(
        filter.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  anyOf(sql`payment_status`, filter.payment);
  anyOf(sql`fulfillment_status`, filter.fulfillment);
  if (filter.queue === 'to-ship') conditions.push(READY_TO_SHIP);
  if (filter.tag) conditions.push(sql`tags @> ${JSON.stringify([filter.tag])}::jsonb`);
  if (filter.paymentMethod) conditions.push(sql`payment_method = ${filter.paymentMethod}`);
  if (filter.region) conditions.push(sql`region_id = ${filter.region}`);
  // Days are the store's (STORE_TIME_ZONE): "placed from 3 March" starts at midnight there.
  if (filter.from)
    conditions.push(sql`created_at >= ${startOfStoreDay(filter.from, zone).toISOString()}::timestamptz`);
  if (filter.to)
    conditions.push(sql`created_at < ${endOfStoreDay(filter.to, zone).toISOString()}::timestamptz`);
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
    paidAt: raw.paid_micros === null ? null : new Date(Math.floor(Number(raw.paid_micros) / 1000)),
    shippingMethod: raw.shipping_method,
    shippingAddress: raw.shipping_address,
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

const SHIP_TO_COLUMNS = [
  'ship_to_name',
  'ship_to_company',
  'ship_to_street_1',
  'ship_to_street_2',
  'ship_to_city',
  'ship_to_state',
  'ship_to_zip',
  'ship_to_country',
  'ship_to_phone',
] as const;

function shipTo(address: OrderAddressRecord | null): string[] {
  const a = address ?? ({} as Partial<OrderAddressRecord>);
  return [
    `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim(),
    a.company ?? '',
    a.street_1 ?? '',
    a.street_2 ?? '',
    a.city ?? '',
    a.state ?? '',
    a.zip ?? '',
    a.country_iso2 ?? '',
    a.phone ?? '',
  ];
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
  'payment_status',
  'fulfillment_status',
  'tags',
  ...SHIP_TO_COLUMNS,
] as const;

/** A warehouse's view of the same orders: one row per line, with where it goes (issue 40). */
export const LINES_CSV_COLUMNS = [
  'order_number',
  'date_created',
  'paid_at',
  'payment_status',
  'fulfillment_status',
  'sku',
  'item',
  'quantity',
  'shipped',
  'left_to_ship',
  'price',
  'currency',
  'shipping_method',
  'email',
  ...SHIP_TO_COLUMNS,
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
    row.paymentStatus,
    row.fulfillmentStatus,
    row.tags.join(', '),
    ...shipTo(row.shippingAddress),
  ];
}

const EXPORT_PAGE = 1000;

/** The list's query: one page of `limit` rows after the filter's cursor (exported for the bench's EXPLAIN). */
export function orderListSql(filter: OrderFilter, limit: number, zone = DEFAULT_STORE_TIME_ZONE): SQL {
  const sort = SORTS[sortOf(filter)];
  return sql`
    select id, (extract(epoch from ${sort.key}) * 1000000)::bigint::text as micros, customer_id,
      billing_address->>'first_name' as first_name, billing_address->>'last_name' as last_name, email,
      region_id, currency_code, subtotal, shipping_cost, total, status, status_id, payment_method,
      billing_address->>'country_iso2' as country, payment_status, fulfillment_status, tags,
      (extract(epoch from created_at) * 1000000)::bigint::text as created_micros,
      (extract(epoch from paid_at) * 1000000)::bigint::text as paid_micros, shipping_method, shipping_address
    from orders ${whereOf(filter, zone)}
    order by ${sort.order}
    limit ${limit}`;
}

export function createOrderQueries(db: Database, zone: string = DEFAULT_STORE_TIME_ZONE) {
  async function page(filter: OrderFilter, limit: number): Promise<OrderListPage> {
    const result = (await db.execute(orderListSql(filter, limit + 1, zone))) as unknown as { rows: RawRow[] };
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

    /** The filtered orders' lines as CSV chunks (a header, then one chunk per 1,000 orders). */
    async *exportLinesCsvChunks(input: OrderFilterInput | OrderFilter): AsyncGenerator<string> {
      const filter = { ...validFilter(input), after: undefined };
      yield toCsv([[...LINES_CSV_COLUMNS]]);
      let after: string | undefined;
      do {
        const result = await page({ ...filter, after }, EXPORT_PAGE);
        if (result.orders.length) {
          const ids = result.orders.map((order) => order.id);
          const [lines, parcels] = await Promise.all([
            db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
            db.select({ items: shipments.items }).from(shipments).where(inArray(shipments.orderId, ids)),
          ]);
          const shipped = new Map<number, number>();
          for (const parcel of parcels)
            for (const item of parcel.items)
              shipped.set(item.order_item_id, (shipped.get(item.order_item_id) ?? 0) + item.quantity);
          const byOrder = new Map<number, (typeof lines)[number][]>();
          for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
          yield toCsv(
            result.orders.flatMap((order) =>
              (byOrder.get(order.id) ?? []).map((line) => {
                const sent = shipped.get(line.id) ?? 0;
                return [
                  String(order.id),
                  order.createdAt.toISOString(),
                  order.paidAt?.toISOString() ?? '',
                  order.paymentStatus,
                  order.fulfillmentStatus,
                  line.sku,
                  line.name,
                  String(line.quantity),
                  String(sent),
                  String(Math.max(line.quantity - sent, 0)),
                  line.price.toFixed(2),
                  order.currencyCode,
                  order.shippingMethod,
                  order.email,
                  ...shipTo(order.shippingAddress),
                ];
              }),
            ),
          );
        }
        after = result.next ?? undefined;
      } while (after);
    },

    /**
     * The orders before and after one in the filtered list, as it is sorted: the order page's "previous" and
     * "next", so a queue is worked through without going back to the list. Null at either end, and both null for
     * an order the filter does not hold.
     */
    async neighbours(input: OrderFilterInput | OrderFilter, orderId: number) {
      const filter = { ...validFilter(input), after: undefined };
      const sort = SORTS[sortOf(filter)];
      const key = (await db.execute(
        sql`select (extract(epoch from ${sort.key}) * 1000000)::bigint::text as micros from orders where id = ${orderId}`,
      )) as unknown as { rows: { micros: string }[] };
      const micros = key.rows[0]?.micros;
      if (!micros) return { previous: null, next: null };
      const at = sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${orderId})`;
      const [next, previous] = await Promise.all([
        db.execute(
          sql`select id from orders ${whereOf(filter, zone, sql`(${sort.key}, id) ${sort.after} ${at}`)} order by ${sort.order} limit 1`,
        ),
        db.execute(
          sql`select id from orders ${whereOf(filter, zone, sql`(${sort.key}, id) ${sort.before} ${at}`)} order by ${sort.reverse} limit 1`,
        ),
      ]);
      const idOf = (result: unknown) => {
        const row = (result as { rows: { id: number }[] }).rows[0];
        return row ? Number(row.id) : null;
      };
      return { previous: idOf(previous), next: idOf(next) };
    },

    /** The lines CSV as a byte stream. */
    exportLinesCsv(input: OrderFilterInput | OrderFilter): ReadableStream<Uint8Array> {
      const filter = validFilter(input);
      return streamOf(api.exportLinesCsvChunks(filter));
    },

    /** The CSV export as a byte stream for a Response body (pulled page by page). */
    exportCsv(input: OrderFilterInput | OrderFilter): ReadableStream<Uint8Array> {
      // Validate now, so a bad filter is refused before any byte is sent.
      const filter = validFilter(input);
      return streamOf(api.exportCsvChunks(filter));
    },
  };
  return api;
}

/** Chunks of text as a byte stream a Response can send, pulled one chunk at a time. */
function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
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
}

export type OrderQueries = ReturnType<typeof createOrderQueries>;

import { and, asc, eq, sql } from 'drizzle-orm';
import { standingOf } from '#core/order-standing.ts';
import { SHIPPING_ZONES } from '../../seed/catalogue/index.ts';
import { salePriceNow } from '../commerce/sale-price.ts';
import { productPrices, products, variants } from '../commerce/schema-catalogue.ts';
import type { OrderAddressRecord } from '../commerce/schema-sales.ts';
import type { Database } from '../db/database.ts';

/**
 * The demo store's order history (issue 19, dashboard): about 3,000 guest orders over the last 90 days across
 * the three commerce regions, so the back office's chart, lists and search mean something. Deterministic: a
 * seeded PRNG (no Math.random) and dates counted back from `now`; the same database state and `now` give the
 * same rows. Order numbers come from the checkout sequence `order_numbers` in date order, so checkout carries on
 * after them. Idempotent: written only when no history order is present (their idempotency key is
 * `seed-history:<n>`).
 */

export const HISTORY_KEY_PREFIX = 'seed-history:';

export interface OrderHistoryOptions {
  now?: Date;
  /** About how many orders to write (default 3,000). */
  count?: number;
  days?: number;
  seed?: number;
}

/** mulberry32: a small, fast, seeded PRNG. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Region = 'us' | 'ca' | 'eu_region_1';
const CURRENCY: Record<Region, string> = { us: 'USD', ca: 'CAD', eu_region_1: 'EUR' };

interface Place {
  country: string;
  city: string;
  state: string;
  zip: string;
}

const PLACES: Record<Region, readonly Place[]> = {
  us: [
    { country: 'US', city: 'Burlington', state: 'Vermont', zip: '05401' },
    { country: 'US', city: 'Bozeman', state: 'Montana', zip: '59715' },
    { country: 'US', city: 'Denver', state: 'Colorado', zip: '80202' },
    { country: 'US', city: 'Boulder', state: 'Colorado', zip: '80302' },
    { country: 'US', city: 'Salt Lake City', state: 'Utah', zip: '84101' },
    { country: 'US', city: 'Seattle', state: 'Washington', zip: '98101' },
    { country: 'US', city: 'Portland', state: 'Oregon', zip: '97205' },
    { country: 'US', city: 'Minneapolis', state: 'Minnesota', zip: '55401' },
    { country: 'US', city: 'Duluth', state: 'Minnesota', zip: '55802' },
    { country: 'US', city: 'Lake Placid', state: 'New York', zip: '12946' },
    { country: 'US', city: 'Albany', state: 'New York', zip: '12207' },
    { country: 'US', city: 'North Conway', state: 'New Hampshire', zip: '03860' },
    { country: 'US', city: 'Bangor', state: 'Maine', zip: '04401' },
    { country: 'US', city: 'Truckee', state: 'California', zip: '96161' },
    { country: 'US', city: 'Bend', state: 'Oregon', zip: '97701' },
    { country: 'US', city: 'Anchorage', state: 'Alaska', zip: '99501' },
    { country: 'US', city: 'Madison', state: 'Wisconsin', zip: '53703' },
    { country: 'US', city: 'Marquette', state: 'Michigan', zip: '49855' },
    { country: 'US', city: 'Jackson', state: 'Wyoming', zip: '83001' },
    { country: 'US', city: 'Boise', state: 'Idaho', zip: '83702' },
  ],
  ca: [
    { country: 'CA', city: 'Calgary', state: 'Alberta', zip: 'T2P 1J9' },
    { country: 'CA', city: 'Canmore', state: 'Alberta', zip: 'T1W 1P1' },
    { country: 'CA', city: 'Vancouver', state: 'British Columbia', zip: 'V6B 1A1' },
    { country: 'CA', city: 'Whistler', state: 'British Columbia', zip: 'V8E 0A1' },
    { country: 'CA', city: 'Toronto', state: 'Ontario', zip: 'M5H 2N2' },
    { country: 'CA', city: 'Ottawa', state: 'Ontario', zip: 'K1P 1J1' },
    { country: 'CA', city: 'Montréal', state: 'Quebec', zip: 'H2Y 1C6' },
    { country: 'CA', city: 'Québec', state: 'Quebec', zip: 'G1R 4P5' },
    { country: 'CA', city: 'Winnipeg', state: 'Manitoba', zip: 'R3C 0V8' },
    { country: 'CA', city: 'Halifax', state: 'Nova Scotia', zip: 'B3J 1S9' },
  ],
  eu_region_1: [
    { country: 'DE', city: 'München', state: '', zip: '80331' },
    { country: 'DE', city: 'Garmisch-Partenkirchen', state: '', zip: '82467' },
    { country: 'DE', city: 'Berlin', state: '', zip: '10115' },
    { country: 'DE', city: 'Freiburg', state: '', zip: '79098' },
    { country: 'AT', city: 'Innsbruck', state: '', zip: '6020' },
    { country: 'AT', city: 'Salzburg', state: '', zip: '5020' },
    { country: 'AT', city: 'Wien', state: '', zip: '1010' },
    { country: 'FR', city: 'Chamonix', state: '', zip: '74400' },
    { country: 'FR', city: 'Grenoble', state: '', zip: '38000' },
    { country: 'FR', city: 'Lyon', state: '', zip: '69002' },
    { country: 'IT', city: 'Bolzano', state: '', zip: '39100' },
    { country: 'IT', city: 'Torino', state: '', zip: '10121' },
    { country: 'ES', city: 'Jaca', state: '', zip: '22700' },
    { country: 'ES', city: 'Granada', state: '', zip: '18009' },
    { country: 'NL', city: 'Utrecht', state: '', zip: '3511 AB' },
    { country: 'NL', city: 'Amsterdam', state: '', zip: '1012 JS' },
  ],
};

const NAMES: Record<
  string,
  { first: readonly string[]; last: readonly string[]; street: readonly string[] }
> = {
  US: {
    first: [
      'Emma',
      'Olivia',
      'Ava',
      'Sophia',
      'Mia',
      'Liam',
      'Noah',
      'James',
      'Ethan',
      'Mason',
      'Grace',
      'Chloe',
    ],
    last: [
      'Smith',
      'Johnson',
      'Williams',
      'Brown',
      'Jones',
      'Miller',
      'Davis',
      'Wilson',
      'Anderson',
      'Taylor',
    ],
    street: ['Main Street', 'Pine Avenue', 'Maple Drive', 'Summit Road', 'Lakeview Lane', 'Ridge Road'],
  },
  CA: {
    first: ['Olivia', 'Emily', 'Liam', 'Lucas', 'Chloé', 'Nathan', 'Léa', 'Owen', 'Charlotte', 'Benjamin'],
    last: ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'MacDonald', 'Campbell', 'Martin', 'Thompson', 'Wong', 'Lee'],
    street: [
      'King Street',
      'Rue Saint-Denis',
      'Bow Trail',
      'Granville Street',
      'Queen Street',
      'Rue Principale',
    ],
  },
  DE: {
    first: ['Anna', 'Lena', 'Marie', 'Lukas', 'Felix', 'Jonas', 'Leon', 'Sophie', 'Paul', 'Julia'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann'],
    street: ['Hauptstraße', 'Bergstraße', 'Schulstraße', 'Gartenweg', 'Lindenallee'],
  },
  AT: {
    first: ['Anna', 'Katharina', 'Lukas', 'Maximilian', 'Tobias', 'Sarah', 'Florian', 'Johanna'],
    last: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pichler', 'Steiner', 'Moser', 'Mayer'],
    street: ['Hauptplatz', 'Bahnhofstraße', 'Almweg', 'Kirchgasse'],
  },
  FR: {
    first: ['Camille', 'Léa', 'Manon', 'Hugo', 'Louis', 'Jules', 'Chloé', 'Thomas', 'Inès', 'Lucas'],
    last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy'],
    street: ['Rue de la Gare', 'Avenue des Alpes', 'Rue du Lac', 'Chemin des Pins'],
  },
  IT: {
    first: ['Giulia', 'Sofia', 'Aurora', 'Leonardo', 'Francesco', 'Alessandro', 'Matteo', 'Chiara'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci'],
    street: ['Via Roma', 'Via Dante', 'Corso Italia', 'Via dei Monti'],
  },
  ES: {
    first: ['Lucía', 'Sofía', 'Martina', 'Hugo', 'Mateo', 'Daniel', 'Pablo', 'Carmen'],
    last: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez'],
    street: ['Calle Mayor', 'Avenida de la Sierra', 'Calle del Sol', 'Paseo del Prado'],
  },
  NL: {
    first: ['Emma', 'Julia', 'Tess', 'Daan', 'Sem', 'Lucas', 'Noah', 'Sanne'],
    last: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer'],
    street: ['Kerkstraat', 'Dorpsstraat', 'Stationsweg', 'Molenweg'],
  },
};

const CARRIERS: Record<Region, readonly string[]> = {
  us: ['UPS', 'USPS', 'FedEx'],
  ca: ['Canada Post', 'Purolator'],
  eu_region_1: ['DHL', 'DPD', 'GLS'],
};

/** A share of each region in the history, and its orders' payment methods. */
const REGION_SHARE: readonly [Region, number][] = [
  ['us', 0.55],
  ['ca', 0.2],
  ['eu_region_1', 0.25],
];

/** Sunday … Saturday: outdoor shoppers browse at the weekend and buy early in the week. */
const WEEKDAY = [1.25, 1.2, 1.0, 0.95, 0.9, 0.8, 1.0];

const DAY = 86_400_000;

/** Snowshoe demand through the year: lowest in July, highest in mid-January. */
function season(date: Date): number {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  const dayOfYear = (date.getTime() - start) / DAY;
  return 0.3 + 0.7 * ((Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365) + 1) / 2);
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
}

interface CatalogueLine {
  productId: number;
  variantId: number;
  name: string;
  sku: string;
  price: number;
  snowshoe: boolean;
}

/** Sellable variants with their price in each region (sale price when there is one). */
async function catalogueLines(db: Database): Promise<Record<Region, CatalogueLine[]>> {
  const rows = await db
    .select({
      productId: products.id,
      variantId: variants.id,
      name: products.name,
      sku: variants.sku,
      regionId: productPrices.regionId,
      retail: productPrices.retailPrice,
      sale: salePriceNow,
      weight: products.weight,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(productPrices, eq(productPrices.productId, products.id))
    .where(
      and(eq(products.isVisible, true), eq(products.availability, 'available'), sql`${products.id} < 100001`),
    )
    .orderBy(asc(variants.id), asc(productPrices.regionId));
  const lines: Record<Region, CatalogueLine[]> = { us: [], ca: [], eu_region_1: [] };
  for (const row of rows) {
    if (!(row.regionId in lines)) continue;
    lines[row.regionId as Region].push({
      productId: row.productId,
      variantId: row.variantId,
      name: row.name,
      sku: row.sku,
      price: Number(row.sale ?? row.retail),
      snowshoe: Number(row.weight) > 1,
    });
  }
  return lines;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function shippingFor(region: Region, subtotal: number, expedited: boolean): { name: string; cost: number } {
  const zone = SHIPPING_ZONES.find((entry) => entry.regionId === region)!;
  if (expedited) return { name: 'Expedited', cost: zone.expedited };
  if (zone.freeShippingMinimum !== null && subtotal >= zone.freeShippingMinimum)
    return { name: 'Free Shipping', cost: 0 };
  const range = zone.ranges.find(
    (entry) => subtotal >= entry.lower_limit && (entry.upper_limit === null || subtotal <= entry.upper_limit),
  );
  return { name: 'Standard', cost: range?.shipping_cost ?? zone.ranges.at(-1)!.shipping_cost };
}

interface PlannedOrder {
  createdAt: Date;
  region: Region;
  email: string;
  address: OrderAddressRecord;
  status: string;
  statusId: number;
  paymentMethod: string;
  shippingMethod: string;
  subtotal: number;
  shippingCost: number;
  total: number;
  lines: { line: CatalogueLine; quantity: number }[];
  shipment: { carrier: string; tracking: string; shippedAt: Date; deliveredAt: Date | null } | null;
  updatedAt: Date;
}

/** Plans the history in memory (date order, oldest first); pure apart from the catalogue it is given. */
export function planOrderHistory(
  catalogue: Record<Region, CatalogueLine[]>,
  options: Required<OrderHistoryOptions>,
): PlannedOrder[] {
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const now = options.now.getTime();
  const kinds = Object.fromEntries(
    (Object.keys(catalogue) as Region[]).map((region) => [
      region,
      {
        snowshoes: catalogue[region].filter((line) => line.snowshoe),
        accessories: catalogue[region].filter((line) => !line.snowshoe),
      },
    ]),
  ) as Record<Region, { snowshoes: CatalogueLine[]; accessories: CatalogueLine[] }>;

  // Orders per 24-hour window, back from now: weekday × season × noise, scaled to about `count`.
  const weights: number[] = [];
  for (let d = 0; d < options.days; d++) {
    const date = new Date(now - d * DAY);
    weights.push(WEEKDAY[date.getUTCDay()]! * season(date) * (0.8 + 0.4 * random()));
  }
  const scale = options.count / weights.reduce((sum, w) => sum + w, 0);
  const planned: PlannedOrder[] = [];
  for (let d = options.days - 1; d >= 0; d--) {
    const exact = weights[d]! * scale;
    const n = Math.floor(exact) + (random() < exact - Math.floor(exact) ? 1 : 0);
    const offsets = Array.from({ length: n }, () => random()).sort((a, b) => b - a);
    for (const offset of offsets) {
      const ageDays = d + offset;
      const createdAt = new Date(Math.floor(now - ageDays * DAY));
      let share = random();
      let region: Region = 'us';
      for (const [id, part] of REGION_SHARE) {
        region = id;
        if (share < part) break;
        share -= part;
      }
      const place = pick(PLACES[region]);
      const names = NAMES[place.country]!;
      const first = pick(names.first);
      const last = pick(names.last);
      const email = `${ascii(first)}.${ascii(last)}${random() < 0.3 ? Math.floor(random() * 90 + 10) : ''}@example.net`;
      const address: OrderAddressRecord = {
        first_name: first,
        last_name: last,
        street_1: `${Math.floor(random() * 240) + 1} ${pick(names.street)}`,
        city: place.city,
        state: place.state,
        zip: place.zip,
        country_iso2: place.country,
        email,
      };

      // One to three lines; most orders carry a pair of snowshoes.
      const { snowshoes, accessories } = kinds[region];
      const lines: PlannedOrder['lines'] = [];
      if (snowshoes.length && random() < 0.7)
        lines.push({ line: pick(snowshoes), quantity: random() < 0.12 ? 2 : 1 });
      const extra = lines.length ? Math.floor(random() * 2.2) : 1 + Math.floor(random() * 2);
      for (let i = 0; i < extra && accessories.length; i++) {
        const line = pick(accessories);
        if (lines.some((entry) => entry.line.variantId === line.variantId)) continue;
        lines.push({ line, quantity: random() < 0.2 ? 2 : 1 });
      }
      if (!lines.length) continue;
      const subtotal = round2(lines.reduce((sum, entry) => sum + entry.line.price * entry.quantity, 0));
      const shipping = shippingFor(region, subtotal, random() < 0.08);

      const paymentMethod =
        region === 'eu_region_1' && random() < 0.35 ? 'cash_on_delivery' : 'bank_transfer';
      const roll = random();
      let status: [string, number];
      let shipment: PlannedOrder['shipment'] = null;
      if (roll < 0.025) status = ['Cancelled', 5];
      else if (ageDays < 1.5)
        status = paymentMethod === 'bank_transfer' ? ['Awaiting Payment', 7] : ['Awaiting Fulfillment', 11];
      else if (ageDays < 3 && roll < 0.6)
        status =
          paymentMethod === 'bank_transfer' && roll < 0.3
            ? ['Awaiting Payment', 7]
            : ['Awaiting Fulfillment', 11];
      else {
        const shippedAt = new Date(createdAt.getTime() + Math.floor((1 + random()) * DAY));
        const deliveredAt = new Date(shippedAt.getTime() + Math.floor((2 + random() * 4) * DAY));
        const delivered = deliveredAt.getTime() < now && ageDays > 7;
        const carrier = pick(CARRIERS[region]);
        const tracking =
          carrier === 'UPS'
            ? `1Z${Math.floor(random() * 1e8)
                .toString(16)
                .toUpperCase()
                .padStart(7, '0')}${Math.floor(random() * 1e9)}`
            : `${Math.floor(random() * 1e9)}${Math.floor(random() * 1e9)}`.padStart(18, '0');
        shipment = {
          carrier,
          tracking,
          shippedAt: shippedAt.getTime() < now ? shippedAt : new Date(now - 60_000),
          deliveredAt: delivered ? deliveredAt : null,
        };
        status = delivered ? ['Completed', 10] : ['Shipped', 2];
      }
      planned.push({
        createdAt,
        region,
        email,
        address,
        status: status[0],
        statusId: status[1],
        paymentMethod,
        shippingMethod: shipping.name,
        subtotal,
        shippingCost: shipping.cost,
        total: round2(subtotal + shipping.cost),
        lines,
        shipment,
        updatedAt: shipment?.deliveredAt ?? shipment?.shippedAt ?? createdAt,
      });
    }
  }
  return planned;
}

/** Rows in slices of 5,000, so a large history (the bench's 100,000) never makes one huge parameter. */
function chunks<T>(rows: T[], size = 5000): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < rows.length; start += size) slices.push(rows.slice(start, start + size));
  return slices;
}

/** True when the history is already there. */
export async function hasOrderHistory(db: Database): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists(select 1 from orders where idempotency_key like ${`${HISTORY_KEY_PREFIX}%`}) as present`,
  )) as unknown as { rows: { present: boolean }[] };
  return Boolean(result.rows[0]?.present);
}

/**
 * A planned order's standing (core/order-standing.ts): a shipment carries every line; cash on delivery is never
 * recorded as received in the history (no 'paid' event), as the migration that filled the columns reads it.
 */
function plannedStanding(order: PlannedOrder) {
  const paid = order.statusId !== 7 && order.statusId !== 5 && order.paymentMethod !== 'cash_on_delivery';
  return standingOf({
    statusId: order.statusId,
    total: order.total,
    refunded: 0,
    paid,
    delivered: order.statusId === 10,
    lines: order.lines.map((entry, id) => ({
      id,
      name: entry.line.name,
      quantity: entry.quantity,
      shipped: order.shipment ? entry.quantity : 0,
    })),
  });
}

/**
 * Writes the history in one transaction with a few multi-row inserts. Returns how many orders it wrote (0 when
 * the history was already there).
 */
export async function seedOrderHistory(db: Database, options: OrderHistoryOptions = {}): Promise<number> {
  const settings: Required<OrderHistoryOptions> = {
    now: options.now ?? new Date(),
    count: options.count ?? 3000,
    days: options.days ?? 90,
    seed: options.seed ?? 19_2026,
  };
  if (await hasOrderHistory(db)) return 0;
  const catalogue = await catalogueLines(db);
  if (!catalogue.us.length || !catalogue.ca.length || !catalogue.eu_region_1.length) return 0;
  const planned = planOrderHistory(catalogue, settings);
  if (!planned.length) return 0;
  return db.transaction(async (tx) => {
    // Lock against a second seeder at once, then check again inside.
    await tx.execute(sql`select pg_advisory_xact_lock(190019)`);
    if (await hasOrderHistory(tx as unknown as Database)) return 0;
    const numbered = (await tx.execute(
      sql`select nextval('order_numbers')::int as id from generate_series(1, ${planned.length}::int) order by 1`,
    )) as unknown as { rows: { id: number }[] };
    const ids = numbered.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    // One JSON parameter per table (jsonb_to_recordset): far faster than thousands of bound values.
    const orderRows = planned.map((order, index) => {
      const standing = plannedStanding(order);
      return {
        id: ids[index]!,
        email: order.email,
        region_id: order.region,
        currency_code: CURRENCY[order.region],
        status: order.status,
        status_id: order.statusId,
        subtotal: order.subtotal,
        shipping_cost: order.shippingCost,
        total: order.total,
        address: order.address,
        created_at: order.createdAt.toISOString(),
        idempotency_key: `${HISTORY_KEY_PREFIX}${index + 1}`,
        payment_method: order.paymentMethod,
        shipping_method: order.shippingMethod,
        updated_at: order.updatedAt.toISOString(),
        payment_status: standing.payment,
        fulfillment_status: standing.fulfillment,
        paid_at: standing.payment === 'paid' ? order.createdAt.toISOString() : null,
      };
    });
    for (const chunk of chunks(orderRows))
      await tx.execute(sql`
      insert into orders (id, customer_id, email, region_id, currency_code, status, status_id, subtotal,
        shipping_cost, total, billing_address, shipping_address, created_at, idempotency_key, payment_method,
        shipping_method, updated_at, payment_status, fulfillment_status, paid_at)
      select id, null, email, region_id, currency_code, status, status_id, subtotal, shipping_cost, total,
        address, address, created_at, idempotency_key, payment_method, shipping_method, updated_at,
        payment_status, fulfillment_status, paid_at
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id int, email text, region_id text,
        currency_code text, status text, status_id int, subtotal numeric, shipping_cost numeric, total numeric,
        address jsonb, created_at timestamptz, idempotency_key text, payment_method text, shipping_method text,
        updated_at timestamptz, payment_status text, fulfillment_status text, paid_at timestamptz)
      order by id`);

    const itemRows = planned.flatMap((order, index) =>
      order.lines.map((entry, line) => ({
        n: index * 10 + line,
        order_id: ids[index]!,
        product_id: entry.line.productId,
        variant_id: entry.line.variantId,
        name: entry.line.name,
        sku: entry.line.sku,
        quantity: entry.quantity,
        price: entry.line.price,
      })),
    );
    for (const chunk of chunks(itemRows))
      await tx.execute(sql`
      insert into order_items (order_id, product_id, variant_id, name, sku, quantity, price)
      select order_id, product_id, variant_id, name, sku, quantity, price
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(n int, order_id int,
        product_id int, variant_id int, name text, sku text, quantity int, price numeric)
      order by n`);

    const shipmentRows = planned.flatMap((order, index) =>
      order.shipment
        ? [
            {
              order_id: ids[index]!,
              carrier: order.shipment.carrier,
              tracking_number: order.shipment.tracking,
              shipped_at: order.shipment.shippedAt.toISOString(),
              delivered_at: order.shipment.deliveredAt?.toISOString() ?? null,
            },
          ]
        : [],
    );
    // Each shipment carries every line of its order.
    for (const chunk of chunks(shipmentRows))
      await tx.execute(sql`
      insert into shipments (order_id, carrier, tracking_number, shipped_at, delivered_at, items)
      select x.order_id, x.carrier, x.tracking_number, x.shipped_at, x.delivered_at,
        coalesce((select jsonb_agg(jsonb_build_object('order_item_id', i.id, 'quantity', i.quantity) order by i.id)
          from order_items i where i.order_id = x.order_id), '[]'::jsonb)
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(order_id int, carrier text,
        tracking_number text, shipped_at timestamptz, delivered_at timestamptz)
      order by x.order_id`);
    return planned.length;
  });
}

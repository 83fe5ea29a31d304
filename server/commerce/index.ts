/**
 * The built-in commerce engine: the public face of server/commerce. The storefront's loaders call the
 * `Commerce` port in-process; the /api routes (server/http/api) call the same port. A hosted-platform adapter
 * can implement the same interface later. Sessions, their cookies and the session's cart are the store's, not
 * commerce's (server/sessions/); sign-in is given them.
 */
import { asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { COMMERCE_REGIONS } from '#core/regions.ts';
import { statesOf } from '#core/states.ts';
import type { Database } from '../db/database.ts';
import { createEventBus, type EventBus } from '../events/domain-events.ts';
import { createOfflinePayment, type PaymentProvider } from '../payment/payment.ts';
import { createSessions, type Sessions } from '../sessions/sessions.ts';
import { type AccountLimits, type Accounts, createAccounts, DEFAULT_ACCOUNT_LIMITS } from './accounts.ts';
import type { CommerceAdmin } from './admin-port.ts';
import { type Carts, type CodeThrottle, codeThrottle, createCarts } from './carts.ts';
import { type Catalogue, createCatalogue } from './catalogue.ts';
import { type CatalogueAdmin, createCatalogueAdmin } from './catalogue-admin.ts';
import { type CatalogueCsv, createCatalogueCsv } from './catalogue-csv.ts';
import { type Checkout, createCheckout, type PlaceOrderInput, paymentDeclined } from './checkout.ts';
import { type CurrencyJson, currencyJson } from './currency-json.ts';
import { type CustomerAdmin, createCustomerAdmin } from './customer-admin.ts';
import { type Customers, createCustomers } from './customers.ts';
import {
  createDiscountCodeAdmin,
  createDiscountCodeReader,
  type DiscountCodeAdmin,
} from './discount-codes.ts';
import { notFound } from './errors.ts';
import { createFitCharts, type FitCharts } from './fit-charts.ts';
import { createGroupRulesAdmin, type GroupRulesAdmin } from './group-rules-admin.ts';
import { createGroups, type Groups } from './groups.ts';
import { createOrderAdmin, type OrderAdmin } from './order-admin.ts';
import { createOrderAnnouncements, type OrderAnnouncements } from './order-announcements.ts';
import { createOrderPayments, type OrderPayments } from './order-payment.ts';
import { createOrderQueries, type OrderQueries } from './order-queries.ts';
import { createOrders, DEFAULT_ORDER_STATUS_LIMITS, type OrderStatusLimits, type Orders } from './orders.ts';
import type { StorefrontCommerce } from './port.ts';
import { createPriceAdmin, type PriceAdmin } from './price-admin.ts';
import { createProAccounts, type ProAccounts } from './pro-accounts.ts';
import { createProductAdmin, type ProductAdmin, type ProductContentPort } from './product-create.ts';
import { createRateLimits, type RateLimits } from './rate-limits.ts';
import { createReports, type Reports } from './reports.ts';
import { createReviews, type Reviews } from './reviews.ts';
import { createSaleSchedule, type SaleSchedule } from './sale-schedule.ts';
import { commerceRegions, countries, currencies } from './schema.ts';
import { createShipping, type Shipping } from './shipping.ts';
import { createShippingAdmin, type ShippingAdmin } from './shipping-admin.ts';
import { createStock, type Stock } from './stock.ts';
import { createStockAdmin, type StockAdmin } from './stock-admin.ts';

export type { AccountLimits, Accounts, Caller, SignedIn } from './accounts.ts';
export type { CommerceAdmin } from './admin-port.ts';
export { MAX_LINE_QUANTITY } from './carts.ts';
export type { ProductJson, VariantJson } from './catalogue.ts';
export type { CatalogueAdmin, ProductListPage, ProductListRow } from './catalogue-admin.ts';
export type { CatalogueCsv, CatalogueImportReport, CatalogueImportResult } from './catalogue-csv.ts';
export {
  type CheckoutAddress,
  CheckoutError,
  type CheckoutErrorCode,
  type PlacedOrder,
  type PlaceOrderInput,
} from './checkout.ts';
export type { AdminCustomerJson, CustomerAdmin } from './customer-admin.ts';
export type { CustomerJson } from './customers.ts';
export { RESET_TOKEN_TTL_MINUTES } from './customers.ts';
export type {
  DiscountCodeAdmin,
  DiscountCodeInput,
  DiscountCodeListRow,
  DiscountCodeRow,
} from './discount-codes.ts';
export { CommerceError, errorCodeOf } from './errors.ts';
export type { GroupRulesAdmin } from './group-rules-admin.ts';
export type { OrderAdmin, ShipmentInput } from './order-admin.ts';
export { ANNOUNCEMENT_RETRY_AFTER_SECONDS, type OrderAnnouncements } from './order-announcements.ts';
export type { OrderListPage, OrderListRow } from './order-queries.ts';
export type { PricingContext, StorefrontCommerce } from './port.ts';
export type { GroupPrice, PriceAdmin, RegionPrices } from './price-admin.ts';
export { discountedPrice } from './pricing.ts';
export type { ProAccounts, ProTerms } from './pro-accounts.ts';
export type { NewProduct, ProductAdmin, ProductContentInput, ProductContentPort } from './product-create.ts';
export type { DailyReport, DailySeries, LowStockVariant, ProApplication } from './reports.ts';
export type { ShippingAdmin, ShippingMethodView, ShippingOverview } from './shipping-admin.ts';
export type { Stock, StockChange, StockRequest } from './stock.ts';
export type { StockAdmin, StockHistoryPage, StockMovementRow, StockVariantRow } from './stock-admin.ts';

/**
 * Placing an order, announced as 'order-placed' (with the shopper's locale segment for the mail) after the answer,
 * from the pending announcement written with the order (order-announcements.ts).
 */
export type OrderPlacement = Omit<Checkout, 'placeOrder'> & {
  placeOrder(input: PlaceOrderInput): ReturnType<Checkout['placeOrder']>;
};

export interface Commerce {
  /** Products, variants, categories and stock; prices through a PricingContext from `groups.pricing`. */
  catalogue: Catalogue;
  /** Back office (issue 20): the product list, one product's commerce record, publish, flags and category. */
  catalogueAdmin: CatalogueAdmin;
  /** Back office (issue 20): create a product (variants, prices, content entry); add or retire option values. */
  productAdmin: ProductAdmin;
  /** Back office (issue 20): retail and sale price per region with a schedule, and what each group pays. */
  priceAdmin: PriceAdmin;
  /** Moves the 'catalogue' data version when a scheduled sale starts or ends (started with the background work). */
  saleSchedule: SaleSchedule;
  /** Back office (issue 20): a customer group's discount rules, added and removed one at a time, audited. */
  groupRulesAdmin: GroupRulesAdmin;
  /** Back office (issue 20): the catalogue CSV export, dry run and import (catalogue-csv.ts). */
  catalogueCsv: CatalogueCsv;
  /** Customer groups, the §6 pricing rule (`pricing(region, customerId)`) and pro status. */
  groups: Groups;
  customers: Customers;
  carts: Carts;
  /** Back office (issue 41): discount codes with their uses and revenue; create, edit, deactivate, audited. */
  discountCodes: DiscountCodeAdmin;
  /** Counts a client's discount-code attempt with the sign-in's per-address limit (429 past it). */
  discountCodeThrottle: CodeThrottle;
  /** Reviews from buyers (issue 45): write, moderate, show, vote (reviews.ts). */
  reviews: Reviews;
  /** Fit charts (issue 45): a product's load ranges per size for the fit finder, edited on the back office's Fit tab. */
  fitCharts: FitCharts;
  shipping: Shipping;
  /** Back office (issue 20): zones, methods and ranges, free-shipping minimums and hidden groups per region. */
  shippingAdmin: ShippingAdmin;
  orders: Orders;
  /** The back office's order use cases (issue 19): detail, mark paid, ship, deliver, cancel, refund. */
  orderAdmin: OrderAdmin;
  /** The back office's orders list, search and CSV export (order-queries.ts). */
  orderQueries: OrderQueries;
  /** The back office dashboard's figures (reports.ts). */
  reports: Reports;
  /** Every stock change but checkout's, one path (stock.ts); a variant back in stock announces 'back-in-stock'. */
  stock: Stock;
  /** Back office (issue 20): variants' stock, history per variant, counts, adjustments, low-stock threshold. */
  stockAdmin: StockAdmin;
  /** Placing orders: one transaction with row locks and an idempotency key (checkout.ts). */
  checkout: OrderPlacement;
  /** Orders' announcements (the confirmation mail) made after the answer; pending ones retried (start, every minute). */
  orderAnnouncements: OrderAnnouncements;
  /** Orders' payments, asked of the provider after the commit; pending ones retried, later ones by webhook. */
  orderPayments: OrderPayments;
  /** Sign-up, sign-in, sign-out and reset requests with their throttles, for every door (accounts.ts). */
  accounts: Accounts;
  /** Back office (issue 19): customer search, page, group, reset mail, disable, export and erase. */
  customerAdmin: CustomerAdmin;
  /** Back office (issue 19): the pro application queue, approve/reject, terms and spend. */
  proAccounts: ProAccounts;
  /** What commerce announces after a commit (order placed, reset requested); mail subscribes. */
  events: EventBus;
  rateLimits: RateLimits;
  /** Deletes carts idle past their time (the periodic purge's share of commerce). */
  purgeAbandonedCarts(): Promise<number>;
  currencies: {
    list(regionId?: string): Promise<CurrencyJson[]>;
    get(code: string): Promise<CurrencyJson>;
  };
  countries: {
    list(): Promise<
      { id: string; country: string; country_iso2: string; slug: string; states_count: number }[]
    >;
    states(iso: string): Promise<{ id: string; state: string; state_abbreviation: string; value: string }[]>;
  };
  /** Commerce regions: us, ca, eu_region_1. */
  regionIds: readonly string[];
  isRegion(id: string): boolean;
  store(regionId: string): Promise<{
    id: string;
    name: string;
    region: string;
    currency: string;
    currency_symbol: string;
    weight_units: string;
  }>;
}

/**
 * What the rest of the store is given (`Services.commerce`): the storefront's port (port.ts) and the back office's
 * (admin-port.ts), whose members keep the ports' types, so pages, /api and the back office see nothing of the
 * engine's; beside them the engine's machinery (throttles, events, timed work).
 */
export type CommerceServices = StorefrontCommerce &
  CommerceAdmin &
  Omit<Commerce, Exclude<keyof StorefrontCommerce, 'reviews' | 'fitCharts'> | keyof CommerceAdmin>;

export type { CurrencyJson };

export interface CommerceOptions {
  logger?: Pick<Logger, 'warn' | 'error'>;
  accountLimits?: AccountLimits;
  orderStatusLimits?: OrderStatusLimits;
  /** Where a created product's content entry is written (the built-in content service); none: commerce only. */
  productContent?: ProductContentPort;
  /** SPEC §9's blocked URL substrings: a product address holding one could never be opened, so it is refused. */
  blockedUrlSubstrings?: readonly string[];
  /** STORE_TIME_ZONE: the days of the back office's order filters. */
  storeTimeZone?: string;
  /** THROTTLE_KEY, the key of the throttles' hashed keys; unset (tests), one is drawn for this engine. */
  throttleKey?: string;
  /** "Helpful" votes on reviews per client address per window (REVIEW_VOTE_LIMIT_PER_IP). */
  reviewVotes?: { perClient: number; windowSeconds: number };
  /** The payment provider, built once by the store (server/services.ts); unset (engine tests), the offline methods. */
  payment?: PaymentProvider;
  /** The store's sessions, which sign-in replaces and sign-out ends; unset (engine tests), a default set. */
  sessions?: Sessions;
}

const silent = { warn: () => {}, error: () => {} };

export function createCommerce(db: Database, options: CommerceOptions = {}): Commerce {
  const logger = options.logger ?? silent;
  const groups = createGroups(db);
  const shipping = createShipping(db);
  const regionIds = COMMERCE_REGIONS;
  const events = createEventBus(logger);
  const customers = createCustomers(db);
  const carts = createCarts(db, groups, shipping, createDiscountCodeReader(db));
  const rateLimits = createRateLimits(db, options.throttleKey);
  const sessions = options.sessions ?? createSessions(db, undefined, rateLimits);
  const payment = options.payment ?? createOfflinePayment();
  const checkout = createCheckout(db, groups, shipping, payment);
  const announcements = createOrderAnnouncements(db, events, logger);
  const payments = createOrderPayments(db, payment, announcements, logger);
  const accountLimits = options.accountLimits ?? DEFAULT_ACCOUNT_LIMITS;
  const accounts = createAccounts({
    customers,
    carts,
    sessions,
    rateLimits,
    events,
    limits: () => accountLimits,
  });
  const customerAdmin = createCustomerAdmin({ db, customers, accounts, groups, rateLimits });
  const proAccounts = createProAccounts({ db, groups, customerAdmin, events });
  const stock = createStock(db, { onBackInStock: (changes) => events.emit('back-in-stock', { changes }) });

  async function regionCurrency(regionId: string): Promise<string | undefined> {
    const [row] = await db.select().from(commerceRegions).where(eq(commerceRegions.id, regionId));
    return row?.currencyCode;
  }

  const engine: Commerce = {
    catalogue: createCatalogue(db),
    catalogueAdmin: createCatalogueAdmin(db),
    productAdmin: createProductAdmin(db, options.productContent ?? null, options.blockedUrlSubstrings ?? []),
    priceAdmin: createPriceAdmin(db),
    groupRulesAdmin: createGroupRulesAdmin(db),
    saleSchedule: createSaleSchedule(db, {
      onError: (error) => logger.error({ err: error }, 'the sale schedule watcher could not look'),
    }),
    catalogueCsv: createCatalogueCsv(db, stock, { logger, zone: options.storeTimeZone }),
    groups,
    customers,
    carts,
    discountCodes: createDiscountCodeAdmin(db),
    fitCharts: createFitCharts(db),
    reviews: createReviews(db, {
      rateLimits,
      votesPerClient: options.reviewVotes?.perClient,
      windowSeconds: options.reviewVotes?.windowSeconds,
    }),
    discountCodeThrottle: codeThrottle(rateLimits, () => ({
      perIp: accountLimits.loginPerIp,
      windowSeconds: accountLimits.windowSeconds,
    })),
    shipping,
    shippingAdmin: createShippingAdmin(db),
    orders: createOrders(db, {
      rateLimits,
      statusLimits: options.orderStatusLimits ?? DEFAULT_ORDER_STATUS_LIMITS,
    }),
    orderAdmin: createOrderAdmin(db, events, stock, payment),
    orderQueries: createOrderQueries(db, options.storeTimeZone),
    reports: createReports(db),
    stock,
    stockAdmin: createStockAdmin(db, stock),
    checkout: {
      ...checkout,
      async placeOrder(input) {
        const placed = await checkout.placeOrder(input);
        if (!placed.paymentPending) return placed;
        // The order is committed with its payment pending; the provider is asked now, outside its transaction.
        // A provider that fails to answer leaves it pending: the order stands and the minute's retry asks again.
        const state = await payments.settle(placed.orderId).catch((error: unknown) => {
          logger.error(
            { err: error, orderId: placed.orderId },
            'authorising a payment failed; retried later',
          );
          return 'pending' as const;
        });
        if (state === 'declined') throw paymentDeclined(placed.orderId);
        return placed;
      },
    },
    orderAnnouncements: announcements,
    orderPayments: payments,
    rateLimits,
    purgeAbandonedCarts: () => carts.purgeAbandoned(),
    accounts,
    customerAdmin,
    proAccounts,
    events,
    regionIds,
    isRegion: (id) => (regionIds as readonly string[]).includes(id),
    currencies: {
      async list(regionId) {
        const defaultCode = regionId ? await regionCurrency(regionId) : undefined;
        const rows = await db.select().from(currencies).orderBy(asc(currencies.code));
        return rows.map((row) => currencyJson(row, defaultCode));
      },
      async get(code) {
        const [row] = await db.select().from(currencies).where(eq(currencies.code, code.toUpperCase()));
        if (!row) throw notFound(`No currency ${code}`);
        return currencyJson(row);
      },
    },
    countries: {
      async list() {
        const rows = await db.select().from(countries).orderBy(asc(countries.sortOrder));
        return rows.map((row) => ({
          id: row.iso,
          country: row.name,
          country_iso2: row.iso.toUpperCase(),
          slug: row.slug,
          states_count: statesOf(row.iso).length,
        }));
      },
      async states(iso) {
        const [row] = await db.select().from(countries).where(eq(countries.iso, iso.toLowerCase()));
        if (!row) throw notFound(`No country ${iso}`);
        return statesOf(row.iso).map((state) => ({
          id: state.code,
          state: state.text,
          state_abbreviation: state.code,
          value: state.value,
        }));
      },
    },
    async store(regionId) {
      const code = (await regionCurrency(regionId)) ?? 'USD';
      const [currency] = await db.select().from(currencies).where(eq(currencies.code, code));
      return {
        id: `ridgeline-${regionId}`,
        name: 'Ridgeline Snowshoe Co.',
        region: regionId,
        currency: code,
        currency_symbol: currency?.token ?? '$',
        weight_units: regionId === 'us' ? 'LBS' : 'KGS',
      };
    },
  };
  // The built-in engine is the port's first implementation: the compiler holds it to the port's every member.
  return engine satisfies StorefrontCommerce & CommerceAdmin;
}

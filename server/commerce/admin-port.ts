/**
 * The back office's commerce port (issue 44, decision 0052): the use cases of the 13 admin modules (products,
 * prices, group rules, the catalogue CSV, discount codes, shipping, orders, the order list, reports, stock,
 * customers and pro accounts), apart from the storefront's port (port.ts) because a hosted platform has an admin of
 * its own: in that mode the back office keeps what the platform lacks. Plain types of its own, like the storefront's;
 * tests/architecture/port-types.test.ts walks it too. The built-in engine `satisfies` it (index.ts).
 */
import type { CsvRowError, RowChange } from '#core/catalogue-csv.ts';
import type { RuleInput } from '#core/discount-rule-edit.ts';
import type { ProPlacement } from '#core/pro-approval.ts';
import type { PriceChange } from '#core/product-price.ts';
import type { ProductText } from '#core/product-text.ts';
import type { RangeInput } from '#core/shipping-ranges.ts';
import type { StockInstruction } from '#core/stock-change.ts';
import type { OptionInput } from '#core/variant-generation.ts';
import type { Actor } from '../audit/audit.ts';
import type { CustomField, DiscountRule, FormField, OrderAddress, ProCodeInfo } from './port.ts';

export type ProductOption = { id: number; name: string; displayName: string; values: OptionValue[] };
export type OptionValue = {
  entityId: number;
  label: string;
  hexColors: string[];
  slug: string;
  image?: string | null | undefined;
};
export type SignupDetails = {
  first_name: string;
  last_name: string;
  company?: string | undefined;
  phone?: string | undefined;
  accepts_marketing?: boolean | undefined;
};
export type StockVariantRow = {
  id: number;
  sku: string;
  options: { name: string; label: string }[];
  level: number;
  lowStockThreshold: number | null;
  threshold: number;
  state: 'in' | 'low' | 'out';
  purchasingDisabled: boolean;
};
export type StockMovementRow = {
  id: number;
  reason: string;
  before: number;
  after: number;
  note: string;
  staffEmail: string | null;
  createdAt: string;
};
export type StockHistoryPage = { rows: StockMovementRow[]; next: number | null };
export type StockChange = { variantId: number; productId: number; before: number; after: number };
export type ProTerms = {
  spendLimit?: number | undefined;
  expiresAt?: Date | null | undefined;
  employee?: boolean | undefined;
};
export type GuardOptions = { confirmed?: boolean | undefined };
export type MethodChange = {
  name: string;
  enabled: boolean;
  ranges?: RangeInput[] | undefined;
  minimum?: number | undefined;
};
export type FreeShippingGroupsChange = { isEnabled: boolean; groupIds: number[] };
export type DiscountCodeInput = {
  code: string;
  description: string;
  kind: 'percent' | 'amount' | 'free_shipping';
  percent: number | null;
  amounts: Record<string, number>;
  scope: 'cart' | 'categories' | 'products';
  categoryIds: number[];
  productIds: number[];
  regionIds: string[];
  minimums: Record<string, number>;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  combinesWithSale: boolean;
  appliesToPro: boolean;
};
export type DiscountCodeListRow = {
  id: number;
  code: string;
  description: string;
  kind: 'percent' | 'amount' | 'free_shipping';
  percent: number | null;
  amounts: Record<string, number>;
  regionIds: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
  uses: number;
  usageLimit: number | null;
  revenue: { currency: string; total: number }[];
  saved: { currency: string; total: number }[];
};
export type GroupPrice = { id: number; name: string; guests: boolean; pays: number };
export type VariantOwnPrice = {
  retail: number;
  sale: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
};
export type VariantPrices = {
  id: number;
  sku: string;
  label: string;
  prices: Record<string, VariantOwnPrice>;
};
export type VariantPriceChange = { variantId: number; regionId: string; price: PriceChange | null };
export type RegionPrices = {
  regionId: string;
  regionName: string;
  currency: string;
  retail: number | null;
  sale: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  saleNow: number | null;
  groups: GroupPrice[];
};
export type RegionPriceChange = {
  regionId: string;
  retail: number;
  sale: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
};
export type ProductListRow = {
  id: number;
  name: string;
  slug: string;
  sku: string;
  category: string;
  published: boolean;
  isNew: boolean;
  isRedesigned: boolean;
  variants: number;
  stock: number;
  stockState: 'in' | 'low' | 'out';
  onSale: boolean;
};
export type ProductListPage = { rows: ProductListRow[]; next: number | null };
export type ProApplication = { customerId: number; email: string; name: string; appliedAt: Date };
export type LowStockVariant = {
  productId: number;
  variantId: number;
  productName: string;
  sku: string;
  level: number;
};
export type DailyPoint = { day: string; orders: number; revenue: number };
export type DailySeries = {
  regionId: string;
  currencyCode: string;
  points: DailyPoint[];
  totalOrders: number;
  totalRevenue: number;
};
export type DailyReport = { days: string[]; series: DailySeries[] };
export type OrderListRow = {
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
  paymentStatus: 'awaiting' | 'paid' | 'partially_refunded' | 'refunded' | 'voided';
  fulfillmentStatus: 'unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'delivered' | 'cancelled';
  tags: string[];
  paidAt: Date | null;
  shippingMethod: string;
  shippingAddress: OrderAddress | null;
};
export type OrderListPage = { orders: OrderListRow[]; next: string | null };
export type LocaleText = {
  locale: 'en-us' | 'de' | 'fr' | 'es' | 'it' | 'sv' | 'no' | 'ja';
  own: boolean;
  text: ProductText;
};
export type NewProduct = {
  name: string;
  slug: string;
  sku: string;
  categoryId: number;
  weight: number;
  description: string;
  tagline: string;
  options: OptionInput[];
  prices: Record<string, number>;
};
export type ImportProgress = { done: number; total: number };
export type CatalogueImportReport = {
  rows: number;
  changes: RowChange[];
  unchanged: number;
  errors: CsvRowError[];
  drops: CsvRowError[];
};
export type CatalogueImportResult = {
  written: boolean;
  stockChanges: number;
  priceChanges: number;
  /** Variants' own prices set or removed, per region. */
  variantPriceChanges: number;
  backInStock: number;
  rows: number;
  changes: RowChange[];
  unchanged: number;
  errors: CsvRowError[];
  drops: CsvRowError[];
};

export interface AdminCatalogue {
  list: (filter: {
    limit: number;
    q?: string | undefined;
    category?: number | undefined;
    published?: boolean | undefined;
    stock?: 'in' | 'low' | 'out' | undefined;
    isNew?: boolean | undefined;
    redesigned?: boolean | undefined;
    onSale?: boolean | undefined;
    after?: number | undefined;
  }) => Promise<ProductListPage>;
  detail: (id: number) => Promise<{
    options: ProductOption[];
    customFields: CustomField[];
    thumbnail: string | null;
    category: { id: number; name: string; path: string; regionIds: Record<string, number> } | null;
    listedIn: { id: number; name: string; path: string }[];
    categories: { id: number; name: string; path: string }[];
    variants: {
      id: number;
      sku: string;
      options: { name: string; label: string }[];
      level: number;
      lowStockThreshold: number | null;
      threshold: number;
      purchasingDisabled: boolean;
      thumbnail: string | null;
    }[];
    prices: {
      regionId: string;
      currency: string;
      retail: number;
      sale: number | null;
      saleStartsAt: string | null;
      saleEndsAt: string | null;
    }[];
    regions: { id: string; currency: string }[];
    published: boolean;
    isNew: boolean;
    isRedesigned: boolean;
    categoryId: number;
    id: number;
    name: string;
    slug: string;
    sku: string;
    description: string;
    weight: number;
    inventoryTracking: 'none' | 'product' | 'variant';
    availability: 'available' | 'preorder' | 'disabled';
  }>;
  setPublished: (
    actor: Actor,
    id: number,
    published: boolean,
  ) => Promise<{ published: boolean; isNew: boolean; isRedesigned: boolean; categoryId: number }>;
  setFlags: (
    actor: Actor,
    id: number,
    flags: { isNew: boolean; isRedesigned: boolean },
  ) => Promise<{ published: boolean; isNew: boolean; isRedesigned: boolean; categoryId: number }>;
  setCategory: (
    actor: Actor,
    id: number,
    categoryId: number,
  ) => Promise<{ published: boolean; isNew: boolean; isRedesigned: boolean; categoryId: number }>;
}

export interface AdminProduct {
  create: (
    actor: Actor,
    input: NewProduct,
  ) => Promise<{ id: number; slug: string; sku: string; variants: number }>;
  duplicate: (
    actor: Actor,
    productId: number,
  ) => Promise<{ id: number; slug: string; sku: string; name: string; variants: number }>;
  setSwatches: (
    actor: Actor,
    productId: number,
    swatches: Record<number, string>,
  ) => Promise<Record<string, string | null>>;
  text: (productId: number) => Promise<LocaleText[]>;
  setText: (
    actor: Actor,
    productId: number,
    locale: 'en-us' | 'de' | 'fr' | 'es' | 'it' | 'sv' | 'no' | 'ja',
    input: ProductText,
  ) => Promise<ProductText>;
  addOptionValue: (
    actor: Actor,
    productId: number,
    optionId: number,
    label: string,
  ) => Promise<{ added: string[]; revived: string[] }>;
  retireOptionValue: (
    actor: Actor,
    productId: number,
    optionId: number,
    valueId: number,
  ) => Promise<{ retired: string; variants: string[] }>;
}

export interface AdminPrice {
  setVariantPrices: (
    actor: Actor,
    productId: number,
    changes: readonly VariantPriceChange[],
    options?: { confirmed?: boolean | undefined },
  ) => Promise<{ variantId: number; regionId: string; price: VariantOwnPrice | null }[]>;
  variantPrices: (productId: number) => Promise<VariantPrices[]>;
  prices: (
    productId: number,
  ) => Promise<{ product: { id: number; name: string; slug: string }; regions: RegionPrices[] }>;
  setPrice: (
    actor: Actor,
    productId: number,
    regionId: string,
    change: PriceChange,
    options?: { confirmed?: boolean | undefined },
  ) => Promise<
    { regionId: string; currency: string } & {
      retail: number;
      sale: number | null;
      saleStartsAt: string | null;
      saleEndsAt: string | null;
    }
  >;
  setPrices: (
    actor: Actor,
    productId: number,
    changes: readonly RegionPriceChange[],
    options?: { confirmed?: boolean | undefined },
  ) => Promise<
    ({ regionId: string; currency: string } & {
      retail: number;
      sale: number | null;
      saleStartsAt: string | null;
      saleEndsAt: string | null;
    })[]
  >;
  removeSale: (
    actor: Actor,
    productId: number,
    regionId: string,
  ) => Promise<{
    retail: number;
    sale: number | null;
    saleStartsAt: string | null;
    saleEndsAt: string | null;
    regionId: string;
    currency: string;
  }>;
}

export interface AdminGroupRules {
  get: (id: number) => Promise<{
    id: number;
    name: string;
    regionId: string;
    guests: boolean;
    pro: boolean;
    rules: DiscountRule[];
  }>;
  categories: () => Promise<{ id: number; path: string }[]>;
  list: () => Promise<
    { id: number; name: string; regionId: string; guests: boolean; pro: boolean; rules: DiscountRule[] }[]
  >;
  productNamed: (reference: string) => Promise<{ id: number; name: string }>;
  addRule: (
    actor: Actor,
    groupId: number,
    rule: RuleInput,
    options?: { confirmed?: boolean | undefined },
  ) => Promise<{
    id: number;
    name: string;
    regionId: string;
    guests: boolean;
    pro: boolean;
    rules: DiscountRule[];
  }>;
  removeRule: (
    actor: Actor,
    groupId: number,
    target: string,
  ) => Promise<{
    id: number;
    name: string;
    regionId: string;
    guests: boolean;
    pro: boolean;
    rules: DiscountRule[];
  }>;
}

export interface AdminCatalogueCsv {
  exportChunks: () => AsyncGenerator<string, void, unknown>;
  exportCsv: () => ReadableStream<Uint8Array<ArrayBufferLike>>;
  dryRun: (text: string) => Promise<CatalogueImportReport>;
  import: (
    actor: Actor,
    text: string,
    input?: {
      fileName?: string | undefined;
      onProgress?: ((progress: ImportProgress) => void) | undefined;
      confirmDrops?: boolean | undefined;
    },
  ) => Promise<CatalogueImportResult>;
}

export interface AdminDiscountCodes {
  list: () => Promise<DiscountCodeListRow[]>;
  get: (id: number) => Promise<{
    id: number;
    createdAt: Date;
    code: string;
    description: string;
    kind: 'percent' | 'amount' | 'free_shipping';
    percent: number | null;
    amounts: Record<string, number>;
    scope: 'cart' | 'categories' | 'products';
    categoryIds: number[];
    productIds: number[];
    regionIds: string[];
    minimums: Record<string, number>;
    startsAt: Date | null;
    endsAt: Date | null;
    usageLimit: number | null;
    perCustomerLimit: number | null;
    combinesWithSale: boolean;
    appliesToPro: boolean;
    active: boolean;
    uses: number;
    version: number;
    updatedAt: Date;
  }>;
  create: (
    actor: Actor,
    input: DiscountCodeInput,
    options?: { confirmed?: boolean | undefined },
  ) => Promise<{
    id: number;
    createdAt: Date;
    code: string;
    description: string;
    kind: 'percent' | 'amount' | 'free_shipping';
    percent: number | null;
    amounts: Record<string, number>;
    scope: 'cart' | 'categories' | 'products';
    categoryIds: number[];
    productIds: number[];
    regionIds: string[];
    minimums: Record<string, number>;
    startsAt: Date | null;
    endsAt: Date | null;
    usageLimit: number | null;
    perCustomerLimit: number | null;
    combinesWithSale: boolean;
    appliesToPro: boolean;
    active: boolean;
    uses: number;
    version: number;
    updatedAt: Date;
  }>;
  update: (
    actor: Actor,
    id: number,
    version: number,
    input: DiscountCodeInput,
    options?: { confirmed?: boolean | undefined },
  ) => Promise<{
    id: number;
    code: string;
    description: string;
    kind: 'percent' | 'amount' | 'free_shipping';
    percent: number | null;
    amounts: Record<string, number>;
    scope: 'cart' | 'categories' | 'products';
    categoryIds: number[];
    productIds: number[];
    regionIds: string[];
    minimums: Record<string, number>;
    startsAt: Date | null;
    endsAt: Date | null;
    active: boolean;
    usageLimit: number | null;
    perCustomerLimit: number | null;
    combinesWithSale: boolean;
    appliesToPro: boolean;
    uses: number;
    version: number;
    createdAt: Date;
    updatedAt: Date;
  }>;
  setActive: (
    actor: Actor,
    id: number,
    active: boolean,
  ) => Promise<{
    id: number;
    code: string;
    description: string;
    kind: 'percent' | 'amount' | 'free_shipping';
    percent: number | null;
    amounts: Record<string, number>;
    scope: 'cart' | 'categories' | 'products';
    categoryIds: number[];
    productIds: number[];
    regionIds: string[];
    minimums: Record<string, number>;
    startsAt: Date | null;
    endsAt: Date | null;
    active: boolean;
    usageLimit: number | null;
    perCustomerLimit: number | null;
    combinesWithSale: boolean;
    appliesToPro: boolean;
    uses: number;
    version: number;
    createdAt: Date;
    updatedAt: Date;
  }>;
}

export interface AdminShipping {
  overview: () => Promise<
    {
      id: string;
      name: string;
      currency: string;
      zones: {
        methods: {
          id: number;
          zoneId: number;
          name: string;
          type: 'total' | 'freeshipping';
          enabled: boolean;
          minimum: number | null;
          ranges: RangeInput[];
        }[];
        id: number;
        name: string;
        enabled: boolean;
        countries: string[];
      }[];
      freeShippingMinimum: number | null;
      freeShippingGroups: { isEnabled: boolean; groupIds: number[] };
      groups: { id: number; name: string }[];
    }[]
  >;
  updateMethod: (
    actor: Actor,
    id: number,
    change: MethodChange,
    options?: GuardOptions,
  ) => Promise<{
    id: number;
    zoneId: number;
    name: string;
    type: 'total' | 'freeshipping';
    enabled: boolean;
    minimum: number | null;
    ranges: RangeInput[];
  }>;
  setZoneCountries: (
    actor: Actor,
    zoneId: number,
    codes: readonly string[],
  ) => Promise<{ id: number; name: string; enabled: boolean; countries: string[] }>;
  setFreeShippingMinimum: (
    actor: Actor,
    regionId: string,
    minimum: number,
    options?: GuardOptions,
  ) => Promise<{ regionId: string; currency: string; freeShippingMinimum: number }>;
  setFreeShippingGroups: (
    actor: Actor,
    regionId: string,
    change: FreeShippingGroupsChange,
  ) => Promise<{ isEnabled: boolean; groupIds: number[] }>;
}

export interface AdminOrder {
  detail: (orderId: number) => Promise<{
    id: number;
    status: string;
    statusId: number;
    paymentStatus: 'awaiting' | 'paid' | 'partially_refunded' | 'refunded' | 'voided';
    fulfillmentStatus: 'unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'delivered' | 'cancelled';
    paidAt: Date | null;
    tags: string[];
    locale: string;
    version: number;
    createdAt: Date;
    updatedAt: Date;
    regionId: string;
    currencyCode: string;
    email: string;
    subtotal: number;
    discount: { code: string; amount: number; shipping: number } | null;
    shippingCost: number;
    taxTotal: number;
    total: number;
    refunded: number;
    leftToRefund: number;
    paid: boolean;
    paymentMethod: { id: string; label: string };
    shippingMethod: string;
    billingAddress: OrderAddress;
    shippingAddress: OrderAddress;
    customer: { id: number; email: string; firstName: string; lastName: string; group: string | null } | null;
    shippingLeftToRefund: number;
    lines: {
      id: number;
      productId: number;
      variantId: number | null;
      name: string;
      sku: string;
      quantity: number;
      price: number;
      lineTotal: number;
      shipped: number;
      leftToShip: number;
      removed: number;
      refundedUnits: number;
      returned: number;
      returnable: number;
    }[];
    shipments: {
      id: number;
      carrier: string;
      trackingNumber: string;
      shippedAt: Date;
      deliveredAt: Date | null;
      items: { orderItemId: number; productId: number | null; quantity: number; name: string; sku: string }[];
    }[];
    refunds: {
      id: number;
      amount: number;
      shipping: number;
      reason: string;
      returnId: number | null;
      createdAt: Date;
      lines: { orderItemId: number; name: string; quantity: number; amount: number; removed: number }[];
    }[];
    returns: {
      id: number;
      reason: string;
      createdAt: Date;
      items: { orderItemId: number; name: string; quantity: number; restock: boolean }[];
    }[];
    timeline: {
      id: number;
      type: string;
      at: Date;
      detail: Record<string, unknown>;
      staff: { id: number; name: string | null; email: string | null } | null;
    }[];
    allowed: ('refund' | 'mark-paid' | 'ship' | 'mark-delivered' | 'cancel' | 'return')[];
  }>;
  markPaid: (
    actor: Actor,
    orderId: number,
    expectedVersion: number,
  ) => Promise<{ orderId: number; version: number; status: string }>;
  addShipment: (
    actor: Actor,
    orderId: number,
    expectedVersion: number,
    input: { carrier: string; trackingNumber: string; lines: { orderItemId: number; quantity: number }[] },
  ) => Promise<{ orderId: number; version: number; status: string; shipmentId: number }>;
  markDelivered: (
    actor: Actor,
    orderId: number,
    expectedVersion: number,
  ) => Promise<{ orderId: number; version: number; status: string }>;
  cancel: (
    actor: Actor,
    orderId: number,
    expectedVersion: number,
    input: { reason: string },
  ) => Promise<{ orderId: number; version: number; status: string }>;
  refund: (
    actor: Actor,
    orderId: number,
    expectedVersion: number,
    input: {
      reason: string;
      amount?: number | undefined;
      lines?: { orderItemId: number; quantity: number; restock?: boolean | undefined }[] | undefined;
      shipping?: number | undefined;
    },
  ) => Promise<{ orderId: number; version: number; status: string; refundId: number }>;
  recordReturn: (
    actor: Actor,
    orderId: number,
    expectedVersion: number,
    input: {
      lines: { orderItemId: number; quantity: number; restock?: boolean | undefined }[];
      reason: string;
      refund?: boolean | undefined;
      shipping?: number | undefined;
    },
  ) => Promise<{
    orderId: number;
    version: number;
    status: string;
    returnId: number;
    refundId: number | null;
  }>;
  addNote: (
    actor: Actor,
    orderId: number,
    expectedVersion: number,
    input: { note: string },
  ) => Promise<{ orderId: number; version: number }>;
  setTags: (
    actor: Actor,
    orderId: number,
    expectedVersion: number,
    input: { tags: string[] },
  ) => Promise<{ orderId: number; version: number; tags: string[] }>;
}

export interface AdminOrderQueries {
  list: (
    input:
      | {
          status: number[];
          payment: ('awaiting' | 'paid' | 'partially_refunded' | 'refunded' | 'voided')[];
          fulfillment: ('unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'delivered' | 'cancelled')[];
          ids: number[];
          limit: number;
          q?: string | undefined;
          queue?: 'to-ship' | undefined;
          tag?: string | undefined;
          sort?: 'newest' | 'oldest' | 'paid-oldest' | undefined;
          paymentMethod?: 'bank_transfer' | 'pay_on_account' | 'cash_on_delivery' | undefined;
          region?: 'us' | 'ca' | 'eu_region_1' | undefined;
          from?: string | undefined;
          to?: string | undefined;
          after?: string | undefined;
        }
      | {
          q?: unknown;
          status?: unknown;
          payment?: unknown;
          fulfillment?: unknown;
          ids?: unknown;
          queue?: unknown;
          tag?: unknown;
          sort?: unknown;
          paymentMethod?: unknown;
          region?: unknown;
          from?: unknown;
          to?: unknown;
          after?: unknown;
          limit?: unknown;
        },
  ) => Promise<OrderListPage>;
  exportCsvChunks: (
    input:
      | {
          status: number[];
          payment: ('awaiting' | 'paid' | 'partially_refunded' | 'refunded' | 'voided')[];
          fulfillment: ('unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'delivered' | 'cancelled')[];
          ids: number[];
          limit: number;
          q?: string | undefined;
          queue?: 'to-ship' | undefined;
          tag?: string | undefined;
          sort?: 'newest' | 'oldest' | 'paid-oldest' | undefined;
          paymentMethod?: 'bank_transfer' | 'pay_on_account' | 'cash_on_delivery' | undefined;
          region?: 'us' | 'ca' | 'eu_region_1' | undefined;
          from?: string | undefined;
          to?: string | undefined;
          after?: string | undefined;
        }
      | {
          q?: unknown;
          status?: unknown;
          payment?: unknown;
          fulfillment?: unknown;
          ids?: unknown;
          queue?: unknown;
          tag?: unknown;
          sort?: unknown;
          paymentMethod?: unknown;
          region?: unknown;
          from?: unknown;
          to?: unknown;
          after?: unknown;
          limit?: unknown;
        },
  ) => AsyncGenerator<string, void, unknown>;
  exportLinesCsvChunks: (
    input:
      | {
          status: number[];
          payment: ('awaiting' | 'paid' | 'partially_refunded' | 'refunded' | 'voided')[];
          fulfillment: ('unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'delivered' | 'cancelled')[];
          ids: number[];
          limit: number;
          q?: string | undefined;
          queue?: 'to-ship' | undefined;
          tag?: string | undefined;
          sort?: 'newest' | 'oldest' | 'paid-oldest' | undefined;
          paymentMethod?: 'bank_transfer' | 'pay_on_account' | 'cash_on_delivery' | undefined;
          region?: 'us' | 'ca' | 'eu_region_1' | undefined;
          from?: string | undefined;
          to?: string | undefined;
          after?: string | undefined;
        }
      | {
          q?: unknown;
          status?: unknown;
          payment?: unknown;
          fulfillment?: unknown;
          ids?: unknown;
          queue?: unknown;
          tag?: unknown;
          sort?: unknown;
          paymentMethod?: unknown;
          region?: unknown;
          from?: unknown;
          to?: unknown;
          after?: unknown;
          limit?: unknown;
        },
  ) => AsyncGenerator<string, void, unknown>;
  neighbours: (
    input:
      | {
          status: number[];
          payment: ('awaiting' | 'paid' | 'partially_refunded' | 'refunded' | 'voided')[];
          fulfillment: ('unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'delivered' | 'cancelled')[];
          ids: number[];
          limit: number;
          q?: string | undefined;
          queue?: 'to-ship' | undefined;
          tag?: string | undefined;
          sort?: 'newest' | 'oldest' | 'paid-oldest' | undefined;
          paymentMethod?: 'bank_transfer' | 'pay_on_account' | 'cash_on_delivery' | undefined;
          region?: 'us' | 'ca' | 'eu_region_1' | undefined;
          from?: string | undefined;
          to?: string | undefined;
          after?: string | undefined;
        }
      | {
          q?: unknown;
          status?: unknown;
          payment?: unknown;
          fulfillment?: unknown;
          ids?: unknown;
          queue?: unknown;
          tag?: unknown;
          sort?: unknown;
          paymentMethod?: unknown;
          region?: unknown;
          from?: unknown;
          to?: unknown;
          after?: unknown;
          limit?: unknown;
        },
    orderId: number,
  ) => Promise<{ previous: number | null; next: number | null }>;
  exportLinesCsv: (
    input:
      | {
          status: number[];
          payment: ('awaiting' | 'paid' | 'partially_refunded' | 'refunded' | 'voided')[];
          fulfillment: ('unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'delivered' | 'cancelled')[];
          ids: number[];
          limit: number;
          q?: string | undefined;
          queue?: 'to-ship' | undefined;
          tag?: string | undefined;
          sort?: 'newest' | 'oldest' | 'paid-oldest' | undefined;
          paymentMethod?: 'bank_transfer' | 'pay_on_account' | 'cash_on_delivery' | undefined;
          region?: 'us' | 'ca' | 'eu_region_1' | undefined;
          from?: string | undefined;
          to?: string | undefined;
          after?: string | undefined;
        }
      | {
          q?: unknown;
          status?: unknown;
          payment?: unknown;
          fulfillment?: unknown;
          ids?: unknown;
          queue?: unknown;
          tag?: unknown;
          sort?: unknown;
          paymentMethod?: unknown;
          region?: unknown;
          from?: unknown;
          to?: unknown;
          after?: unknown;
          limit?: unknown;
        },
  ) => ReadableStream<Uint8Array<ArrayBufferLike>>;
  exportCsv: (
    input:
      | {
          status: number[];
          payment: ('awaiting' | 'paid' | 'partially_refunded' | 'refunded' | 'voided')[];
          fulfillment: ('unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'delivered' | 'cancelled')[];
          ids: number[];
          limit: number;
          q?: string | undefined;
          queue?: 'to-ship' | undefined;
          tag?: string | undefined;
          sort?: 'newest' | 'oldest' | 'paid-oldest' | undefined;
          paymentMethod?: 'bank_transfer' | 'pay_on_account' | 'cash_on_delivery' | undefined;
          region?: 'us' | 'ca' | 'eu_region_1' | undefined;
          from?: string | undefined;
          to?: string | undefined;
          after?: string | undefined;
        }
      | {
          q?: unknown;
          status?: unknown;
          payment?: unknown;
          fulfillment?: unknown;
          ids?: unknown;
          queue?: unknown;
          tag?: unknown;
          sort?: unknown;
          paymentMethod?: unknown;
          region?: unknown;
          from?: unknown;
          to?: unknown;
          after?: unknown;
          limit?: unknown;
        },
  ) => ReadableStream<Uint8Array<ArrayBufferLike>>;
}

export interface AdminReports {
  daily: (options?: {
    from?: string | undefined;
    to?: string | undefined;
    days?: number | undefined;
    now?: Date | undefined;
    zone?: string | undefined;
  }) => Promise<DailyReport>;
  waiting: () => Promise<{ awaitingPayment: number; awaitingShipment: number }>;
  proApplications: () => Promise<{ count: number; oldest: ProApplication[] }>;
  lowStock: (options?: {
    threshold?: number | undefined;
    limit?: number | undefined;
  }) => Promise<LowStockVariant[]>;
}

export interface AdminStock {
  product: (productId: number) => Promise<{
    variants: StockVariantRow[];
    id: number;
    name: string;
    sku: string;
    inventoryTracking: 'none' | 'product' | 'variant';
  }>;
  variant: (productId: number, variantId: number) => Promise<StockVariantRow>;
  history: (
    variantId: number,
    page?: { before?: number | undefined; limit?: number | undefined },
  ) => Promise<StockHistoryPage>;
  change: (
    actor: Actor,
    productId: number,
    change: StockInstruction & {
      variantId: number;
      reason: 'return' | 'count' | 'delivery' | 'damage';
      note?: string | undefined;
    },
  ) => Promise<StockChange>;
  countMany: (
    actor: Actor,
    productId: number,
    counts: readonly { variantId: number; level: number }[],
    note?: string,
  ) => Promise<StockChange[]>;
  setThreshold: (
    actor: Actor,
    productId: number,
    variantId: number,
    threshold: number | null,
  ) => Promise<{ variantId: number; lowStockThreshold: number | null; threshold: number }>;
}

export interface AdminCustomer {
  search: (input?: {
    q?: string | undefined;
    group?: number | undefined;
    after?: number | undefined;
    limit?: number | undefined;
  }) => Promise<{
    customers: {
      id: number;
      email: string;
      name: string;
      group: string | null;
      is_pro: boolean;
      disabled: boolean;
      erased: boolean;
      created_at: string;
    }[];
    next: number | null;
  }>;
  detail: (
    id: number,
    now?: Date,
  ) => Promise<{
    customer: {
      pro_expires_at: string | null;
      pro_spend_limit: number | null;
      pro_employee: boolean;
      disabled_at: string | null;
      erased_at: string | null;
      id: number;
      email: string;
      first_name: string;
      last_name: string;
      firstName: string;
      lastName: string;
      company: string;
      phone: string;
      customer_group_id: number;
      groupId: number | null;
      notes: string;
      form_fields: FormField[];
      isPro: boolean;
      proCodeInfo: ProCodeInfo | null;
      accepts_product_review_abandoned_cart_emails: boolean;
      date_created: string;
      date_modified: string;
    };
    group: {
      id: number;
      name: string;
      region: string;
      is_default: boolean;
      is_group_for_guests: boolean;
      is_pro: boolean;
      is_employee: boolean;
      spend_limit: number;
      category_access: { type: string };
      discount_rules: DiscountRule[];
    } | null;
    groupChoices: {
      id: number;
      name: string;
      region: string;
      is_default: boolean;
      is_group_for_guests: boolean;
      is_pro: boolean;
      is_employee: boolean;
      spend_limit: number;
      category_access: { type: string };
      discount_rules: DiscountRule[];
    }[];
    addresses: {
      id: number;
      customer_id: number;
      first_name: string;
      last_name: string;
      company: string;
      address1: string;
      address2: string;
      city: string;
      state_or_province: string;
      postal_code: string;
      country_code: string;
      country: string;
      phone: string;
      address_type: 'residential' | 'commercial';
      is_default: boolean;
    }[];
    orders: {
      createdAt: string;
      id: number;
      status: string;
      total: number;
      currency: string;
      region: string;
    }[];
    sessions: { createdAt: string; expiresAt: string }[];
    pro: {
      application: ProCodeInfo | null;
      status: {
        order_total: number;
        expiration_date: string | null;
        employee_group: boolean;
        spend_limit: number;
      } | null;
    };
  }>;
  changeGroup: (
    actor: Actor,
    id: number,
    groupId: number,
  ) => Promise<{
    pro_expires_at: string | null;
    pro_spend_limit: number | null;
    pro_employee: boolean;
    disabled_at: string | null;
    erased_at: string | null;
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    firstName: string;
    lastName: string;
    company: string;
    phone: string;
    customer_group_id: number;
    groupId: number | null;
    notes: string;
    form_fields: FormField[];
    isPro: boolean;
    proCodeInfo: ProCodeInfo | null;
    accepts_product_review_abandoned_cart_emails: boolean;
    date_created: string;
    date_modified: string;
  }>;
  sendPasswordReset: (actor: Actor, id: number) => Promise<{ sent: boolean; expiresAt: string }>;
  disable: (
    actor: Actor,
    id: number,
    now?: Date,
  ) => Promise<{
    pro_expires_at: string | null;
    pro_spend_limit: number | null;
    pro_employee: boolean;
    disabled_at: string | null;
    erased_at: string | null;
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    firstName: string;
    lastName: string;
    company: string;
    phone: string;
    customer_group_id: number;
    groupId: number | null;
    notes: string;
    form_fields: FormField[];
    isPro: boolean;
    proCodeInfo: ProCodeInfo | null;
    accepts_product_review_abandoned_cart_emails: boolean;
    date_created: string;
    date_modified: string;
  }>;
  enable: (
    actor: Actor,
    id: number,
    now?: Date,
  ) => Promise<{
    pro_expires_at: string | null;
    pro_spend_limit: number | null;
    pro_employee: boolean;
    disabled_at: string | null;
    erased_at: string | null;
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    firstName: string;
    lastName: string;
    company: string;
    phone: string;
    customer_group_id: number;
    groupId: number | null;
    notes: string;
    form_fields: FormField[];
    isPro: boolean;
    proCodeInfo: ProCodeInfo | null;
    accepts_product_review_abandoned_cart_emails: boolean;
    date_created: string;
    date_modified: string;
  }>;
  exportData: (
    actor: Actor,
    id: number,
    now?: Date,
  ) => Promise<{
    exported_at: string;
    profile: {
      customer_group_id: number | null;
      pro_expires_at: string | null;
      pro_spend_limit: number | null;
      pro_employee: boolean;
      disabled_at: string | null;
      erased_at: string | null;
      id: number;
      email: string;
      first_name: string;
      last_name: string;
      firstName: string;
      lastName: string;
      company: string;
      phone: string;
      notes: string;
      form_fields: FormField[];
      isPro: boolean;
      proCodeInfo: ProCodeInfo | null;
      accepts_product_review_abandoned_cart_emails: boolean;
      date_created: string;
      date_modified: string;
    };
    addresses: {
      id: number;
      customer_id: number;
      first_name: string;
      last_name: string;
      company: string;
      address1: string;
      address2: string;
      city: string;
      state_or_province: string;
      postal_code: string;
      country_code: string;
      country: string;
      phone: string;
      address_type: 'residential' | 'commercial';
      is_default: boolean;
    }[];
    orders: {
      id: number;
      status: string;
      created_at: string;
      email: string;
      region: string;
      currency: string;
      subtotal: number;
      shipping_cost: number;
      tax_total: number;
      total: number;
      payment_method: string;
      shipping_method: string;
      billing_address: OrderAddress;
      shipping_address: OrderAddress;
      lines: { name: string; sku: string; quantity: number; price: number }[];
    }[];
    newsletter_subscriptions: { createdAt: string; list: string; locale: string; region: string }[];
    demo_bookings: {
      event_uid: string;
      event_date: string;
      name: string;
      email: string;
      party: number;
      locale: string;
      consent_at: string;
      created_at: string;
    }[];
    signup_confirmations: {
      email: string;
      region: string;
      details: SignupDetails;
      pro_application: Record<string, string> | null;
      created_at: string;
      expires_at: string;
      used_at: string | null;
    }[];
    sessions: { created_at: string; expires_at: string }[];
  }>;
  erase: (
    actor: Actor,
    id: number,
    now?: Date,
  ) => Promise<{
    customer: {
      pro_expires_at: string | null;
      pro_spend_limit: number | null;
      pro_employee: boolean;
      disabled_at: string | null;
      erased_at: string | null;
      id: number;
      email: string;
      first_name: string;
      last_name: string;
      firstName: string;
      lastName: string;
      company: string;
      phone: string;
      customer_group_id: number;
      groupId: number | null;
      notes: string;
      form_fields: FormField[];
      isPro: boolean;
      proCodeInfo: ProCodeInfo | null;
      accepts_product_review_abandoned_cart_emails: boolean;
      date_created: string;
      date_modified: string;
    };
    ordersAnonymised: number;
    addressesDeleted: number;
  }>;
}

export interface AdminProAccounts {
  queue: () => Promise<
    {
      id: number;
      email: string;
      name: string;
      company: string;
      group: string | null;
      country: string | null;
      placement: ProPlacement | null;
      appliedAt: string | null;
      application: Record<string, unknown>;
      disabled: boolean;
    }[]
  >;
  accounts: (now?: Date) => Promise<
    {
      id: number;
      email: string;
      name: string;
      group: string | null;
      region: string;
      ownSpendLimit: number | null;
      employee: boolean;
      expiresAt: string | null;
      disabled: boolean;
      status: {
        order_total: number;
        expiration_date: string | null;
        employee_group: boolean;
        spend_limit: number;
      } | null;
    }[]
  >;
  approve: (
    actor: Actor,
    id: number,
    terms?: ProTerms,
    now?: Date,
  ) => Promise<{
    expiresAt: string | null;
    employee: boolean;
    region: 'pro' | 'pro_ca' | 'pro_eu_region_1' | 'pro_no';
    groupId: number;
    spendLimit: number;
    currency: string;
  }>;
  reject: (
    actor: Actor,
    id: number,
    reason: string,
    now?: Date,
  ) => Promise<{ region: string; reason: string }>;
  updateTerms: (
    actor: Actor,
    id: number,
    terms: ProTerms,
    now?: Date,
  ) => Promise<{ spendLimit: number | null; expiresAt: string | null; employee: boolean }>;
  spend: (
    id: number,
    now?: Date,
  ) => Promise<{
    order_total: number;
    expiration_date: string | null;
    employee_group: boolean;
    spend_limit: number;
  }>;
}

export interface CommerceAdmin {
  catalogueAdmin: AdminCatalogue;
  productAdmin: AdminProduct;
  priceAdmin: AdminPrice;
  groupRulesAdmin: AdminGroupRules;
  catalogueCsv: AdminCatalogueCsv;
  discountCodes: AdminDiscountCodes;
  shippingAdmin: AdminShipping;
  orderAdmin: AdminOrder;
  orderQueries: AdminOrderQueries;
  reports: AdminReports;
  stockAdmin: AdminStock;
  customerAdmin: AdminCustomer;
  proAccounts: AdminProAccounts;
}

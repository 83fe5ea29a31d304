/**
 * The storefront's commerce port (issue 44, decision 0052): what the storefront's pages and /api ask of a commerce
 * backend — the catalogue priced for a shopper, carts, shipping quotes, checkout, customers and sign-in, orders and
 * their status, pro terms — in plain JSON types of its own. The built-in engine (index.ts) `satisfies` it; a hosted
 * platform's adapter implements the same interface. Nothing here may name a type of the engine's database layer
 * (drizzle-orm, server/commerce/schema*): tests/architecture/port-types.test.ts walks every type it reaches.
 */
import type { ProSummary } from '#core/customer-state.ts';
import type { FitRange } from '#core/fit-finder.ts';
import type { ReviewEligibility } from '#core/reviews.ts';
import type { ShippingRange } from '#core/shipping-cost.ts';
import type { PaymentProvider } from '../payment/payment.ts';

/**
 * Who is shopping, as the backend that priced them knows them: made by `groups.pricing`, handed back unchanged to
 * the catalogue. The storefront reads only what keys its caches and shipping; how the shopper is priced (the
 * built-in engine's group rules, a hosted platform's price lists) stays on the backend's side.
 */
export interface PricingContext {
  readonly regionId: string;
  readonly currencyCode: string;
  readonly customerId: number | null;
  /** The customer's own group id (for shipping's hidden free-shipping groups), else the guest group's. */
  readonly groupId: number | null;
  readonly isPro: boolean;
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

export type CustomField = { id: number; name: string; value: string };
export type DiscountRule = {
  type: 'all' | 'category' | 'product';
  method: 'percent' | 'fixed' | 'price';
  amount: string;
  category_id?: number;
  product_id?: number;
};
export type CategoryNode = CategoryJson & { children: CategoryNode[] };
export type ReviewOrderLine = { orderId: number; productName: string };
export type ShownReview = {
  id: number;
  rating: number;
  body: string;
  language: string;
  helpful: number;
  writtenAt: Date;
  reviewer: string;
  reply: string | null;
};

/** Who asks for an account action: the session (null: none yet), the client address and whether over https. */
export interface Caller {
  session: SessionRef | null;
  ip: string;
  https: boolean;
}
/** The session an account action runs in, as the storefront's session layer hands it over. */
export interface SessionRef {
  sessionId: string;
  customer: CustomerJson | null;
  csrfToken: string;
  cartId: string | null;
}
export interface SignedIn {
  customer: CustomerJson;
  setCookie: string;
  csrfToken: string;
  cartId: string | null;
}
export interface PlacedOrder {
  orderId: number;
  /** True when the idempotency key had already made this order (nothing new was written). */
  replay: boolean;
  email: string;
  total: number;
  currencyCode: string;
}

export type Pagination = {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
};
export type ProductQuery = {
  page?: number | undefined;
  limit?: number | undefined;
  categoryIds?: number[] | undefined;
  ids?: number[] | undefined;
  includeVariants?: boolean | undefined;
};
export type VariantJson = {
  id: number;
  product_id: number;
  sku: string;
  inventoryLevel: number;
  inventory_level: number;
  isInStock: boolean;
  isPurchasable: boolean;
  purchasing_disabled: boolean;
  thumbnail: string | null;
  image_url: string | null;
  price: number;
  retailPrice: { value: number; currencyCode: string };
  salePrice: { value: number; currencyCode: string } | null;
  calculatedPrice: { value: number; currencyCode: string };
  calculated_price: number;
  option_values: {
    id: number;
    option_id: number;
    option_display_name: string;
    label: string;
    value_id: number;
    values: { id: number; label: string }[];
  }[];
};
export type ProductJson = {
  variants?: VariantJson[] | undefined;
  id: number;
  name: string;
  slug: string;
  sku: string;
  type: string;
  description: string;
  categories: number[];
  image_kind: string;
  custom_url: { url: string };
  thumbnail: string | null;
  currency: string;
  price: number;
  retail_price: number;
  sale_price: number;
  calculated_price: number;
  retailPrice: { value: number; currencyCode: string };
  salePrice: { value: number; currencyCode: string } | null;
  calculatedPrice: { value: number; currencyCode: string };
  price_varies: boolean;
  inventory_tracking: 'none' | 'product' | 'variant';
  inventory_level: number;
  inventoryLevel: number;
  isInStock: boolean;
  isPurchasable: boolean;
  availability: 'available' | 'preorder' | 'disabled';
  is_visible: boolean;
  isNew: boolean;
  isRedesigned: boolean;
  weight: number;
  customFields: { name: string; value: string }[];
  custom_fields: CustomField[];
  product_options: {
    id: number;
    name: string;
    displayName: string;
    display_name: string;
    values: {
      entityId: number;
      id: number;
      label: string;
      hexColors: string[];
      slug: string;
      image: string | null;
    }[];
  }[];
};
export type CategoryJson = {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
  url: string;
  description: string;
  sort_order: number;
  is_visible: boolean;
  cat_ids_bc: Record<string, number>;
};
export type InventoryJson = {
  id: number;
  inventory_level: number;
  inventory_tracking: 'none' | 'product' | 'variant';
  availability: 'available' | 'preorder' | 'disabled';
  isInStock: boolean;
};
export type VariantSearch = {
  productIds?: number[] | undefined;
  id?: number | undefined;
  sku?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
};
export type FormField = { name: string; value: string };
export type ProCodeInfo = { [x: string]: unknown; region?: string | undefined };
export type CustomerJson = {
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
export type CustomerInput = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  company?: string | undefined;
  phone?: string | undefined;
  accepts_marketing?: boolean | undefined;
};
export type CustomerUpdate = {
  email?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
  company?: string | undefined;
  phone?: string | undefined;
  password?: string | undefined;
  current_password?: string | undefined;
};
export type AddressInput = {
  first_name: string;
  last_name: string;
  company?: string | undefined;
  address1: string;
  address2?: string | undefined;
  city: string;
  state_or_province?: string | undefined;
  postal_code: string;
  country_code: string;
  phone?: string | undefined;
  address_type?: 'residential' | 'commercial' | undefined;
};
export type AddressJson = {
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
};
export type LineItemInput = { product_id: number; variant_id?: number | undefined; quantity: number };
export type CartJson = {
  id: string;
  customer_id: number;
  region: string;
  currency: { code: string };
  tax_included: boolean;
  base_amount: number;
  discount_amount: number;
  cart_amount: number;
  coupons: { code: string; coupon_type: string; discounted_amount: number }[];
  discount_code:
    | {
        code: string;
        applied: true;
        reason: null;
        saving: number;
        shipping_saving: number;
        free_shipping: boolean;
      }
    | {
        code: string;
        applied: false;
        reason:
          | 'unknown-code'
          | 'expired'
          | 'not-yet-valid'
          | 'wrong-region'
          | 'minimum-not-reached'
          | 'used-up'
          | 'not-for-pro'
          | 'nothing-applies';
        saving: number;
        shipping_saving: number;
        free_shipping: boolean;
      }
    | null;
  shipping_cost: number | null;
  line_items: {
    physical_items: {
      id: string;
      parent_id: null;
      product_id: number;
      variant_id: number;
      sku: string;
      name: string;
      url: string;
      quantity: number;
      is_taxable: boolean;
      image_url: string | null;
      original_price: number;
      list_price: number;
      sale_price: number;
      retail_price: number;
      extended_list_price: number;
      extended_sale_price: number;
      discount_amount: number;
      discounts: { id: string; discounted_amount: number }[];
      options: FormField[];
      is_in_stock: boolean;
    }[];
    digital_items: never[];
    gift_certificates: never[];
    custom_items: never[];
  };
  created_time: string;
  updated_time: string;
};
export type CartRecord = {
  id: string;
  currencyCode: string;
  regionId: string;
  createdAt: Date;
  updatedAt: Date;
  customerId: number | null;
  discountCode: string | null;
};
export type OrderAddress = {
  first_name: string;
  last_name: string;
  company?: string | undefined;
  street_1: string;
  street_2?: string | undefined;
  city: string;
  state: string;
  zip: string;
  country_iso2: string;
  email?: string | undefined;
  phone?: string | undefined;
};
export type OrderRecord = {
  total: number;
  id: number;
  email: string;
  currencyCode: string;
  regionId: string;
  createdAt: Date;
  updatedAt: Date;
  customerId: number | null;
  version: number;
  discountCode: string | null;
  status: string;
  statusId: number;
  subtotal: number;
  shippingCost: number;
  taxTotal: number;
  billingAddress: OrderAddress;
  shippingAddress: OrderAddress;
  idempotencyKey: string | null;
  paymentMethod: string;
  shippingMethod: string;
  placedBySession: string | null;
  locale: string | null;
  paymentStatus: 'awaiting' | 'paid' | 'partially_refunded' | 'refunded' | 'voided';
  fulfillmentStatus: 'unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'delivered' | 'cancelled';
  paidAt: Date | null;
  tags: string[];
  discountAmount: number;
  shippingDiscount: number;
};
export type ShipmentJson = {
  id: number;
  order_id: number;
  tracking_number: string;
  tracking_carrier: string;
  shipping_provider: string;
  date_created: string;
  items: { order_item_id: number; quantity: number }[];
};
export type OrderSummaryJson = {
  id: number;
  customer_id: number;
  status: string;
  status_id: number;
  date_created: string;
  currency_code: string;
  region: string;
  subtotal_ex_tax: number;
  subtotal_inc_tax: number;
  shipping_cost_inc_tax: number;
  coupon_discount: number;
  coupon_code: string | null;
  shipping_discount: number;
  total_tax: number;
  total_inc_tax: number;
  total_ex_tax: number;
  billing_address: OrderAddress;
  shipping_address: OrderAddress;
};
export type OrderJson = {
  products: {
    id: number;
    order_id: number;
    product_id: number;
    variant_id: number | null;
    name: string;
    sku: string;
    quantity: number;
    price_inc_tax: number;
    total_inc_tax: number;
    discount_amount: number;
  }[];
  id: number;
  customer_id: number;
  status: string;
  status_id: number;
  date_created: string;
  currency_code: string;
  region: string;
  subtotal_ex_tax: number;
  subtotal_inc_tax: number;
  shipping_cost_inc_tax: number;
  coupon_discount: number;
  coupon_code: string | null;
  shipping_discount: number;
  total_tax: number;
  total_inc_tax: number;
  total_ex_tax: number;
  billing_address: OrderAddress;
  shipping_address: OrderAddress;
};
export type OrderStatusJson = {
  id: number;
  status: string;
  status_id: number;
  date_created: string;
  total_inc_tax: number;
  currency_code: string;
  shipments: ShipmentJson[];
};
export type GroupJson = {
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
};
export type ProStatusJson = {
  order_total: number;
  expiration_date: string | null;
  employee_group: boolean;
  spend_limit: number;
};
export type OwnReview = {
  id: number;
  productId: number;
  customerId: number;
  orderId: number;
  rating: number;
  body: string;
  language: string;
  status: 'pending' | 'approved' | 'rejected';
  rejectReason: string | null;
  reply: string | null;
  repliedAt: Date | null;
  helpful: number;
  writtenAt: Date;
  moderatedAt: Date | null;
};
export type ShippingZoneJson = {
  id: number;
  name: string;
  type: string;
  region: string;
  enabled: boolean;
  locations: { country_iso2: string }[];
};
export type ShippingMethodJson = {
  id: number;
  type: string;
  enabled: boolean;
  settings?:
    | {
        carrier_options?: { minimum_sub_total?: string | number | null | undefined } | null | undefined;
        range?: readonly ShippingRange[] | null | undefined;
      }
    | null
    | undefined;
  name: string;
  zone_id: number;
};
export type PlaceOrderInput = {
  cartId: string;
  customerId: number | null;
  sessionId?: string | null | undefined;
  email: string;
  shippingAddress: { addressId: number } | CheckoutAddress;
  billingAddress: CheckoutAddress | { addressId: number } | null;
  shippingMethodId: number;
  paymentMethod: string;
  idempotencyKey: string;
  expectedSubtotal?: number | undefined;
  locale?: string | undefined;
};
export type CheckoutAddress = {
  first_name: string;
  last_name: string;
  company?: string | undefined;
  phone?: string | undefined;
  address1: string;
  address2?: string | undefined;
  city: string;
  state_or_province?: string | undefined;
  postal_code: string;
  country_code: string;
  email?: string | undefined;
};

export interface StorefrontCatalogue {
  listProducts(pricing: PricingContext, query?: ProductQuery): Promise<Page<ProductJson>>;
  getProduct(pricing: PricingContext, id: number, includeVariants?: boolean): Promise<ProductJson>;
  getProductBySlug(pricing: PricingContext, slug: string): Promise<ProductJson | null>;
  getVariants(pricing: PricingContext, productId: number): Promise<VariantJson[]>;
  searchVariants(pricing: PricingContext, query: VariantSearch): Promise<Page<VariantJson>>;
  inventory(ids: number[]): Promise<InventoryJson[]>;
  listCategories(page?: number, limit?: number): Promise<Page<CategoryJson>>;
  getCategory(id: number): Promise<CategoryJson>;
  categoryByPath(path: string): Promise<CategoryJson | null>;
  categoryTree(): Promise<CategoryNode[]>;
}

export interface StorefrontCustomers {
  get(id: number): Promise<CustomerJson>;
  update(
    id: number,
    input: CustomerUpdate,
    options?: { keepSessionId?: string | null },
  ): Promise<CustomerJson>;
  signUpPending(token: string): Promise<boolean>;
  passwordResetValid(token: string): Promise<boolean>;
  resetPassword(token: string, password: string): Promise<CustomerJson>;
  applyForPro(id: number, application: Record<string, string>): Promise<CustomerJson>;
  delete(id: number): Promise<void>;
  addresses(customerId: number): Promise<AddressJson[]>;
  setDefaultAddress(customerId: number, addressId: number): Promise<void>;
  addAddress(customerId: number, input: AddressInput): Promise<AddressJson>;
  updateAddress(customerId: number, addressId: number, input: AddressInput): Promise<AddressJson>;
  deleteAddress(customerId: number, addressId: number): Promise<void>;
}

export interface StorefrontAccounts {
  signUp(
    caller: Caller,
    regionId: string,
    input: CustomerInput,
    options: { locale: string; proApplication?: Record<string, string>; returnTo?: string | null },
  ): Promise<void>;
  confirmSignUp(caller: Caller, token: string): Promise<SignedIn & { pro: boolean; returnTo: string | null }>;
  logIn(caller: Caller, email: string, password: string): Promise<SignedIn>;
  checkPassword(customer: CustomerJson, password: string): Promise<boolean>;
  signOut(session: SessionRef | null): Promise<void>;
  requestPasswordReset(caller: Caller, email: string, locale: string): Promise<void>;
}

export interface StorefrontCarts {
  find(id: string): Promise<CartRecord | null>;
  get(id: string): Promise<CartJson>;
  create(regionId: string, customerId: number | null, items: LineItemInput[]): Promise<CartJson>;
  addItems(id: string, items: LineItemInput[]): Promise<CartJson>;
  updateItem(id: string, itemId: string, input: LineItemInput): Promise<CartJson>;
  deleteItem(id: string, itemId: string): Promise<CartJson>;
  delete(id: string): Promise<void>;
  applyCode(id: string, typed: string, throttle: () => Promise<void>): Promise<CartJson>;
  removeCode(id: string, typed?: string): Promise<CartJson>;
  assignCustomer(id: string, customerId: number): Promise<CartJson>;
}

export interface StorefrontOrders {
  find(id: number): Promise<OrderRecord | null>;
  listForCustomer(customerId: number): Promise<OrderSummaryJson[]>;
  get(id: number): Promise<OrderJson>;
  shipments(orderId: number): Promise<ShipmentJson[]>;
  lookUpStatus(caller: Pick<Caller, 'ip'>, id: number, email: string): Promise<OrderStatusJson>;
}

export interface StorefrontGroups {
  /** The shopper for a region and customer (null: a guest), to hand to the catalogue. */
  pricing(regionId: string, customerId: number | null): Promise<PricingContext>;
  list(filter?: { regionId?: string; guestsOnly?: boolean }): Promise<GroupJson[]>;
  get(id: number): Promise<GroupJson>;
  /** Pro terms: spend this year against the limit, and when the status ends; null for a customer who is not pro. */
  proStatus(customerId: number): Promise<ProStatusJson | null>;
  proSummary(customerId: number, regionId: string): Promise<ProSummary | null>;
}

export interface StorefrontReviews {
  eligibility(customerId: number, productId: number): Promise<ReviewEligibility>;
  ownReview(customerId: number, productId: number): Promise<OwnReview | null>;
  orderLine(customerId: number, orderId: number, productId: number): Promise<ReviewOrderLine | null>;
  reviewableIn(customerId: number, orderId: number): Promise<{ productId: number; name: string }[]>;
  submit(customerId: number, productId: number, input: unknown): Promise<{ id: number; edited: boolean }>;
  shown(productId: number): Promise<ShownReview[]>;
  vote(
    reviewId: number,
    client: { ip: string; customerId: number | null },
  ): Promise<{ counted: boolean; productId: number }>;
}

export interface StorefrontShipping {
  zones(regionId: string): Promise<ShippingZoneJson[]>;
  zone(regionId: string, id: number): Promise<ShippingZoneJson>;
  methods(regionId: string, zoneId: number): Promise<ShippingMethodJson[]>;
  settings(regionId: string): Promise<{ is_enabled: boolean; hide_free_shipping_groups: string }>;
  freeShippingFrom(regionId: string, country: string, customerGroupId: number | null): Promise<number | null>;
}

export interface StorefrontCheckout {
  /** The payment methods open to a shopper, and a method by id (to describe an order's after the fact). */
  payment: Pick<PaymentProvider, 'methods' | 'byId'>;
  shippingOptions(
    regionId: string,
    subtotal: number,
    groupId: number | null,
  ): Promise<{ id: number; name: string; cost: number; free: boolean }[]>;
  findByIdempotencyKey(key: string): Promise<PlacedOrder | null>;
  placeOrder(input: PlaceOrderInput): Promise<PlacedOrder>;
}

export interface StorefrontCommerce {
  catalogue: StorefrontCatalogue;
  /** The fit finder's load ranges per size of each product. */
  fitCharts: { chartsOf(productIds: readonly number[]): Promise<Map<number, FitRange[]>> };
  groups: StorefrontGroups;
  customers: StorefrontCustomers;
  accounts: StorefrontAccounts;
  carts: StorefrontCarts;
  /** Counts a client's discount-code attempt (429 past the limit). */
  discountCodeThrottle(ip: string): Promise<void>;
  reviews: StorefrontReviews;
  shipping: StorefrontShipping;
  checkout: StorefrontCheckout;
  orders: StorefrontOrders;
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
  store(regionId: string): Promise<StoreJson>;
}

/** A currency as the commerce API gives it (SPEC §7; also the format every price is written in). */
export interface CurrencyJson {
  id: string;
  currency_code: string;
  token: string;
  decimal_token: string;
  thousands_token: string;
  decimal_places: number;
  token_location: 'left' | 'right';
  is_default: boolean;
}

export type StoreJson = {
  id: string;
  name: string;
  region: string;
  currency: string;
  currency_symbol: string;
  weight_units: string;
};

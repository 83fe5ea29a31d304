import type { DiscountRuleRecord } from '../../server/commerce/schema-customers.ts';
import { catalogueProductId } from './products.ts';

/**
 * Customer groups, demo customers, shipping and demo orders of the built-in commerce engine.
 * The demo customers' credentials are documented in README.md.
 */

export interface SeedGroup {
  id: number;
  name: string;
  regionId: 'us' | 'ca' | 'eu_region_1';
  isGroupForGuests: boolean;
  isPro: boolean;
  isEmployee: boolean;
  spendLimit: number;
  discountRules: DiscountRuleRecord[];
}

export const GROUP_IDS = {
  retailUs: 1,
  retailCa: 2,
  retailEu: 3,
  pro: 4,
  proCa: 5,
  proEu: 6,
  employee: 7,
} as const;

export const CUSTOMER_GROUPS: readonly SeedGroup[] = [
  {
    id: 1,
    name: 'Retail (US)',
    regionId: 'us',
    isGroupForGuests: true,
    isPro: false,
    isEmployee: false,
    spendLimit: 3000,
    discountRules: [],
  },
  {
    id: 2,
    name: 'Retail (CA)',
    regionId: 'ca',
    isGroupForGuests: true,
    isPro: false,
    isEmployee: false,
    spendLimit: 3000,
    discountRules: [],
  },
  {
    id: 3,
    name: 'Retail (EU)',
    regionId: 'eu_region_1',
    isGroupForGuests: true,
    isPro: false,
    isEmployee: false,
    spendLimit: 3000,
    discountRules: [{ type: 'category', method: 'percent', amount: '10', category_id: 36 }],
  },
  {
    id: 4,
    name: 'Pro',
    regionId: 'us',
    isGroupForGuests: false,
    isPro: true,
    isEmployee: false,
    spendLimit: 3000,
    discountRules: [
      { type: 'all', method: 'percent', amount: '40' },
      { type: 'category', method: 'percent', amount: '30', category_id: 36 },
      {
        type: 'product',
        method: 'fixed',
        amount: '5',
        product_id: catalogueProductId('ridgeline-dial-lock-binding'),
      },
    ],
  },
  {
    id: 5,
    name: 'Pro (CA)',
    regionId: 'ca',
    isGroupForGuests: false,
    isPro: true,
    isEmployee: false,
    spendLimit: 3000,
    discountRules: [{ type: 'all', method: 'percent', amount: '40' }],
  },
  {
    id: 6,
    name: 'Pro (EU)',
    regionId: 'eu_region_1',
    isGroupForGuests: false,
    isPro: true,
    isEmployee: false,
    spendLimit: 3000,
    discountRules: [{ type: 'all', method: 'percent', amount: '35' }],
  },
  {
    id: 7,
    name: 'Employee',
    regionId: 'us',
    isGroupForGuests: false,
    isPro: true,
    isEmployee: true,
    spendLimit: 5000,
    discountRules: [{ type: 'all', method: 'percent', amount: '50' }],
  },
];

export interface SeedAddress {
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  countryCode: string;
  phone: string;
}

export interface SeedCustomer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  groupId: number;
  /** The 'Pro Code' JSON: an approved code, or a pending application with what the applicant sent. */
  proCode?: { region: string } & Record<string, string>;
  proExpiresAt?: string;
  addresses: SeedAddress[];
}

export const DEMO_CUSTOMERS: readonly SeedCustomer[] = [
  {
    email: 'hannah.miller@example.com',
    password: 'Snowshoe-Demo-2026',
    firstName: 'Hannah',
    lastName: 'Miller',
    groupId: GROUP_IDS.retailUs,
    addresses: [
      {
        firstName: 'Hannah',
        lastName: 'Miller',
        address1: '214 Pine Street',
        city: 'Burlington',
        stateOrProvince: 'Vermont',
        postalCode: '05401',
        countryCode: 'US',
        phone: '802-555-0142',
      },
    ],
  },
  {
    email: 'pro.guide@example.com',
    password: 'Pro-Guide-2026',
    firstName: 'Marcus',
    lastName: 'Lindqvist',
    groupId: GROUP_IDS.pro,
    proCode: { region: 'pro', code: 'RL-PRO-4821' },
    proExpiresAt: '2027-06-30T23:59:59Z',
    addresses: [
      {
        firstName: 'Marcus',
        lastName: 'Lindqvist',
        address1: '88 Trailhead Road',
        city: 'Bozeman',
        stateOrProvince: 'Montana',
        postalCode: '59715',
        countryCode: 'US',
        phone: '406-555-0187',
      },
      {
        firstName: 'Marcus',
        lastName: 'Lindqvist',
        address1: '12 Guide Hut Lane',
        city: 'Jackson',
        stateOrProvince: 'Wyoming',
        postalCode: '83001',
        countryCode: 'US',
        phone: '307-555-0110',
      },
    ],
  },
  {
    email: 'employee@example.com',
    password: 'Ridgeline-Staff-2026',
    firstName: 'Priya',
    lastName: 'Shah',
    groupId: GROUP_IDS.employee,
    proCode: { region: 'pro', code: 'RL-EMP-0007' },
    proExpiresAt: '2027-12-31T23:59:59Z',
    addresses: [
      {
        firstName: 'Priya',
        lastName: 'Shah',
        address1: '5 Mill Yard',
        city: 'Denver',
        stateOrProvince: 'Colorado',
        postalCode: '80202',
        countryCode: 'US',
        phone: '303-555-0163',
      },
    ],
  },
  {
    // A pro application waiting for the pro team (issue 19): approve it in /admin/pro.
    email: 'pro.applicant@example.com',
    password: 'Pro-Applicant-2026',
    firstName: 'Noah',
    lastName: 'Berg',
    groupId: GROUP_IDS.retailUs,
    proCode: {
      region: 'pending',
      organization: 'Wasatch Backcountry Guides',
      profession: 'guide',
      certification: 'AMGA-SPI-2291',
      website: 'https://wasatch-guides.example',
      locale: 'en-us',
      applied_at: '2026-11-20T15:00:00.000Z',
    },
    addresses: [
      {
        firstName: 'Noah',
        lastName: 'Berg',
        address1: '410 Canyon Road',
        city: 'Salt Lake City',
        stateOrProvince: 'Utah',
        postalCode: '84103',
        countryCode: 'US',
        phone: '801-555-0129',
      },
    ],
  },
];

export interface SeedShippingZone {
  id: number;
  regionId: 'us' | 'ca' | 'eu_region_1';
  name: string;
  countries: string[];
  freeShippingMinimum: number;
  ranges: { lower_limit: number; upper_limit: number | null; shipping_cost: number }[];
  expedited: number;
}

export const SHIPPING_ZONES: readonly SeedShippingZone[] = [
  {
    id: 1,
    regionId: 'us',
    name: 'United States',
    countries: ['US'],
    freeShippingMinimum: 99,
    ranges: [
      { lower_limit: 0, upper_limit: 49.99, shipping_cost: 8.95 },
      { lower_limit: 50, upper_limit: 98.99, shipping_cost: 5.95 },
      { lower_limit: 99, upper_limit: null, shipping_cost: 0 },
    ],
    expedited: 24.95,
  },
  {
    id: 2,
    regionId: 'ca',
    name: 'Canada',
    countries: ['CA'],
    freeShippingMinimum: 149,
    ranges: [
      { lower_limit: 0, upper_limit: 74.99, shipping_cost: 12.95 },
      { lower_limit: 75, upper_limit: 148.99, shipping_cost: 9.95 },
    ],
    expedited: 29.95,
  },
  {
    id: 3,
    regionId: 'eu_region_1',
    name: 'Europe',
    countries: ['DE', 'AT', 'NL', 'ES', 'FR', 'IT'],
    freeShippingMinimum: 120,
    ranges: [{ lower_limit: 0, upper_limit: 119.99, shipping_cost: 6.9 }],
    expedited: 19.9,
  },
];

/** §6: pro and employee groups do not get free-shipping tiers in the US store. */
export const SHIPPING_SETTINGS = [
  { regionId: 'us', isEnabled: true, hideFreeShippingGroups: '4,7' },
  { regionId: 'ca', isEnabled: true, hideFreeShippingGroups: '5' },
  { regionId: 'eu_region_1', isEnabled: false, hideFreeShippingGroups: '' },
] as const;

export interface SeedOrder {
  id: number;
  customerEmail: string;
  status: string;
  statusId: number;
  /** Days before the seed date. */
  daysAgo: number;
  items: { productSlug: string; quantity: number }[];
  shipment?: { carrier: string; trackingNumber: string };
  /** The payment method id (server/payment); empty for the older demo orders. */
  paymentMethod?: 'bank_transfer' | 'pay_on_account' | 'cash_on_delivery';
}

export const DEMO_ORDERS: readonly SeedOrder[] = [
  {
    id: 100,
    customerEmail: 'hannah.miller@example.com',
    status: 'Completed',
    statusId: 10,
    daysAgo: 320,
    items: [
      { productSlug: 'ridgeline-timberline-womens', quantity: 1 },
      { productSlug: 'ridgeline-trail-pole-3', quantity: 1 },
    ],
    shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  },
  {
    id: 101,
    customerEmail: 'hannah.miller@example.com',
    status: 'Shipped',
    statusId: 2,
    daysAgo: 20,
    items: [{ productSlug: 'ridgeline-merino-beanie', quantity: 2 }],
    shipment: { carrier: 'USPS', trackingNumber: '9400111899223197428490' },
  },
  {
    id: 102,
    customerEmail: 'hannah.miller@example.com',
    status: 'Awaiting Fulfillment',
    statusId: 11,
    daysAgo: 2,
    items: [{ productSlug: 'ridgeline-trail-gaiter', quantity: 1 }],
  },
  {
    id: 103,
    customerEmail: 'pro.guide@example.com',
    status: 'Completed',
    statusId: 10,
    daysAgo: 150,
    items: [
      { productSlug: 'ridgeline-backcountry-alpine-guide', quantity: 2 },
      { productSlug: 'ridgeline-carbon-summit-pole', quantity: 2 },
    ],
    shipment: { carrier: 'FedEx', trackingNumber: '794644790138' },
  },
  {
    id: 104,
    customerEmail: 'pro.guide@example.com',
    status: 'Shipped',
    statusId: 2,
    daysAgo: 40,
    items: [
      { productSlug: 'ridgeline-summit-ascent-mens', quantity: 1 },
      { productSlug: 'ridgeline-expedition-gaiter', quantity: 2 },
    ],
    shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456785' },
  },
  {
    id: 105,
    customerEmail: 'employee@example.com',
    status: 'Completed',
    statusId: 10,
    daysAgo: 60,
    items: [{ productSlug: 'ridgeline-velocity-run', quantity: 1 }],
    shipment: { carrier: 'USPS', trackingNumber: '9400111899223197428491' },
  },
  // For the back office's order journey (issue 19): a bank transfer not received yet (mark paid, ship in two
  // parcels) and a paid order not shipped yet (cancel: its stock comes back).
  {
    id: 106,
    customerEmail: 'employee@example.com',
    status: 'Awaiting Payment',
    statusId: 7,
    daysAgo: 1,
    paymentMethod: 'bank_transfer',
    items: [
      { productSlug: 'ridgeline-trail-gaiter', quantity: 1 },
      { productSlug: 'ridgeline-merino-beanie', quantity: 2 },
    ],
  },
  {
    id: 107,
    customerEmail: 'employee@example.com',
    status: 'Awaiting Fulfillment',
    statusId: 11,
    daysAgo: 1,
    paymentMethod: 'pay_on_account',
    items: [{ productSlug: 'ridgeline-expedition-gaiter', quantity: 2 }],
  },
];

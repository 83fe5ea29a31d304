import type { DiscountKind, DiscountScope } from '#core/discount-code.ts';

/**
 * The demo store's discount codes (issue 41): a running winter newsletter code, one that ended, and one for North
 * America only, so the cart's refusals can be tried in any storefront.
 */
export interface DemoDiscountCode {
  code: string;
  description: string;
  kind: DiscountKind;
  percent?: number;
  amounts?: Record<string, number>;
  scope?: DiscountScope;
  regionIds?: string[];
  minimums?: Record<string, number>;
  startsAt?: string;
  endsAt?: string;
  usageLimit?: number;
  perCustomerLimit?: number;
  combinesWithSale?: boolean;
}

export const DEMO_DISCOUNT_CODES: readonly DemoDiscountCode[] = [
  {
    code: 'WINTER10',
    description: 'Winter newsletter: 10 % off the whole cart, sale items included, in every region.',
    kind: 'percent',
    percent: 10,
    startsAt: '2026-11-01T00:00:00Z',
    endsAt: '2027-03-01T00:00:00Z',
    usageLimit: 5000,
    perCustomerLimit: 1,
    combinesWithSale: true,
  },
  {
    code: 'AUTUMN15',
    description: 'Autumn launch: 15 % off, ended on 31 October.',
    kind: 'percent',
    percent: 15,
    startsAt: '2026-09-01T00:00:00Z',
    endsAt: '2026-11-01T00:00:00Z',
  },
  {
    code: 'TRAILNA',
    description: 'North American trail days: $20 / C$25 off snowshoe orders from $150 / C$200.',
    kind: 'amount',
    amounts: { USD: 20, CAD: 25 },
    regionIds: ['us', 'ca'],
    minimums: { USD: 150, CAD: 200 },
    usageLimit: 500,
  },
  {
    code: 'SHIPFREE',
    description: 'Free shipping on any order, for customer service to hand out.',
    kind: 'free_shipping',
    usageLimit: 200,
  },
];

/**
 * The `Payment` port: how an order is paid. The built-in methods are the offline ones a real store offers, so a
 * fresh machine takes orders without a payment provider; a card provider can implement the same interface.
 */

export type PaymentMethodId = 'bank_transfer' | 'pay_on_account' | 'cash_on_delivery';

export interface PaymentContext {
  regionId: string;
  isPro: boolean;
  total: number;
  currencyCode: string;
}

export interface PaymentMethod {
  id: PaymentMethodId;
  /** The display-text key of the method's name and of its instructions. */
  labelKey: string;
  instructionsKey: string;
}

export interface PaymentResult {
  /** The order status the payment leaves the order in (§3 order status names). */
  status: 'Awaiting Payment' | 'Awaiting Fulfillment';
  statusId: number;
  reference: string;
}

export interface Payment {
  /** Methods this shopper may choose, in display order. */
  methods(context: PaymentContext): PaymentMethod[];
  /** A method by id, whoever may choose it (to describe an order's method after the fact), or null. */
  byId(id: string): PaymentMethod | null;
  /** Authorises a payment; throws PaymentRefused when the method is not open to this shopper. */
  authorize(method: string, context: PaymentContext, orderId: number): PaymentResult;
}

export class PaymentRefused extends Error {
  constructor(readonly method: string) {
    super(`Payment method '${method}' is not available for this order`);
    this.name = 'PaymentRefused';
  }
}

/** Regions where the carrier collects cash on delivery. */
const CASH_ON_DELIVERY_REGIONS = new Set(['eu_region_1']);

const ALL: PaymentMethod[] = [
  { id: 'bank_transfer', labelKey: 'pay by bank transfer', instructionsKey: 'bank transfer instructions' },
  { id: 'pay_on_account', labelKey: 'pay on account', instructionsKey: 'pay on account instructions' },
  {
    id: 'cash_on_delivery',
    labelKey: 'cash on delivery',
    instructionsKey: 'cash on delivery instructions',
  },
];

export function createOfflinePayment(): Payment {
  const api: Payment = {
    methods(context) {
      return ALL.filter(
        (method) =>
          method.id === 'bank_transfer' ||
          (method.id === 'pay_on_account' && context.isPro) ||
          (method.id === 'cash_on_delivery' && CASH_ON_DELIVERY_REGIONS.has(context.regionId)),
      );
    },
    byId(id) {
      return ALL.find((method) => method.id === id) ?? null;
    },
    authorize(method, context, orderId) {
      if (!api.methods(context).some((entry) => entry.id === method)) throw new PaymentRefused(method);
      if (method === 'bank_transfer')
        return { status: 'Awaiting Payment', statusId: 7, reference: `RL-${orderId}` };
      return { status: 'Awaiting Fulfillment', statusId: 11, reference: `RL-${orderId}` };
    },
  };
  return api;
}

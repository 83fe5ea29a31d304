/**
 * The payment provider: the methods a shopper may choose and the authorisation of an order's payment. It is built
 * once (server/services.ts) and handed to commerce, which asks it outside the order's transaction (decision 0055):
 * a provider may take seconds, answer later through a webhook, or not answer at all. The offline methods a real
 * store offers are the first implementation, so a fresh machine takes orders without a payment provider.
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

/** What a provider is asked to authorise: the order as placed (committed, stock taken, payment pending). */
export interface PaymentOrder extends PaymentContext {
  orderId: number;
  method: string;
  email: string;
}

/** The order status an authorised payment leaves the order in (§3 order status names). */
export interface AuthorizedStatus {
  status: 'Awaiting Payment' | 'Awaiting Fulfillment';
  statusId: 7 | 11;
}

export type Authorization =
  | ({ outcome: 'authorized'; reference: string } & AuthorizedStatus)
  /** The provider decides later and says so through its webhook; the reference is its name for the payment. */
  | { outcome: 'pending'; reference: string }
  /** Refused; the reason is the provider's word for it (kept on the order, never shown as such). */
  | { outcome: 'declined'; reason: string };

export interface PaymentProvider {
  /** The provider's name in its webhook's path (`/api/webhooks/payment/:provider`). */
  readonly id: string;
  /** Whether it may answer `pending` and confirm through the webhook. */
  readonly confirmsLater: boolean;
  /** Methods this shopper may choose, in display order. */
  methods(context: PaymentContext): PaymentMethod[];
  /** A method by id, whoever may choose it (to describe an order's method after the fact), or null. */
  byId(id: string): PaymentMethod | null;
  /**
   * Authorises the order's payment. Asked again for the same order after a crash (the minute's retry), so a
   * provider answers a second call for an order with the first call's outcome.
   */
  authorize(order: PaymentOrder): Promise<Authorization>;
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

/** Whether a method is open to this shopper. */
export function offers(provider: Pick<PaymentProvider, 'methods'>, method: string, context: PaymentContext) {
  return provider.methods(context).some((entry) => entry.id === method);
}

/**
 * Bank transfer, pay on account (pro customers) and cash on delivery (where the carrier collects it). Nothing to
 * ask anyone: the answer is the same for the same order, so a retry after a crash answers what the first call did.
 */
export function createOfflinePayment(): PaymentProvider {
  const provider: PaymentProvider = {
    id: 'offline',
    confirmsLater: false,
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
    async authorize(order) {
      const reference = `RL-${order.orderId}`;
      // The shopper's methods were checked when the order was placed; a method closed since (a pro status that
      // ended in between) is refused here as any provider would.
      if (!offers(provider, order.method, order))
        return { outcome: 'declined', reason: `method ${order.method} is not open to this order` };
      if (order.method === 'bank_transfer')
        return { outcome: 'authorized', status: 'Awaiting Payment', statusId: 7, reference };
      return { outcome: 'authorized', status: 'Awaiting Fulfillment', statusId: 11, reference };
    },
  };
  return provider;
}

import type { Logger } from 'pino';

/**
 * What the engines announce after a change has committed. Modules never call each other for side work: mail
 * subscribes to these (server/mail/subscribers.ts), so commerce knows nothing of mail and the storefront
 * sends nothing itself.
 */
export interface DomainEvents {
  /** An order was written (not a replayed submission). `locale` is the shopper's URL segment (en-us). */
  'order-placed': { orderId: number; locale: string };
  /** The back office shipped a parcel of the order (issue 19); `locale` is the shipping country's default. */
  'order-shipped': { orderId: number; shipmentId: number; locale: string };
  /** The back office cancelled the order (issue 19), with the reason the operator gave. */
  'order-cancelled': { orderId: number; reason: string; locale: string };
  'order-refunded': { orderId: number; refundId: number; locale: string };
  'order-returned': { orderId: number; returnId: number; refundId: number | null; locale: string };
  /** A shopper asked for a reset link and the address has an account. */
  'password-reset-requested': {
    email: string;
    firstName: string;
    token: string;
    locale: string;
    minutes: number;
  };
  /** The pro team approved a pro application (issue 19); `locale` is the applicant's URL segment. */
  'pro-approved': {
    email: string;
    firstName: string;
    locale: string;
    spendLimit: number;
    /** The currency of the pro storefront's region (USD, CAD, EUR), for the spend limit. */
    currency: string;
    /** yyyy-mm-dd, or null when the pro pricing does not expire. */
    expiresAt: string | null;
  };
  /** The pro team turned a pro application down, with the reason the applicant is told. */
  'pro-rejected': { email: string; firstName: string; locale: string; reason: string };
  /** A sign-up of an address without an account: its confirmation link (the account is created when followed). */
  'signup-confirmation-requested': {
    email: string;
    firstName: string;
    token: string;
    locale: string;
    minutes: number;
  };
  /** A sign-up of an address that has an account: its owner is told (the form answered as for a new one). */
  'signup-attempted-existing': {
    email: string;
    firstName: string;
    locale: string;
  };
  /** Variants that went from sold out to in stock (server/commerce/stock.ts): their subscribers are mailed. */
  'back-in-stock': { changes: { variantId: number; productId: number; before: number; after: number }[] };
}

type Handler<K extends keyof DomainEvents> = (event: DomainEvents[K]) => Promise<void> | void;

export interface EventBus {
  on<K extends keyof DomainEvents>(name: K, handler: Handler<K>): void;
  /**
   * Runs every subscriber and waits for them. A failing subscriber is logged and never undoes or fails what was
   * already committed.
   */
  emit<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]): Promise<void>;
  /** The same, answering false when a subscriber failed (an order's announcement is then tried again). */
  emitChecked<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]): Promise<boolean>;
  /** The same, not waited for (where the caller's timing must not depend on the subscribers). */
  emitLater<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]): void;
}

export function createEventBus(logger: Pick<Logger, 'error'>): EventBus {
  const handlers = new Map<keyof DomainEvents, Handler<never>[]>();
  const bus: EventBus = {
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as Handler<never>]);
    },
    async emit(name, event) {
      await bus.emitChecked(name, event);
    },
    async emitChecked(name, event) {
      const list = (handlers.get(name) ?? []) as Handler<typeof name>[];
      const outcomes = await Promise.all(
        list.map(async (handler) => {
          try {
            await handler(event);
            return true;
          } catch (error) {
            logger.error({ err: error, event: name }, 'event subscriber failed');
            return false;
          }
        }),
      );
      return outcomes.every(Boolean);
    },
    emitLater(name, event) {
      void bus.emit(name, event);
    },
  };
  return bus;
}

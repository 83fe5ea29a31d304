import {
  FULFILLMENT_STATUS_LABELS,
  type FulfillmentStatus,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
} from '#core/order-standing.ts';

/**
 * An order's payment and fulfilment status as two badges (issue 40), coloured by what they ask of staff: money
 * or parcels still to deal with stand out, finished ones are quiet. `cells` renders them as two table cells.
 */
const PAYMENT_TONE: Record<PaymentStatus, string> = {
  awaiting: 'wait',
  paid: 'done',
  partially_refunded: 'note',
  refunded: 'quiet',
  voided: 'quiet',
};
const FULFILLMENT_TONE: Record<FulfillmentStatus, string> = {
  unfulfilled: 'wait',
  partially_fulfilled: 'note',
  fulfilled: 'done',
  delivered: 'quiet',
  cancelled: 'quiet',
};

export function StandingBadges({
  payment,
  fulfillment,
  as = 'inline',
}: {
  payment: PaymentStatus;
  fulfillment: FulfillmentStatus;
  as?: 'inline' | 'cells';
}) {
  const paid = (
    <span className={`admin-status admin-status--${PAYMENT_TONE[payment]}`}>
      {PAYMENT_STATUS_LABELS[payment]}
    </span>
  );
  const shipped = (
    <span className={`admin-status admin-status--${FULFILLMENT_TONE[fulfillment]}`}>
      {FULFILLMENT_STATUS_LABELS[fulfillment]}
    </span>
  );
  if (as === 'cells')
    return (
      <>
        <td>{paid}</td>
        <td>{shipped}</td>
      </>
    );
  return (
    <span className="admin-standing">
      {paid} {shipped}
    </span>
  );
}

import { Link } from 'react-router';
import type { OrderDetail, OrderSummary } from '../../lib/account/orders.server.ts';
import { useText } from '../../lib/locale/use-text.ts';

export function OrderList({ orders }: { orders: OrderSummary[]; segment: string }) {
  const t = useText();
  if (orders.length === 0) return <p>{t('no orders yet')}</p>;
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">{t('order number')}</th>
          <th scope="col">{t('order date')}</th>
          <th scope="col">{t('order status')}</th>
          <th scope="col" className="num">
            {t('total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row">
              <Link to={order.href}>#{order.id}</Link>
            </th>
            <td>
              <time dateTime={order.dateTime}>{order.date}</time>
            </td>
            <td>
              <span className="status-pill">{order.status}</span>
            </td>
            <td className="num">{order.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AddressBlock({ address }: { address: OrderDetail['shippingAddress'] }) {
  return (
    <address>
      {address.first_name} {address.last_name}
      <br />
      {address.street_1}
      {address.street_2 ? (
        <>
          <br />
          {address.street_2}
        </>
      ) : null}
      <br />
      {address.city}, {address.state} {address.zip}
      <br />
      {address.country_iso2}
    </address>
  );
}

/** An order's items, totals, addresses, shipments and tracking links. */
export function OrderDetailPanel({ order }: { order: OrderDetail }) {
  const t = useText();
  return (
    <div className="order-detail">
      <p className="order-detail__meta">
        <time dateTime={order.dateTime}>{order.date}</time> ·{' '}
        <span className="status-pill">{order.status}</span>
      </p>
      <table className="data-table">
        <caption className="visually-hidden">{t('order items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('product')}</th>
            <th scope="col" className="num">
              {t('quantity')}
            </th>
            <th scope="col" className="num">
              {t('price')}
            </th>
            <th scope="col" className="num">
              {t('total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                {item.name}
                <span className="muted"> · {item.sku}</span>
              </th>
              <td className="num">{item.quantity}</td>
              <td className="num">{item.price}</td>
              <td className="num">{item.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="totals totals--narrow">
        <div>
          <dt>{t('subtotal')}</dt>
          <dd>{order.subtotal}</dd>
        </div>
        {order.discount ? (
          <div className="totals__discount">
            <dt>{t('discount line', { code: order.discount.code })}</dt>
            <dd>{order.discount.saving}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('shipping')}</dt>
          <dd>{order.shipping}</dd>
        </div>
        <div className="totals__total">
          <dt>{t('total')}</dt>
          <dd>{order.total}</dd>
        </div>
      </dl>
      <div className="account-cards">
        <section className="account-card">
          <h2>{t('shipping address')}</h2>
          <AddressBlock address={order.shippingAddress} />
        </section>
        <section className="account-card">
          <h2>{t('billing address')}</h2>
          <AddressBlock address={order.billingAddress} />
        </section>
      </div>
      <section className="account-section">
        <h2>{t('shipments')}</h2>
        {order.shipments.length === 0 ? (
          <p>{t('not shipped yet')}</p>
        ) : (
          <ul className="shipments">
            {order.shipments.map((shipment) => (
              <li key={shipment.id}>
                {shipment.date} · {shipment.carrier} ·{' '}
                {shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {t('track')} {shipment.trackingNumber}
                  </a>
                ) : (
                  shipment.trackingNumber
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

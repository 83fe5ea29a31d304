import { data } from 'react-router';
import { z } from 'zod';
import { countryByIso } from '#core/countries.ts';
import { formatStoreDate } from '#core/store-time.ts';
import type { OrderAddressRecord } from '#server/commerce/schema-sales.ts';
import { formatMoney } from '../../../components/backoffice/money.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import documentStyles from '../../../styles/admin-order-documents.css?url';
import type { Route } from './+types/documents';

/**
 * Packing slips and invoices, one page each, for the orders named in the address (issue 40): `kind=slip` lists
 * what goes in the parcel and where it goes (no prices), `kind=invoice` what was charged and refunded. The print
 * stylesheet leaves out the back office's frame and starts each order on a new page, so "Print" (or the browser's
 * own) gives one sheet per order.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: documentStyles }];

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const what = loaded?.kind === 'invoice' ? 'Invoices' : 'Packing slips';
  return [{ title: `${what} | Ridgeline back office` }];
}

const query = z.object({
  kind: z.enum(['slip', 'invoice'], {
    error: 'Ask for packing slips (kind=slip) or invoices (kind=invoice).',
  }),
  id: z
    .array(z.coerce.number().int().positive().max(2_147_483_647, 'Not an order number'), {
      error: 'Name the orders with id=…',
    })
    .min(1, 'Tick at least one order on the orders list.')
    .max(50, 'Print at most 50 orders at once.'),
});

export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'orders:read');
  const params = new URL(args.request.url).searchParams;
  const parsed = query.safeParse({ kind: params.get('kind'), id: params.getAll('id') });
  if (!parsed.success) throw data({ message: parsed.error.issues[0]!.message }, { status: 400 });
  const zone = services.config.STORE_TIME_ZONE;
  const ids = [...new Set(parsed.data.id)];
  const orders = [];
  for (const id of ids) {
    try {
      orders.push(await services.commerce.orderAdmin.detail(id));
    } catch (error) {
      if (services.errorCode(error) === 'not-found')
        throw data({ message: `There is no order ${id}.` }, { status: 404 });
      throw error;
    }
  }
  return {
    kind: parsed.data.kind,
    documents: orders.map((order) => {
      const money = (value: number) => formatMoney(value, order.currencyCode);
      return {
        id: order.id,
        placed: formatStoreDate(order.createdAt, zone),
        email: order.email,
        shippingMethod: order.shippingMethod,
        paymentMethod: order.paymentMethod.label,
        shipTo: addressLines(order.shippingAddress),
        billTo: addressLines(order.billingAddress),
        lines: order.lines.map((line) => ({
          id: line.id,
          sku: line.sku,
          name: line.name,
          quantity: line.quantity,
          toShip: line.leftToShip,
          price: money(line.price),
          total: money(line.lineTotal),
        })),
        subtotal: money(order.subtotal),
        shipping: money(order.shippingCost),
        tax: order.taxTotal ? money(order.taxTotal) : null,
        total: money(order.total),
        refunded: order.refunded ? money(order.refunded) : null,
      };
    }),
  };
}

function addressLines(address: OrderAddressRecord): string[] {
  return [
    `${address.first_name} ${address.last_name}`.trim(),
    address.company ?? '',
    address.street_1,
    address.street_2 ?? '',
    [address.zip, address.city].filter(Boolean).join(' ') + (address.state ? `, ${address.state}` : ''),
    countryByIso(address.country_iso2)?.text ?? address.country_iso2,
    address.phone ?? '',
  ].filter((line) => line.trim() !== '');
}

export default function OrderDocuments({ loaderData }: Route.ComponentProps) {
  const { kind, documents } = loaderData;
  const slip = kind === 'slip';
  return (
    <section className="order-documents" aria-label={slip ? 'Packing slips' : 'Invoices'}>
      <div className="order-documents__tools">
        <h1>
          {slip ? 'Packing slips' : 'Invoices'} ({documents.length})
        </h1>
        <button type="button" className="admin-button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      {documents.map((doc) => (
        <article key={doc.id} className="order-document" aria-labelledby={`doc-${doc.id}`}>
          <header className="order-document__head">
            <div>
              <p className="order-document__store">Ridgeline Snowshoe Co.</p>
              <h2 id={`doc-${doc.id}`}>
                {slip ? 'Packing slip' : 'Invoice'} · Order {doc.id}
              </h2>
              <p>Placed {doc.placed}</p>
            </div>
            <div>
              <h3>{slip ? 'Ship to' : 'Bill to'}</h3>
              <address>
                {(slip ? doc.shipTo : doc.billTo).map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
            </div>
          </header>
          <p>
            {slip ? `Shipping: ${doc.shippingMethod || '—'}` : `Payment: ${doc.paymentMethod}`} · {doc.email}
          </p>
          <table className="order-document__lines">
            <caption className="visually-hidden">Items of order {doc.id}</caption>
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col">Item</th>
                <th scope="col" className="num">
                  {slip ? 'To pack' : 'Quantity'}
                </th>
                {slip ? (
                  <th scope="col">Packed</th>
                ) : (
                  <>
                    <th scope="col" className="num">
                      Price
                    </th>
                    <th scope="col" className="num">
                      Total
                    </th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {doc.lines
                .filter((line) => !slip || line.toShip > 0)
                .map((line) => (
                  <tr key={line.id}>
                    <td>{line.sku}</td>
                    <td>{line.name}</td>
                    <td className="num">{slip ? line.toShip : line.quantity}</td>
                    {slip ? (
                      <td>
                        <span className="order-document__tick" aria-hidden="true" />
                      </td>
                    ) : (
                      <>
                        <td className="num">{line.price}</td>
                        <td className="num">{line.total}</td>
                      </>
                    )}
                  </tr>
                ))}
            </tbody>
            {slip ? null : (
              <tfoot>
                <tr>
                  <th scope="row" colSpan={4}>
                    Subtotal
                  </th>
                  <td className="num">{doc.subtotal}</td>
                </tr>
                <tr>
                  <th scope="row" colSpan={4}>
                    Shipping
                  </th>
                  <td className="num">{doc.shipping}</td>
                </tr>
                {doc.tax ? (
                  <tr>
                    <th scope="row" colSpan={4}>
                      Tax
                    </th>
                    <td className="num">{doc.tax}</td>
                  </tr>
                ) : null}
                <tr>
                  <th scope="row" colSpan={4}>
                    Total
                  </th>
                  <td className="num">
                    <strong>{doc.total}</strong>
                  </td>
                </tr>
                {doc.refunded ? (
                  <tr>
                    <th scope="row" colSpan={4}>
                      Refunded
                    </th>
                    <td className="num">−{doc.refunded}</td>
                  </tr>
                ) : null}
              </tfoot>
            )}
          </table>
          {slip && doc.lines.every((line) => line.toShip === 0) ? (
            <p>Everything of this order has shipped.</p>
          ) : null}
        </article>
      ))}
    </section>
  );
}

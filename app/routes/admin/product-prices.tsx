import { data, Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import { type PriceField, priceChangeProblems, utcDateTimeValue } from '#core/product-price.ts';
import { priceFormSchema } from '#core/product-price-form.ts';
import { can } from '#core/staff-permissions.ts';
import { CsrfField } from '../../components/admin/csrf-field.tsx';
import { FieldError, FormMessage } from '../../components/admin/form-message.tsx';
import { formatMoney, REGION_LABELS } from '../../components/admin/money.ts';
import { ProductTabs } from '../../components/admin/product-tabs.tsx';
import { productIdOf } from '../../lib/admin/record-id.server.ts';
import { attemptStaff, parseStaffForm, refuse } from '../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../lib/backoffice/staff-context.server.ts';
import pricesStyles from '../../styles/admin-prices.css?url';
import type { Route } from './+types/product-prices';

/**
 * A product's prices in the back office (issue 20): retail and sale price per commerce region, in the region's
 * currency, with the sale's start and end (UTC), saved one region at a time; and what each customer group pays
 * for the product now (§6), priced by the storefront's own functions.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: pricesStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Prices: ${loaderData?.product.name ?? 'Product'} | Ridgeline back office` }];
}

type SaleState = 'none' | 'running' | 'scheduled' | 'ended';

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const id = productIdOf(args.params);
  const done = await attemptStaff(services, () => services.commerce.priceAdmin.prices(id));
  if (!done.ok) throw data({ message: `There is no product ${id}.` }, { status: 404 });
  const now = Date.now();
  return {
    product: done.value.product,
    regions: done.value.regions.map((region) => ({
      ...region,
      saleState: (region.sale === null
        ? 'none'
        : region.saleNow !== null
          ? 'running'
          : region.saleStartsAt && Date.parse(region.saleStartsAt) > now
            ? 'scheduled'
            : 'ended') as SaleState,
    })),
    canWrite: can(staff.role, 'catalogue:write'),
  };
}

const priceTarget = z.looseObject({
  intent: z.enum(['save', 'remove-sale'], { error: 'Choose save or remove the sale.' }),
  regionId: z.string().regex(/^[a-z0-9_]{1,40}$/, 'Choose a region.'),
});

/** Field errors of one region's row, keyed `<region>-<field>` so they show in that row only. */
const ofRegion = (regionId: string, problems: Partial<Record<PriceField, string>>) =>
  Object.fromEntries(Object.entries(problems).map(([field, message]) => [`${regionId}-${field}`, message]));

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const id = productIdOf(args.params);
  const parsed = await parseStaffForm(args.request, csrfToken, priceTarget);
  if (!parsed.ok) return parsed.answer;
  const { intent, regionId } = parsed.data;
  const where = REGION_LABELS[regionId] ?? regionId;
  const admin = services.commerce.priceAdmin;
  if (intent === 'remove-sale') {
    const done = await attemptStaff(services, () => admin.removeSale(actor, id, regionId));
    return done.ok ? { ok: true as const, message: `Sale removed in ${where}.` } : done.answer;
  }
  const fields = priceFormSchema.safeParse(parsed.data);
  if (!fields.success) {
    const problems: Partial<Record<PriceField, string>> = {};
    for (const issue of fields.error.issues) problems[issue.path[0] as PriceField] ??= issue.message;
    return refuse(400, `Check the highlighted fields of ${where}.`, ofRegion(regionId, problems));
  }
  const problems = priceChangeProblems(fields.data, new Date());
  if (Object.keys(problems).length > 0)
    return refuse(400, `Check the highlighted fields of ${where}.`, ofRegion(regionId, problems));
  const done = await attemptStaff(services, () => admin.setPrice(actor, id, regionId, fields.data));
  return done.ok ? { ok: true as const, message: `Prices saved for ${where}.` } : done.answer;
}

const SALE_STATES: Record<SaleState, string> = {
  none: 'No sale',
  running: 'On sale now',
  scheduled: 'Starts later',
  ended: 'Ended',
};

export default function ProductPricesPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { product, regions, canWrite } = loaderData;
  const errorOf = (regionId: string, field: PriceField) =>
    answer && !answer.ok ? answer.fieldErrors[`${regionId}-${field}`] : undefined;
  const describedBy = (regionId: string, field: PriceField) =>
    errorOf(regionId, field) ? `${regionId}-${field}-error` : undefined;

  return (
    <section aria-labelledby="product-title">
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <h1 id="product-title">{product.name}</h1>
      <ProductTabs productId={product.id} current="prices" />
      <FormMessage answer={answer} />

      <h2>Prices per region</h2>
      <p className="admin-muted">
        Prices are per product in each region’s currency; every variant sells at the product’s price. Sale
        times are in UTC. Leave the sale price empty for no sale, and a time empty for “from now” or “until
        removed”.
      </p>
      {regions.map((region) =>
        canWrite ? (
          <Form key={region.regionId} method="post" id={`price-${region.regionId}`} hidden>
            <CsrfField />
            <input type="hidden" name="regionId" value={region.regionId} />
          </Form>
        ) : null,
      )}
      <div className="admin-table-wrap">
        <table className="admin-table admin-prices">
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Currency</th>
              <th scope="col">Retail</th>
              <th scope="col">Sale</th>
              <th scope="col">Sale starts (UTC)</th>
              <th scope="col">Sale ends (UTC)</th>
              <th scope="col">Status</th>
              {canWrite ? <th scope="col">Change</th> : null}
            </tr>
          </thead>
          <tbody>
            {regions.map((region) => {
              const label = REGION_LABELS[region.regionId] ?? region.regionName;
              const form = `price-${region.regionId}`;
              // A saved change re-renders the inputs with the stored values; a refused one keeps what was typed.
              const key = [region.retail, region.sale, region.saleStartsAt, region.saleEndsAt].join('|');
              const input = (field: PriceField, name: string, props: Record<string, unknown>) => (
                <>
                  <input
                    key={`${field}-${key}`}
                    form={form}
                    name={field}
                    aria-label={`${name}, ${label} (${region.currency})`}
                    aria-invalid={errorOf(region.regionId, field) ? true : undefined}
                    aria-describedby={describedBy(region.regionId, field)}
                    {...props}
                  />
                  <FieldError answer={answer} name={`${region.regionId}-${field}`} />
                </>
              );
              return (
                <tr key={region.regionId}>
                  <th scope="row">{label}</th>
                  <td data-label="Currency">{region.currency}</td>
                  {canWrite ? (
                    <>
                      <td data-label="Retail">
                        {input('retail', 'Retail price', {
                          inputMode: 'decimal',
                          required: true,
                          defaultValue: region.retail?.toFixed(2) ?? '',
                          size: 10,
                        })}
                      </td>
                      <td data-label="Sale">
                        {input('sale', 'Sale price', {
                          inputMode: 'decimal',
                          defaultValue: region.sale?.toFixed(2) ?? '',
                          size: 10,
                        })}
                      </td>
                      <td data-label="Sale starts (UTC)">
                        {input('saleStartsAt', 'Sale starts', {
                          type: 'datetime-local',
                          step: 1,
                          defaultValue: utcDateTimeValue(region.saleStartsAt),
                        })}
                      </td>
                      <td data-label="Sale ends (UTC)">
                        {input('saleEndsAt', 'Sale ends', {
                          type: 'datetime-local',
                          step: 1,
                          defaultValue: utcDateTimeValue(region.saleEndsAt),
                        })}
                      </td>
                    </>
                  ) : (
                    <>
                      <td data-label="Retail">
                        {region.retail === null ? '—' : formatMoney(region.retail, region.currency)}
                      </td>
                      <td data-label="Sale">
                        {region.sale === null ? '—' : formatMoney(region.sale, region.currency)}
                      </td>
                      <td data-label="Sale starts (UTC)">
                        {utcDateTimeValue(region.saleStartsAt).replace('T', ' ') || '—'}
                      </td>
                      <td data-label="Sale ends (UTC)">
                        {utcDateTimeValue(region.saleEndsAt).replace('T', ' ') || '—'}
                      </td>
                    </>
                  )}
                  <td data-label="Status">
                    {region.retail === null ? 'Not sold here' : SALE_STATES[region.saleState]}
                  </td>
                  {canWrite ? (
                    <td>
                      <div className="admin-actions">
                        <button
                          type="submit"
                          form={form}
                          name="intent"
                          value="save"
                          className="admin-button admin-button--small"
                          aria-label={`Save ${label} prices`}
                        >
                          Save
                        </button>
                        {region.sale !== null ? (
                          <button
                            type="submit"
                            form={form}
                            name="intent"
                            value="remove-sale"
                            className="admin-button admin-button--small admin-button--quiet"
                            aria-label={`Remove the ${label} sale`}
                          >
                            Remove sale
                          </button>
                        ) : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <h2>What each customer group pays</h2>
      <p className="admin-muted">
        Today’s price with the group’s discount rules applied to the price that applies now (the sale price
        while a sale runs), as the store prices it. A group’s own rules price its members whose pro region is
        exactly “pro”; guests, standard customers and other pro customers pay the guest group’s price (§6).
        Pro customers never see a sale tag.
      </p>
      <div className="admin-prices-groups">
        {regions.map((region) => (
          <div key={region.regionId} className="admin-table-wrap">
            <table className="admin-table">
              <caption>
                {REGION_LABELS[region.regionId] ?? region.regionName} ({region.currency})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Customer group</th>
                  <th scope="col" className="num">
                    Pays
                  </th>
                </tr>
              </thead>
              <tbody>
                {region.groups.length === 0 ? (
                  <tr>
                    <td colSpan={2}>Not sold in this region: set a retail price first.</td>
                  </tr>
                ) : (
                  region.groups.map((group) => (
                    <tr key={group.id}>
                      <th scope="row">
                        <Link to={`/admin/groups/${group.id}`}>{group.name}</Link>
                        {group.guests ? (
                          <span className="admin-muted"> (guests and everyone else)</span>
                        ) : null}
                      </th>
                      <td className="num">{formatMoney(group.pays, region.currency)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </section>
  );
}

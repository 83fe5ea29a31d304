import { data, Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import {
  type PriceField,
  priceChangeProblems,
  regionPriceField as regionField,
} from '#core/product-price.ts';
import { priceFormSchemaIn } from '#core/product-price-form.ts';
import { can } from '#core/staff-permissions.ts';
import { toDateTimeLocal } from '#core/store-time.ts';
import type { RegionPriceChange } from '#server/commerce/price-admin.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { formatMoney, REGION_LABELS } from '../../../components/backoffice/money.ts';
import { VariantPrices } from '../../../components/backoffice/variant-prices.tsx';
import { asksConfirmation } from '../../../lib/backoffice/confirmation.ts';
import { attemptGuarded, attemptStaff, parseStaffForm, refuse } from '../../../lib/backoffice/form.server.ts';
import { productIdOf } from '../../../lib/backoffice/record-id.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import { saveVariantPrices } from '../../../lib/backoffice/variant-price-form.server.ts';
import pricesStyles from '../../../styles/admin-prices.css?url';
import type { Route } from './+types/prices';

/**
 * A product's prices in the back office (issue 20): retail and sale price per commerce region, in the region's
 * currency, with the sale's start and end (on the store's clock, STORE_TIME_ZONE); and what each customer group
 * pays for the product now (§6), priced by the storefront's own functions. Every region is in one form with one Save, written all or nothing
 * (issue 40: a Save per region lost what was typed in the others); a refusal keeps every typed value on the page,
 * and a drop of more than half for any customer group is saved only once its effect is confirmed.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: pricesStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Prices: ${loaderData?.product.name ?? 'Product'} | Ridgeline back office` }];
}

type SaleState = 'none' | 'running' | 'scheduled' | 'ended';

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const id = productIdOf(args.params);
  const done = await attemptStaff(services, () =>
    Promise.all([services.commerce.priceAdmin.prices(id), services.commerce.priceAdmin.variantPrices(id)]),
  );
  if (!done.ok) throw data({ message: `There is no product ${id}.` }, { status: 404 });
  const [prices, variants] = done.value;
  const now = Date.now();
  return {
    product: prices.product,
    variants,
    regions: prices.regions.map((region) => ({
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
    zone: services.config.STORE_TIME_ZONE,
  };
}

const regionId = z.string().regex(/^[a-z0-9_]{1,40}$/, 'Choose a region.');

/** A save carries every region's fields, named `<region>-<field>` (read below, per region the product has). */
const pricesForm = z.discriminatedUnion('intent', [
  z.looseObject({ intent: z.literal('save'), confirmed: z.literal('1').optional() }),
  z.object({ intent: z.literal('remove-sale'), regionId }),
  z.looseObject({ intent: z.literal('save-variants'), confirmed: z.literal('1').optional() }),
]);

const PRICE_FIELDS: readonly PriceField[] = ['retail', 'sale', 'saleStartsAt', 'saleEndsAt'];

/** A list as a sentence reads it: "Canada", "Canada and Europe", "Canada, Europe and United States". */
const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const id = productIdOf(args.params);
  const parsed = await parseStaffForm(args.request, csrfToken, pricesForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const admin = services.commerce.priceAdmin;
  const labelOf = (region: string) => REGION_LABELS[region] ?? region;
  if (form.intent === 'save-variants')
    return saveVariantPrices(services, actor, id, form as Record<string, unknown>);
  if (form.intent === 'remove-sale') {
    const done = await attemptStaff(services, () => admin.removeSale(actor, id, form.regionId));
    return done.ok
      ? { ok: true as const, message: `Sale removed in ${labelOf(form.regionId)}.` }
      : done.answer;
  }
  const current = await attemptStaff(services, () => admin.prices(id));
  if (!current.ok) return current.answer;
  const sent = form as Record<string, unknown>;
  const changes: RegionPriceChange[] = [];
  const problems: Record<string, string> = {};
  const failing: string[] = [];
  for (const region of current.value.regions) {
    const values = Object.fromEntries(
      PRICE_FIELDS.map((field) => [field, sent[regionField(region.regionId, field)]]),
    );
    const typed = Object.values(values).filter((value) => typeof value === 'string' && value.trim() !== '');
    // A region the form did not carry, or one not sold there and left blank, is not part of this save.
    if (typed.length === 0 && (region.retail === null || Object.values(values).every((v) => v === undefined)))
      continue;
    const fields = priceFormSchemaIn(services.config.STORE_TIME_ZONE).safeParse(values);
    const found: Partial<Record<PriceField, string>> = {};
    if (!fields.success)
      for (const issue of fields.error.issues) found[issue.path[0] as PriceField] ??= issue.message;
    else Object.assign(found, priceChangeProblems(fields.data, new Date()));
    if (Object.keys(found).length > 0) {
      failing.push(labelOf(region.regionId));
      for (const [field, message] of Object.entries(found))
        problems[regionField(region.regionId, field as PriceField)] = message;
    } else if (fields.success) changes.push({ regionId: region.regionId, ...fields.data });
  }
  if (failing.length > 0) return refuse(400, `Check the highlighted fields of ${listed(failing)}.`, problems);
  if (changes.length === 0) return refuse(400, 'Enter the prices to save.');
  // A large drop is an effect to confirm, not a mistake: the page asks, the typed values still in place.
  const done = await attemptGuarded(services, parsed.form, () =>
    admin.setPrices(actor, id, changes, { confirmed: form.confirmed === '1' }),
  );
  if (!done.ok) return done.answer;
  const saved = done.value.map((entry) => labelOf(entry.regionId));
  return {
    ok: true as const,
    message: saved.length
      ? `Prices saved for ${listed(saved)}.`
      : 'Nothing to save: the prices are as they were.',
  };
}

const SALE_STATES: Record<SaleState, string> = {
  none: 'No sale',
  running: 'On sale now',
  scheduled: 'Starts later',
  ended: 'Ended',
};

export default function ProductPricesPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { regions, canWrite, zone } = loaderData;
  /**
   * A sale time as its input shows it, on the store's clock ('' for none), to the second when it has seconds: a
   * save of the whole form sends it back unchanged.
   */
  const storeTimeValue = (at: string | null) => {
    if (!at) return '';
    const seconds = new Date(at).getUTCSeconds();
    return `${toDateTimeLocal(at, zone)}${seconds ? `:${String(seconds).padStart(2, '0')}` : ''}`;
  };
  const errorOf = (regionId: string, field: PriceField) =>
    answer && !answer.ok ? answer.fieldErrors[regionField(regionId, field)] : undefined;
  const describedBy = (regionId: string, field: PriceField) =>
    errorOf(regionId, field) ? `${regionField(regionId, field)}-error` : undefined;
  const selling = regions.some((region) => region.sale !== null);

  return (
    <>
      <FormMessage answer={answer} />
      {asksConfirmation(answer) ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p>
            <strong>Confirm a large price drop.</strong> {answer.confirm} Nothing is saved until you confirm.
          </p>
          <button type="submit" form="prices" name="confirmed" value="1" className="admin-button">
            Save the prices anyway
          </button>
        </div>
      ) : null}

      <h2>Prices per region</h2>
      <p className="admin-muted">
        Prices are per product in each region’s currency; a variant without a price of its own (below) sells
        at the product’s price. Sale times are the store’s ({zone}). Leave the sale price empty for no sale,
        and a time empty for “from now” or “until removed”.
      </p>
      {canWrite ? (
        <>
          <Form method="post" id="prices" hidden>
            <CsrfField />
            <input type="hidden" name="intent" value="save" />
          </Form>
          {regions
            .filter((region) => region.sale !== null)
            .map((region) => (
              <Form key={region.regionId} method="post" id={`remove-sale-${region.regionId}`} hidden>
                <CsrfField />
                <input type="hidden" name="intent" value="remove-sale" />
                <input type="hidden" name="regionId" value={region.regionId} />
              </Form>
            ))}
        </>
      ) : null}
      <div className="admin-table-wrap">
        <table className="admin-table admin-prices">
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Currency</th>
              <th scope="col">Retail</th>
              <th scope="col">Sale</th>
              <th scope="col">Sale starts</th>
              <th scope="col">Sale ends</th>
              <th scope="col">Status</th>
              {canWrite && selling ? <th scope="col">Sale</th> : null}
            </tr>
          </thead>
          <tbody>
            {regions.map((region) => {
              const label = REGION_LABELS[region.regionId] ?? region.regionName;
              // A saved change re-renders the inputs with the stored values; a refused one keeps what was typed.
              const key = [region.retail, region.sale, region.saleStartsAt, region.saleEndsAt].join('|');
              const input = (field: PriceField, name: string, props: Record<string, unknown>) => (
                <>
                  <input
                    key={`${field}-${key}`}
                    form="prices"
                    name={regionField(region.regionId, field)}
                    aria-label={`${name}, ${label} (${region.currency})`}
                    aria-invalid={errorOf(region.regionId, field) ? true : undefined}
                    aria-describedby={describedBy(region.regionId, field)}
                    {...props}
                  />
                  <FieldError answer={answer} name={regionField(region.regionId, field)} />
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
                          // Not sold in a region yet: its retail price may stay empty.
                          required: region.retail !== null,
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
                      <td data-label="Sale starts">
                        {input('saleStartsAt', 'Sale starts', {
                          type: 'datetime-local',
                          step: 1,
                          defaultValue: storeTimeValue(region.saleStartsAt),
                        })}
                      </td>
                      <td data-label="Sale ends">
                        {input('saleEndsAt', 'Sale ends', {
                          type: 'datetime-local',
                          step: 1,
                          defaultValue: storeTimeValue(region.saleEndsAt),
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
                      <td data-label="Sale starts">
                        {storeTimeValue(region.saleStartsAt).replace('T', ' ') || '—'}
                      </td>
                      <td data-label="Sale ends">
                        {storeTimeValue(region.saleEndsAt).replace('T', ' ') || '—'}
                      </td>
                    </>
                  )}
                  <td data-label="Status">
                    {region.retail === null ? 'Not sold here' : SALE_STATES[region.saleState]}
                  </td>
                  {canWrite && selling ? (
                    <td>
                      {region.sale !== null ? (
                        <button
                          type="submit"
                          form={`remove-sale-${region.regionId}`}
                          className="admin-button admin-button--small admin-button--quiet"
                          aria-label={`Remove the ${label} sale`}
                        >
                          Remove sale
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {canWrite ? (
        <p className="admin-actions">
          <button type="submit" form="prices" className="admin-button">
            Save prices
          </button>
          <span className="admin-muted">
            Saves every region’s prices together; a region left as it was is not changed.
          </span>
        </p>
      ) : null}

      <VariantPrices
        variants={loaderData.variants}
        regions={regions}
        answer={answer}
        canWrite={canWrite}
        zone={zone}
      />

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
    </>
  );
}

import { Form } from 'react-router';
import { type PriceField, variantPriceField } from '#core/product-price.ts';
import { toDateTimeLocal } from '#core/store-time.ts';
import type { StaffFormAnswer } from '../../lib/backoffice/form.server.ts';
import { CsrfField } from './csrf-field.tsx';
import { FieldError } from './form-message.tsx';
import { formatMoney, REGION_LABELS } from './money.ts';

interface OwnPrice {
  retail: number;
  sale: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
}

interface Props {
  variants: ReadonlyArray<{ id: number; sku: string; label: string; prices: Record<string, OwnPrice> }>;
  /** The regions the product is sold in, with its own retail price there (what a variant without one costs). */
  regions: ReadonlyArray<{ regionId: string; regionName: string; currency: string; retail: number | null }>;
  answer: (StaffFormAnswer & { confirmVariants?: string }) | { ok: true; message?: string } | undefined;
  canWrite: boolean;
  zone: string;
}

/**
 * A product's variants' own prices (decision 0042): one row per variant and region, blank where the variant
 * costs the product's price; every row is one form with one Save, as the product's prices are.
 */
export function VariantPrices({ variants, regions, answer, canWrite, zone }: Props) {
  const sold = regions.filter((region) => region.retail !== null);
  const refused = answer && !answer.ok ? answer : undefined;
  const timeValue = (at: string | null) => {
    if (!at) return '';
    const seconds = new Date(at).getUTCSeconds();
    return `${toDateTimeLocal(at, zone)}${seconds ? `:${String(seconds).padStart(2, '0')}` : ''}`;
  };
  if (variants.length === 0 || sold.length === 0) return null;
  return (
    <section aria-labelledby="variant-prices-heading">
      <h2 id="variant-prices-heading">Variant prices</h2>
      <p className="admin-muted">
        A variant (a size or colour that costs more) may have its own price in a region; it replaces the
        product’s price there, sale included. Leave a row empty and the variant costs the product’s price.
      </p>
      {refused?.confirmVariants ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p>
            <strong>Confirm a large price drop.</strong> {refused.confirmVariants} Nothing is saved until you
            confirm.
          </p>
          <button type="submit" form="variant-prices" name="confirmed" value="1" className="admin-button">
            Save the variant prices anyway
          </button>
        </div>
      ) : null}
      {canWrite ? (
        <Form method="post" id="variant-prices" hidden>
          <CsrfField />
          <input type="hidden" name="intent" value="save-variants" />
        </Form>
      ) : null}
      <div className="admin-table-wrap">
        <table className="admin-table admin-prices">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Region</th>
              <th scope="col">Retail</th>
              <th scope="col">Sale</th>
              <th scope="col">Sale starts</th>
              <th scope="col">Sale ends</th>
            </tr>
          </thead>
          <tbody>
            {variants.flatMap((variant) =>
              sold.map((region) => {
                const own = variant.prices[region.regionId];
                const label = `${variant.label}, ${REGION_LABELS[region.regionId] ?? region.regionName} (${region.currency})`;
                const key = [own?.retail, own?.sale, own?.saleStartsAt, own?.saleEndsAt].join('|');
                const name = (field: PriceField) => variantPriceField(variant.id, region.regionId, field);
                const input = (field: PriceField, what: string, props: Record<string, unknown>) => (
                  <>
                    <input
                      key={`${field}-${key}`}
                      form="variant-prices"
                      name={name(field)}
                      aria-label={`${what}, ${label}`}
                      aria-invalid={refused?.fieldErrors[name(field)] ? true : undefined}
                      aria-describedby={
                        refused?.fieldErrors[name(field)] ? `${name(field)}-error` : undefined
                      }
                      {...props}
                    />
                    <FieldError answer={answer} name={name(field)} />
                  </>
                );
                const productPrice = formatMoney(region.retail ?? 0, region.currency);
                return (
                  <tr key={`${variant.id}-${region.regionId}`}>
                    <th scope="row">
                      {variant.label} <span className="admin-muted">{variant.sku}</span>
                    </th>
                    <td data-label="Region">{REGION_LABELS[region.regionId] ?? region.regionName}</td>
                    {canWrite ? (
                      <>
                        <td data-label="Retail">
                          {input('retail', 'Retail price', {
                            inputMode: 'decimal',
                            defaultValue: own?.retail.toFixed(2) ?? '',
                            placeholder: productPrice,
                            size: 10,
                          })}
                        </td>
                        <td data-label="Sale">
                          {input('sale', 'Sale price', {
                            inputMode: 'decimal',
                            defaultValue: own?.sale?.toFixed(2) ?? '',
                            size: 10,
                          })}
                        </td>
                        <td data-label="Sale starts">
                          {input('saleStartsAt', 'Sale starts', {
                            type: 'datetime-local',
                            step: 1,
                            defaultValue: timeValue(own?.saleStartsAt ?? null),
                          })}
                        </td>
                        <td data-label="Sale ends">
                          {input('saleEndsAt', 'Sale ends', {
                            type: 'datetime-local',
                            step: 1,
                            defaultValue: timeValue(own?.saleEndsAt ?? null),
                          })}
                        </td>
                      </>
                    ) : (
                      <>
                        <td data-label="Retail">
                          {own ? formatMoney(own.retail, region.currency) : `${productPrice} (product)`}
                        </td>
                        <td data-label="Sale">
                          {own?.sale == null ? '—' : formatMoney(own.sale, region.currency)}
                        </td>
                        <td data-label="Sale starts">
                          {timeValue(own?.saleStartsAt ?? null).replace('T', ' ') || '—'}
                        </td>
                        <td data-label="Sale ends">
                          {timeValue(own?.saleEndsAt ?? null).replace('T', ' ') || '—'}
                        </td>
                      </>
                    )}
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
      </div>
      {canWrite ? (
        <p className="admin-actions">
          <button type="submit" form="variant-prices" className="admin-button">
            Save variant prices
          </button>
          <span className="admin-muted">Saves every variant in every region together.</span>
        </p>
      ) : null}
    </section>
  );
}

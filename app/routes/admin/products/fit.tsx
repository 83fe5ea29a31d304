import { data, Form, useActionData } from 'react-router';
import { z } from 'zod';
import { can } from '#core/staff-permissions.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { parseFitForm } from '../../../lib/backoffice/fit-chart-form.ts';
import { attemptStaff, parseStaffForm, refuse } from '../../../lib/backoffice/form.server.ts';
import { productIdOf } from '../../../lib/backoffice/record-id.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import fitStyles from '../../../styles/admin-fit.css?url';
import productStyles from '../../../styles/admin-product-edit.css?url';
import type { Route } from './+types/fit';

/**
 * A product's fit chart (issue 45, decision 0040): the series it is sized by and that series' load range per size
 * in kg, which the storefront's "Find your size" reads. A series is shared: its chart changes for every product
 * in it, and the page names them.
 */

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: productStyles },
  { rel: 'stylesheet', href: fitStyles },
];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Fit chart of ${loaderData?.fit.productName ?? 'product'} | Ridgeline back office` }];
}

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const productId = productIdOf(args.params);
  const done = await attemptStaff(services, () => services.commerce.fitCharts.admin.productFit(productId));
  if (!done.ok) throw data('No such product', { status: 404 });
  return { fit: done.value, canWrite: can(staff.role, 'catalogue:write') };
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const productId = productIdOf(args.params);
  const parsed = await parseStaffForm(args.request, csrfToken, z.looseObject({}));
  if (!parsed.ok) return parsed.answer;
  const read = parseFitForm(Object.fromEntries(parsed.form));
  if (!read.ok) return refuse(400, 'Check the highlighted fields.', read.fieldErrors);
  const form = read.form;
  const admin = services.commerce.fitCharts.admin;
  if (form.intent === 'save') {
    const done = await attemptStaff(services, () => admin.saveChart(actor, productId, form));
    if (!done.ok) return done.answer;
    return { ok: true as const, message: `Chart of ${done.value.name} saved.` };
  }
  if (form.intent === 'use') {
    const done = await attemptStaff(services, () => admin.useSeries(actor, productId, form.seriesId));
    if (!done.ok) return done.answer;
    return { ok: true as const, message: `Sized by ${done.value.name} now.` };
  }
  const done = await attemptStaff(services, () => admin.removeChart(actor, productId));
  if (!done.ok) return done.answer;
  return { ok: true as const, message: 'This product has no chart now: its page says so to shoppers.' };
}

export default function ProductFitPage({ loaderData }: Route.ComponentProps) {
  const { fit, canWrite } = loaderData;
  const answer = useActionData<typeof action>();
  const rangeOf = (size: string) => fit.series?.ranges.find((range) => range.size === size);
  const others = fit.allSeries.filter(
    (series) =>
      series.id !== fit.series?.id &&
      series.ranges.map((range) => range.size).join('|') === fit.sizes.join('|'),
  );
  const key = JSON.stringify(fit.series);
  const invalid = (name: string) =>
    answer && !answer.ok && answer.fieldErrors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` }
      : {};
  return (
    <>
      <FormMessage answer={answer} />
      <p className="admin-muted">
        The storefront&apos;s &ldquo;Find your size&rdquo; adds the shopper&apos;s weight and pack and picks
        the smallest size whose range holds it, one size up for powder or backcountry. Each size starts where
        the previous one ends; a load is in kg.
      </p>
      {fit.sizes.length === 0 ? (
        <p>This product has no size option, so it has no fit chart.</p>
      ) : (
        <>
          <h2 id="chart-title">{fit.series ? `Chart: ${fit.series.name}` : 'No chart yet'}</h2>
          {fit.series ? (
            <p>
              {fit.sharedWith.length > 0
                ? `Shared with ${fit.sharedWith.map((entry) => entry.name).join(', ')}: a change applies to them too.`
                : 'Only this product uses this series.'}
            </p>
          ) : (
            <p>
              Shoppers are told this product has no size chart. Start a series below or use an existing one.
            </p>
          )}
          {canWrite ? (
            <Form
              method="post"
              className="admin-form admin-product-form"
              aria-labelledby="chart-title"
              key={key}
            >
              <CsrfField />
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="rows" value={fit.sizes.length} />
              <div className="admin-field">
                <label htmlFor="fit-name">Series name</label>
                <input
                  id="fit-name"
                  name="name"
                  required
                  maxLength={80}
                  defaultValue={fit.series?.name ?? ''}
                  {...invalid('name')}
                />
                <FieldError answer={answer} name="name" />
              </div>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <caption className="visually-hidden">Load per size, in kg</caption>
                  <thead>
                    <tr>
                      <th scope="col">Size</th>
                      <th scope="col">From (kg)</th>
                      <th scope="col">To (kg)</th>
                    </tr>
                  </thead>
                  <tbody>
                    {fit.sizes.map((size, index) => (
                      <tr key={size}>
                        <th scope="row">
                          {size}
                          <input type="hidden" name={`size-${index}`} value={size} />
                        </th>
                        <td>
                          <input
                            name={`min-${index}`}
                            inputMode="decimal"
                            size={6}
                            required
                            aria-label={`${size}, from (kg)`}
                            defaultValue={rangeOf(size)?.minKg ?? ''}
                            {...invalid(`min-${index}`)}
                          />
                          <FieldError answer={answer} name={`min-${index}`} />
                        </td>
                        <td>
                          <input
                            name={`max-${index}`}
                            inputMode="decimal"
                            size={6}
                            required
                            aria-label={`${size}, to (kg)`}
                            defaultValue={rangeOf(size)?.maxKg ?? ''}
                            {...invalid(`max-${index}`)}
                          />
                          <FieldError answer={answer} name={`max-${index}`} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="admin-actions">
                <button type="submit" className="admin-button">
                  {fit.series ? 'Save chart' : 'Start series'}
                </button>
              </p>
            </Form>
          ) : (
            <ul>
              {fit.sizes.map((size) => {
                const range = rangeOf(size);
                return (
                  <li key={size}>{range ? `${size}: ${range.minKg}–${range.maxKg} kg` : `${size}: none`}</li>
                );
              })}
            </ul>
          )}
          {canWrite && others.length > 0 ? (
            <Form method="post" className="admin-fit-other" aria-label="Use another series">
              <CsrfField />
              <input type="hidden" name="intent" value="use" />
              <label htmlFor="fit-series">Use a series</label>
              <select id="fit-series" name="seriesId">
                {others.map((series) => (
                  <option key={series.id} value={series.id}>
                    {series.name} (
                    {series.ranges.map((range) => `${range.size} ≤ ${range.maxKg} kg`).join(', ')})
                  </option>
                ))}
              </select>
              <button type="submit" className="admin-button admin-button--small">
                Use
              </button>
            </Form>
          ) : null}
          {canWrite && fit.series ? (
            <Form method="post" className="admin-fit-other">
              <CsrfField />
              <input type="hidden" name="intent" value="remove" />
              <button type="submit" className="admin-button admin-button--small admin-button--quiet">
                Remove the chart from this product
              </button>
            </Form>
          ) : null}
        </>
      )}
    </>
  );
}

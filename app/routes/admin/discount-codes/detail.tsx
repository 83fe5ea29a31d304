import type { ComponentProps } from 'react';
import { data, Form, Link, redirect, useActionData } from 'react-router';
import { COMMERCE_REGIONS } from '#core/regions.ts';
import { ConfirmEffect } from '../../../components/backoffice/confirm-effect.tsx';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { REGION_LABELS } from '../../../components/backoffice/money.ts';
import { CODE_CURRENCIES } from '../../../lib/backoffice/discount-code-currencies.ts';
import {
  checkedOf,
  discountCodeFormSchema,
  formValuesOf,
} from '../../../lib/backoffice/discount-code-form.server.ts';
import { attemptGuarded, attemptStaff, parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { recordIdOf } from '../../../lib/backoffice/record-id.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import customerStyles from '../../../styles/admin-customers.css?url';
import codeStyles from '../../../styles/admin-discount-codes.css?url';
import type { Route } from './+types/detail';

/**
 * One discount code in the back office (issue 41): create or edit what it takes off, where, when, for whom and how
 * often. A code with which an order could cost 0 or less, or that takes more than half off, is saved only when
 * sent again with the confirmation (the money guard, decision 0034 and 0038); every save is in the audit log.
 */

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: customerStyles },
  { rel: 'stylesheet', href: codeStyles },
];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.code?.code ?? 'New discount code'} | Ridgeline back office` }];
}

const idOf = (params: { codeId?: string }) =>
  params.codeId === undefined ? null : recordIdOf(params.codeId, 'There is no such discount code.');

export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'catalogue:write');
  const zone = services.config.STORE_TIME_ZONE;
  const id = idOf(args.params);
  const categories = await services.commerce.groupRulesAdmin.categories();
  if (id === null) return { zone, categories, code: null };
  const done = await attemptStaff(services, () => services.commerce.discountCodes.get(id));
  if (!done.ok) throw data({ message: `There is no discount code ${id}.` }, { status: 404 });
  const row = done.value;
  return {
    zone,
    categories,
    code: {
      id: row.id,
      code: row.code,
      version: row.version,
      active: row.active,
      uses: row.uses,
      values: formValuesOf(row, zone),
      regionIds: row.regionIds,
      categoryIds: row.categoryIds,
      productIds: row.productIds.join(', '),
      combinesWithSale: row.combinesWithSale,
      appliesToPro: row.appliesToPro,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const id = idOf(args.params);
  const zone = services.config.STORE_TIME_ZONE;
  const parsed = await parseStaffForm(args.request, csrfToken, discountCodeFormSchema(zone));
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const productIds: number[] = [];
  if (form.scope === 'products')
    for (const reference of form.productRefs) {
      const found = await attemptStaff(services, () =>
        services.commerce.groupRulesAdmin.productNamed(reference),
      );
      if (!found.ok) return found.answer;
      productIds.push(found.value.id);
    }
  const input = {
    code: form.code,
    description: form.description,
    kind: form.kind,
    percent: form.percent,
    amounts: form.amounts,
    minimums: form.minimums,
    scope: form.scope,
    categoryIds: checkedOf(parsed.form, 'category_').map(Number).filter(Number.isInteger),
    productIds,
    regionIds: checkedOf(parsed.form, 'region_').filter((region) =>
      (COMMERCE_REGIONS as readonly string[]).includes(region),
    ),
    startsAt: form.startsAt,
    endsAt: form.endsAt,
    usageLimit: form.usageLimit,
    perCustomerLimit: form.perCustomerLimit,
    combinesWithSale: form.combinesWithSale,
    appliesToPro: form.appliesToPro,
  };
  const admin = services.commerce.discountCodes;
  // An order that could cost nothing is not a mistake to correct but an effect to confirm: the page asks.
  const done = await attemptGuarded(services, parsed.form, () =>
    id === null
      ? admin.create(actor, input, { confirmed: form.confirmed })
      : admin.update(actor, id, form.version ?? -1, input, { confirmed: form.confirmed }),
  );
  if (!done.ok) return done.answer;
  throw redirect(`/admin/discount-codes/${done.value.id}?saved=1`, 303);
}

/** One amount per code currency (`amount_EUR`, `minimum_CAD`, …), each with its own error. */
function CurrencyFields({
  kind,
  legend,
  values,
  answer,
}: {
  kind: 'amount' | 'minimum';
  legend: string;
  values: Record<string, string | undefined>;
  answer: ComponentProps<typeof FieldError>['answer'];
}) {
  return (
    <fieldset className="admin-fieldset">
      <legend>{legend}</legend>
      {CODE_CURRENCIES.map((currency) => (
        <div key={currency} className="admin-currency">
          <label htmlFor={`code-${kind}-${currency}`}>{currency}</label>
          <input
            id={`code-${kind}-${currency}`}
            name={`${kind}_${currency}`}
            inputMode="decimal"
            defaultValue={values[`${kind}_${currency}`]}
            aria-describedby={`${kind}_${currency}-error`}
          />
          <FieldError answer={answer} name={`${kind}_${currency}`} />
        </div>
      ))}
    </fieldset>
  );
}

export default function DiscountCodePage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { code, categories, zone } = loaderData;
  const values = code?.values ?? {};
  const saved =
    typeof window === 'undefined' ? false : new URLSearchParams(window.location.search).has('saved');
  const regions = new Set(code?.regionIds ?? []);
  const chosen = new Set(code?.categoryIds ?? []);
  return (
    <section aria-labelledby="code-title">
      <p>
        <Link to="/admin/discount-codes">← Discount codes</Link>
      </p>
      <h1 id="code-title">{code ? `Discount code ${code.code}` : 'New discount code'}</h1>
      {code ? (
        <p className="admin-muted">
          Used {code.uses} {code.uses === 1 ? 'time' : 'times'}. {code.active ? 'Active.' : 'Deactivated.'}
        </p>
      ) : null}
      {saved && !answer ? (
        <p className="admin-notice admin-notice--ok" role="status">
          Code saved.
        </p>
      ) : null}
      <FormMessage answer={answer} />
      {/* Keyed by the record's version: a saved code's page shows what was stored, not what was typed. */}
      <Form
        key={code ? `${code.id}-${code.version}` : 'new'}
        method="post"
        className="admin-form admin-form--narrow admin-discount-form"
        noValidate
      >
        <CsrfField />
        {code ? <input type="hidden" name="version" value={code.version} /> : null}
        <label htmlFor="code-code">Code</label>
        <input
          id="code-code"
          name="code"
          defaultValue={values.code}
          autoComplete="off"
          spellCheck={false}
          required
          aria-describedby="code-hint code-error"
        />
        <span id="code-hint" className="admin-muted">
          What shoppers type; upper and lower case are the same.
        </span>
        <FieldError answer={answer} name="code" />
        <label htmlFor="code-description">Note (for staff)</label>
        <input id="code-description" name="description" defaultValue={values.description} />
        <label htmlFor="code-kind">Takes off</label>
        <select
          id="code-kind"
          name="kind"
          defaultValue={values.kind ?? 'percent'}
          aria-describedby="kind-error"
        >
          <option value="percent">A percentage</option>
          <option value="amount">An amount</option>
          <option value="free_shipping">The shipping</option>
        </select>
        <FieldError answer={answer} name="kind" />
        <label htmlFor="code-percent">Percent off</label>
        <input
          id="code-percent"
          name="percent"
          inputMode="decimal"
          defaultValue={values.percent}
          aria-describedby="percent-error"
        />
        <FieldError answer={answer} name="percent" />
        <CurrencyFields
          kind="amount"
          legend="Amount off, per currency (leave a currency empty to leave it out)"
          values={values}
          answer={answer}
        />
        <label htmlFor="code-scope">Applies to</label>
        <select
          id="code-scope"
          name="scope"
          defaultValue={values.scope ?? 'cart'}
          aria-describedby="scope-error"
        >
          <option value="cart">The whole cart</option>
          <option value="categories">The categories ticked below (with their sub-categories)</option>
          <option value="products">The products named below</option>
        </select>
        <FieldError answer={answer} name="scope" />
        <fieldset className="admin-fieldset">
          <legend>Categories</legend>
          <div className="admin-checks">
            {categories.map((category) => (
              <label key={category.id} className="admin-check">
                <input
                  type="checkbox"
                  name={`category_${category.id}`}
                  value="1"
                  defaultChecked={chosen.has(category.id)}
                />{' '}
                {category.path}
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor="code-products">Products (SKUs or ids, separated by commas)</label>
        <input
          id="code-products"
          name="products"
          defaultValue={code?.productIds}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="product-error"
        />
        <FieldError answer={answer} name="product" />
        <fieldset className="admin-fieldset">
          <legend>Regions (none ticked: every region)</legend>
          {COMMERCE_REGIONS.map((region) => (
            <label key={region} className="admin-check">
              <input
                type="checkbox"
                name={`region_${region}`}
                value="1"
                defaultChecked={regions.has(region)}
              />{' '}
              {REGION_LABELS[region] ?? region}
            </label>
          ))}
        </fieldset>
        <CurrencyFields
          kind="minimum"
          legend="Minimum subtotal, per currency (empty: none)"
          values={values}
          answer={answer}
        />
        <label htmlFor="code-starts">Starts ({zone})</label>
        <input
          id="code-starts"
          name="startsAt"
          type="datetime-local"
          defaultValue={values.startsAt}
          aria-describedby="startsAt-error"
        />
        <FieldError answer={answer} name="startsAt" />
        <label htmlFor="code-ends">Ends ({zone})</label>
        <input
          id="code-ends"
          name="endsAt"
          type="datetime-local"
          defaultValue={values.endsAt}
          aria-describedby="endsAt-error"
        />
        <FieldError answer={answer} name="endsAt" />
        <label htmlFor="code-usage">Uses in all (empty: no limit)</label>
        <input
          id="code-usage"
          name="usageLimit"
          inputMode="numeric"
          defaultValue={values.usageLimit}
          aria-describedby="usageLimit-error"
        />
        <FieldError answer={answer} name="usageLimit" />
        <label htmlFor="code-per-customer">Uses per customer or e-mail address (empty: no limit)</label>
        <input
          id="code-per-customer"
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={values.perCustomerLimit}
          aria-describedby="perCustomerLimit-error"
        />
        <FieldError answer={answer} name="perCustomerLimit" />
        <label className="admin-check">
          <input type="checkbox" name="combinesWithSale" value="1" defaultChecked={code?.combinesWithSale} />{' '}
          Also on items already on sale
        </label>
        <label className="admin-check">
          <input type="checkbox" name="appliesToPro" value="1" defaultChecked={code?.appliesToPro} /> Also for
          pro accounts (on top of their pro prices)
        </label>
        <button type="submit" className="admin-button">
          {code ? 'Save code' : 'Create code'}
        </button>
      </Form>
      {/* Next to the button just pressed: a long form's top is out of sight. */}
      <ConfirmEffect
        answer={answer}
        title="Confirm an order that could cost nothing."
        button="Save the code anyway"
      />
    </section>
  );
}

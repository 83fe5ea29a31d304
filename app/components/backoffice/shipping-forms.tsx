import { Form } from 'react-router';
import type { ShippingMethodView, ShippingOverview } from '#server/commerce/index.ts';
import { ConfirmEffect } from './confirm-effect.tsx';
import { CsrfField } from './csrf-field.tsx';
import { FormMessage } from './form-message.tsx';
import { formatMoney, REGION_LABELS } from './money.ts';

/**
 * The shipping page's forms (issue 20): one form per change, each tied to its answer by a key (`method-12`,
 * `zone-1`, `free-minimum-us`, `free-groups-us`), so a refusal shows next to the fields it is about and the values
 * typed come back when the page was posted without JavaScript. A band or minimum cut by more than half shows its
 * effect under its form with a button that sends the same fields again, confirmed (issue 40).
 */

export type ShippingAnswer =
  | { ok: true; target: string; message: string }
  | {
      ok: false;
      target: string;
      message: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };

type Region = ShippingOverview[number];
type Zone = Region['zones'][number];

/** The answer when it belongs to the form `key`, else nothing. */
const answerFor = (answer: ShippingAnswer | undefined, key: string) =>
  answer?.target === key ? answer : undefined;

/** What the field shows: what was typed when this form was refused, else the saved value. */
function typed(answer: ShippingAnswer | undefined, name: string, saved: string): string {
  return answer && !answer.ok && name in answer.values ? (answer.values[name] ?? '') : saved;
}

const errorOf = (answer: ShippingAnswer | undefined, name: string) =>
  answer && !answer.ok ? answer.fieldErrors[name] : undefined;

/** A field's message, tied to its input by `${key}-${name}-error`. */
function FieldMessage({ answer, formKey, name }: { answer?: ShippingAnswer; formKey: string; name: string }) {
  const message = errorOf(answer, name);
  return message ? (
    <span className="admin-field-error" id={`${formKey}-${name}-error`}>
      {message}
    </span>
  ) : null;
}

/** The attributes that tie an input to its message. */
function described(answer: ShippingAnswer | undefined, formKey: string, name: string) {
  const invalid = Boolean(errorOf(answer, name));
  return invalid ? { 'aria-invalid': true, 'aria-describedby': `${formKey}-${name}-error` } : {};
}

const amount = (value: number | null) => (value === null ? '' : value.toFixed(2));

function band(range: ShippingMethodView['ranges'][number], currency: string) {
  return range.upper_limit === null
    ? `${formatMoney(range.lower_limit, currency)} and up`
    : `${formatMoney(range.lower_limit, currency)} – ${formatMoney(range.upper_limit, currency)}`;
}

/** A method as read-only roles see it. */
function MethodFacts({ method, currency }: { method: ShippingMethodView; currency: string }) {
  return (
    <div className="admin-shipping-method">
      <h4>
        {method.name} {method.enabled ? null : <span className="admin-badge">Off</span>}
      </h4>
      {method.type === 'freeshipping' ? (
        <p>Free from {formatMoney(method.minimum ?? 0, currency)}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{method.name}: cost by cart subtotal</caption>
            <thead>
              <tr>
                <th scope="col">Subtotal</th>
                <th scope="col" className="num">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {method.ranges.map((range) => (
                <tr key={range.lower_limit}>
                  <th scope="row">{band(range, currency)}</th>
                  <td className="num">{formatMoney(range.shipping_cost, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** One method's form: name, on/off and its bands (a blank row adds one, clearing a row removes it) or its minimum. */
function MethodForm({
  method,
  currency,
  answer,
}: {
  method: ShippingMethodView;
  currency: string;
  answer?: ShippingAnswer;
}) {
  const key = `method-${method.id}`;
  const mine = answerFor(answer, key);
  const rows = [
    ...method.ranges.map((range, index) => ({ row: index + 1, range })),
    { row: method.ranges.length + 1, range: null },
  ];
  const cell = (name: string, label: string, saved: string) => (
    <>
      <label className="visually-hidden" htmlFor={`${key}-${name}`}>
        {label}
      </label>
      <input
        id={`${key}-${name}`}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={typed(mine, name, saved)}
        {...described(mine, key, name)}
      />
      <FieldMessage answer={mine} formKey={key} name={name} />
    </>
  );
  return (
    <>
      <Form
        method="post"
        className="admin-form admin-shipping-method"
        aria-labelledby={`${key}-title`}
        key={JSON.stringify(method)}
        noValidate
      >
        <h4 id={`${key}-title`}>
          {method.name} {method.enabled ? null : <span className="admin-badge">Off</span>}
        </h4>
        <FormMessage answer={mine} />
        <CsrfField />
        <input type="hidden" name="intent" value="method" />
        <input type="hidden" name="id" value={method.id} />
        <input type="hidden" name="kind" value={method.type} />
        <label htmlFor={`${key}-name`}>Name</label>
        <input
          id={`${key}-name`}
          name="name"
          maxLength={80}
          defaultValue={typed(mine, 'name', method.name)}
          {...described(mine, key, 'name')}
        />
        <FieldMessage answer={mine} formKey={key} name="name" />
        <label htmlFor={`${key}-enabled`} className="admin-shipping-check">
          <input
            id={`${key}-enabled`}
            name="enabled"
            type="checkbox"
            defaultChecked={mine && !mine.ok ? mine.values.enabled === 'on' : method.enabled}
          />{' '}
          Offered to shoppers
        </label>
        {method.type === 'freeshipping' ? (
          <>
            <label htmlFor={`${key}-minimum`}>Free from a subtotal of ({currency})</label>
            <input
              id={`${key}-minimum`}
              name="minimum"
              inputMode="decimal"
              defaultValue={typed(mine, 'minimum', amount(method.minimum))}
              {...described(mine, key, 'minimum')}
            />
            <FieldMessage answer={mine} formKey={key} name="minimum" />
          </>
        ) : (
          <fieldset aria-describedby={errorOf(mine, 'ranges') ? `${key}-ranges-error` : undefined}>
            <legend>Cost by cart subtotal ({currency}), both limits included</legend>
            <FieldMessage answer={mine} formKey={key} name="ranges" />
            <div className="admin-table-wrap">
              <table className="admin-table admin-shipping-ranges">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">From</th>
                    <th scope="col">To</th>
                    <th scope="col">Cost</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map(({ row, range }) => (
                    <tr key={row}>
                      <th scope="row">{row}</th>
                      <td>{cell(`lower-${row}`, `Row ${row} from`, amount(range?.lower_limit ?? null))}</td>
                      <td>{cell(`upper-${row}`, `Row ${row} to`, amount(range?.upper_limit ?? null))}</td>
                      <td>{cell(`cost-${row}`, `Row ${row} cost`, amount(range?.shipping_cost ?? null))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="admin-muted">
              A blank “To” means no upper limit. Fill the last, empty row to add a band; clear a row to remove
              it.
            </p>
          </fieldset>
        )}
        <button type="submit" className="admin-button admin-button--small">
          Save {method.name}
        </button>
      </Form>
      <ConfirmEffect answer={mine} button={`Save ${method.name} anyway`} small />
    </>
  );
}

function ZoneForm({ zone, answer }: { zone: Zone; answer?: ShippingAnswer }) {
  const key = `zone-${zone.id}`;
  const mine = answerFor(answer, key);
  return (
    <Form
      method="post"
      className="admin-form admin-form--narrow"
      aria-labelledby={`${key}-title`}
      key={zone.countries.join()}
      noValidate
    >
      <h4 id={`${key}-title`}>Countries of {zone.name}</h4>
      <FormMessage answer={mine} />
      <CsrfField />
      <input type="hidden" name="intent" value="zone" />
      <input type="hidden" name="id" value={zone.id} />
      <label htmlFor={`${key}-countries`}>Two-letter codes, separated by commas</label>
      <input
        id={`${key}-countries`}
        name="countries"
        autoComplete="off"
        defaultValue={typed(mine, 'countries', zone.countries.join(', '))}
        {...described(mine, key, 'countries')}
      />
      <FieldMessage answer={mine} formKey={key} name="countries" />
      <button type="submit" className="admin-button admin-button--small">
        Save countries
      </button>
    </Form>
  );
}

function MinimumForm({ region, answer }: { region: Region; answer?: ShippingAnswer }) {
  const key = `free-minimum-${region.id}`;
  const mine = answerFor(answer, key);
  return (
    <>
      <Form
        method="post"
        className="admin-form"
        aria-labelledby={`${key}-title`}
        key={region.freeShippingMinimum}
        noValidate
      >
        <h3 id={`${key}-title`}>Free-shipping minimum</h3>
        <FormMessage answer={mine} />
        <CsrfField />
        <input type="hidden" name="intent" value="free-minimum" />
        <input type="hidden" name="region" value={region.id} />
        <label htmlFor={`${key}-minimum`}>Carts from this subtotal ship free ({region.currency})</label>
        <input
          id={`${key}-minimum`}
          name="minimum"
          inputMode="decimal"
          defaultValue={typed(mine, 'minimum', amount(region.freeShippingMinimum))}
          {...described(mine, key, 'minimum')}
        />
        <FieldMessage answer={mine} formKey={key} name="minimum" />
        <button type="submit" className="admin-button admin-button--small">
          Save minimum
        </button>
      </Form>
      <ConfirmEffect answer={mine} button="Save the minimum anyway" small />
    </>
  );
}

function GroupsForm({ region, answer }: { region: Region; answer?: ShippingAnswer }) {
  const key = `free-groups-${region.id}`;
  const mine = answerFor(answer, key);
  const saved = region.freeShippingGroups;
  const checked = (name: string, on: boolean) => (mine && !mine.ok ? mine.values[name] === 'on' : on);
  return (
    <Form method="post" className="admin-form" aria-labelledby={`${key}-title`} key={JSON.stringify(saved)}>
      <h3 id={`${key}-title`}>Groups without free shipping</h3>
      <FormMessage answer={mine} />
      <CsrfField />
      <input type="hidden" name="intent" value="free-groups" />
      <input type="hidden" name="region" value={region.id} />
      <label htmlFor={`${key}-enabled`} className="admin-shipping-check">
        <input
          id={`${key}-enabled`}
          name="enabled"
          type="checkbox"
          defaultChecked={checked('enabled', saved.isEnabled)}
        />{' '}
        Hide free shipping and free bands from the groups ticked below
      </label>
      <fieldset>
        <legend>Customer groups of {REGION_LABELS[region.id] ?? region.name}</legend>
        {region.groups.map((group) => (
          <label key={group.id} htmlFor={`${key}-group-${group.id}`} className="admin-shipping-check">
            <input
              id={`${key}-group-${group.id}`}
              name={`group-${group.id}`}
              type="checkbox"
              defaultChecked={checked(`group-${group.id}`, saved.groupIds.includes(group.id))}
            />{' '}
            {group.name}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="admin-button admin-button--small">
        Save groups
      </button>
    </Form>
  );
}

/** One region: its free-shipping settings, then each zone with its countries and methods. */
export function ShippingRegion({
  region,
  canWrite,
  answer,
}: {
  region: Region;
  canWrite: boolean;
  answer?: ShippingAnswer;
}) {
  const label = REGION_LABELS[region.id] ?? region.name;
  return (
    <section aria-labelledby={`region-${region.id}`} className="admin-shipping-region">
      <h2 id={`region-${region.id}`}>
        {label} <span className="admin-muted">({region.currency})</span>
      </h2>
      {canWrite ? (
        <div className="admin-shipping-grid">
          <MinimumForm region={region} answer={answer} />
          <GroupsForm region={region} answer={answer} />
        </div>
      ) : null}
      {region.zones.map((zone) => (
        <div key={zone.id} className="admin-shipping-zone">
          <h3>
            Zone {zone.name}: {zone.countries.join(', ')}
          </h3>
          {canWrite ? <ZoneForm zone={zone} answer={answer} /> : null}
          <div className="admin-shipping-grid">
            {zone.methods.map((method) =>
              canWrite ? (
                <MethodForm key={method.id} method={method} currency={region.currency} answer={answer} />
              ) : (
                <MethodFacts key={method.id} method={method} currency={region.currency} />
              ),
            )}
          </div>
        </div>
      ))}
    </section>
  );
}

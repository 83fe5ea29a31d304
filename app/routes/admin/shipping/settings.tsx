import { data, useActionData } from 'react-router';
import { can } from '#core/staff-permissions.ts';
import { formatMoney, REGION_LABELS } from '../../../components/backoffice/money.ts';
import { type ShippingAnswer, ShippingRegion } from '../../../components/backoffice/shipping-forms.tsx';
import {
  attemptGuarded,
  attemptStaff,
  parseStaffForm,
  type StaffFormAnswer,
} from '../../../lib/backoffice/form.server.ts';
import { formKeyOf, shippingForm } from '../../../lib/backoffice/shipping-form.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import shippingStyles from '../../../styles/admin-shipping.css?url';
import type { Route } from './+types/settings';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: shippingStyles }];

export function meta() {
  return [{ title: 'Shipping | Ridgeline back office' }];
}

/**
 * Zones, methods and their bands, free-shipping minimums and the §6 hidden groups, per region (issue 20). Bands
 * and minimums go through the money guard (issue 40, core/shipping-guard.ts): a cut of more than half, or a paid
 * band made free, shows its effect and is saved only when sent again with the confirmation.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  return {
    regions: await services.commerce.shippingAdmin.overview(),
    canWrite: can(staff.role, 'catalogue:write'),
  };
}

/** What was typed, so a form refused without JavaScript shows it again next to its messages. */
function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form)
    if (name !== 'csrf' && typeof value === 'string') values[name] = value.slice(0, 200);
  return values;
}

/** A refusal, told which form it belongs to and what was typed in it. */
function aimed(
  answer: { data: StaffFormAnswer; init: ResponseInit | null },
  target: string,
  values: Record<string, string>,
) {
  return data({ ...answer.data, target, values }, answer.init ?? undefined);
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const raw = await args.request.clone().formData();
  const target = formKeyOf(raw);
  const values = typedValues(raw);
  const parsed = await parseStaffForm(args.request, csrfToken, shippingForm);
  if (!parsed.ok) return aimed(parsed.answer, target, values);
  const form = parsed.data;
  const admin = services.commerce.shippingAdmin;
  const label = (region: string) => REGION_LABELS[region] ?? region;

  const run = async <T,>(call: () => Promise<T>, message: (value: T) => string) => {
    const done = await attemptStaff(services, call);
    return done.ok
      ? { ok: true as const, target, message: message(done.value) }
      : aimed(done.answer, target, values);
  };
  /** `run` for a money change the guard checks: a large drop waits for a confirmation (attemptGuarded). */
  const guarded = async <T,>(call: () => Promise<T>, message: (value: T) => string) => {
    const done = await attemptGuarded(services, parsed.form, call);
    return done.ok
      ? { ok: true as const, target, message: message(done.value) }
      : aimed(done.answer, target, values);
  };
  switch (form.intent) {
    case 'method':
      return guarded(
        () =>
          admin.updateMethod(
            actor,
            form.id,
            { name: form.name, enabled: form.enabled, ranges: form.ranges, minimum: form.minimum },
            { confirmed: form.confirmed === '1' },
          ),
        (method) => `${method.name} saved${method.enabled ? '' : ' (switched off: shoppers do not see it)'}.`,
      );
    case 'zone':
      return run(
        () => admin.setZoneCountries(actor, form.id, form.countries),
        (zone) => `${zone.name} ships to ${zone.countries.join(', ')}.`,
      );
    case 'free-minimum':
      return guarded(
        () =>
          admin.setFreeShippingMinimum(actor, form.region, form.minimum, {
            confirmed: form.confirmed === '1',
          }),
        (saved) =>
          `Free shipping in ${label(saved.regionId)} now starts at ${formatMoney(saved.freeShippingMinimum, saved.currency)}.`,
      );
    case 'free-groups':
      return run(
        () =>
          admin.setFreeShippingGroups(actor, form.region, {
            isEnabled: form.isEnabled,
            groupIds: form.groupIds,
          }),
        (saved) =>
          saved.isEnabled && saved.groupIds.length
            ? `Free shipping in ${label(form.region)} is hidden from ${saved.groupIds.length} group${saved.groupIds.length > 1 ? 's' : ''}.`
            : `Every group in ${label(form.region)} gets free shipping.`,
      );
  }
}

export default function ShippingPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>() as ShippingAnswer | undefined;
  const { regions, canWrite } = loaderData;
  return (
    <section aria-labelledby="shipping-title" className="admin-shipping">
      <h1 id="shipping-title">Shipping settings</h1>
      <p className="admin-muted">
        Zones, methods and their price bands per region. A change shows in carts and at checkout within a
        second. Bands are by cart subtotal, both limits included: 0–49.99 then 50–98.99.
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Shipping per region</caption>
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Zones</th>
              <th scope="col" className="num">
                Free shipping from
              </th>
              <th scope="col">Groups without free shipping</th>
            </tr>
          </thead>
          <tbody>
            {regions.map((region) => {
              const hidden = region.freeShippingGroups.isEnabled
                ? region.groups.filter((group) => region.freeShippingGroups.groupIds.includes(group.id))
                : [];
              return (
                <tr key={region.id}>
                  <th scope="row">
                    <a href={`#region-${region.id}`}>{REGION_LABELS[region.id] ?? region.name}</a>
                  </th>
                  <td>
                    {region.zones.map((zone) => `${zone.name} (${zone.countries.join(', ')})`).join('; ') ||
                      '—'}
                  </td>
                  <td className="num">
                    {region.freeShippingMinimum === null
                      ? '—'
                      : formatMoney(region.freeShippingMinimum, region.currency)}
                  </td>
                  <td>{hidden.map((group) => group.name).join(', ') || 'None'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {regions.map((region) => (
        <ShippingRegion key={region.id} region={region} canWrite={canWrite} answer={answer} />
      ))}
    </section>
  );
}

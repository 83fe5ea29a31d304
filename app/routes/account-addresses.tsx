import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { CA_PROVINCES, US_STATES } from '#core/states.ts';
import { AccountShell } from '../components/account/account-shell.tsx';
import { AddressFields } from '../components/account/address-fields.tsx';
import { FormAlert } from '../components/account/form-field.tsx';
import { type ActionErrors, parseForm } from '../lib/account/forms.ts';
import { addressSchema } from '../lib/account/schemas.ts';
import { csrfOk } from '../lib/account/session.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { routeMiddleware } from '../lib/router/route-middleware.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-addresses';

export const middleware = routeMiddleware(['auth']);
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'account-addresses' } satisfies RouteHandle;

const addressId = z.coerce.number({ error: 'error address' }).int().positive().max(999_999_999);
const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add') }),
  z.object({ intent: z.literal('edit'), addressId }),
  z.object({ intent: z.literal('delete'), addressId }),
  z.object({ intent: z.literal('default'), addressId }),
]);

const stateCode = (text: string) =>
  [...US_STATES, ...CA_PROVINCES].find((state) => state.text === text)?.code ?? text;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const customer = ctx.session?.customer;
  if (!customer) throw redirect(`/${ctx.locale.segment}/account/login`);
  const url = new URL(request.url);
  const list = await ctx.services.commerce.customers.addresses(customer.id);
  const editing = Number(url.searchParams.get('edit')) || null;
  return {
    segment: ctx.locale.segment,
    country: ctx.locale.country,
    csrf: ctx.session!.csrfToken,
    isPro: customer.isPro,
    adding: url.searchParams.get('add') === '1' || list.length === 0,
    editing: list.some((address) => address.id === editing) ? editing : null,
    addresses: list.map((address) => ({ ...address, state_code: stateCode(address.state_or_province) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const customer = ctx.session?.customer;
  if (!customer) throw redirect(`/${ctx.locale.segment}/account/login`);
  const form = await request.formData();
  const back = `/${ctx.locale.segment}/account/addresses`;
  if (!csrfOk(ctx, form))
    return data<ActionErrors>({ errors: {}, formError: 'error session expired' }, { status: 403 });
  const intent = parseForm(intentSchema, form);
  if (!intent.ok) return data<ActionErrors>({ errors: {}, formError: 'error address' }, { status: 400 });
  const customers = ctx.services.commerce.customers;
  try {
    const what = intent.data;
    if (what.intent === 'delete') await customers.deleteAddress(customer.id, what.addressId);
    else if (what.intent === 'default') await customers.setDefaultAddress(customer.id, what.addressId);
    else {
      const parsed = parseForm(addressSchema, form);
      if (!parsed.ok)
        return data<ActionErrors>(
          {
            errors: parsed.errors,
            values: Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])),
          },
          { status: 400 },
        );
      if (what.intent === 'add') await customers.addAddress(customer.id, parsed.data);
      else await customers.updateAddress(customer.id, what.addressId, parsed.data);
    }
  } catch (error) {
    // Another customer's address id is not found for this one; a state outside the country is a field error.
    const code = ctx.services.errorCode(error);
    if (code === 'not-found')
      return data<ActionErrors>({ errors: {}, formError: 'error address' }, { status: 404 });
    if (code === 'invalid')
      return data<ActionErrors>({ errors: { state_or_province: 'error state' } }, { status: 400 });
    throw error;
  }
  throw redirect(back, 303);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('my addresses', 'Addresses')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const { segment, csrf, addresses, editing } = loaderData;
  const base = `/${segment}/account/addresses`;
  const editingAddress = addresses.find((address) => address.id === editing);
  const showForm = loaderData.adding || editingAddress || actionData?.values;
  const formValues =
    actionData?.values ??
    (editingAddress ? { ...editingAddress, state_or_province: editingAddress.state_code } : {});
  return (
    <AccountShell segment={segment} title={t('my addresses')} isPro={loaderData.isPro}>
      <FormAlert message={actionData?.formError} />
      <ul className="address-grid">
        {addresses.map((address) => (
          <li key={address.id} className="account-card">
            {address.is_default ? <p className="badge">{t('default address')}</p> : null}
            <address>
              {address.first_name} {address.last_name}
              <br />
              {address.address1}
              {address.address2 ? `, ${address.address2}` : ''}
              <br />
              {address.city}, {address.state_or_province} {address.postal_code}
              <br />
              {address.country}
            </address>
            <div className="address-actions">
              <Link to={`${base}?edit=${address.id}`}>
                {t('edit address')}
                <span className="visually-hidden">: {address.address1}</span>
              </Link>
              {!address.is_default ? (
                <Form method="post">
                  <input type="hidden" name="csrf" value={csrf} />
                  <input type="hidden" name="intent" value="default" />
                  <input type="hidden" name="addressId" value={address.id} />
                  <button type="submit" className="link-button">
                    {t('make default')}
                    <span className="visually-hidden">: {address.address1}</span>
                  </button>
                </Form>
              ) : null}
              <Form method="post">
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="addressId" value={address.id} />
                <button type="submit" className="link-button link-button--danger">
                  {t('delete address')}
                  <span className="visually-hidden">: {address.address1}</span>
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      {showForm ? (
        <section className="account-section" aria-labelledby="address-form-heading">
          <h2 id="address-form-heading">{editingAddress ? t('edit address') : t('add address')}</h2>
          <Form method="post" action={base} className="stack-form account-form" noValidate>
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="intent" value={editingAddress ? 'edit' : 'add'} />
            {editingAddress ? <input type="hidden" name="addressId" value={editingAddress.id} /> : null}
            <AddressFields
              values={formValues}
              errors={actionData?.errors}
              defaultCountry={loaderData.country}
            />
            <div className="form-actions">
              <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
                {t('save')}
              </button>
              <Link to={base}>{t('cancel')}</Link>
            </div>
          </Form>
        </section>
      ) : (
        <Link to={`${base}?add=1`} className="button button--ghost">
          {t('add address')}
        </Link>
      )}
    </AccountShell>
  );
}

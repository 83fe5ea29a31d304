import { data, Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { FormAlert, FormField } from '../components/account/form-field.tsx';
import { OrderDetailPanel } from '../components/account/order-list.tsx';
import { parseForm } from '../lib/account/forms.ts';
import { type OrderDetail, orderDetail } from '../lib/account/orders.server.ts';
import { emailField } from '../lib/account/schemas.ts';
import { attempt, refusal } from '../lib/forms/refusal.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/order-status';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'order-status' } satisfies RouteHandle;

const lookupSchema = z.object({
  order: z
    .string()
    .trim()
    .regex(/^#?[1-9]\d{0,8}$/, { error: 'error order number' }),
  email: emailField,
});

type LookupResult = {
  order: OrderDetail | null;
  errors: Record<string, string>;
  formError?: string;
  values: Record<string, string>;
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { order: url.searchParams.get('order') ?? '' };
}

/**
 * §7 order-status: an order by number and email, without signing in. Wrong email and unknown number look alike;
 * the engine counts every lookup per client address and per email (the same limits /api/order-status keeps).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const form = await request.formData();
  const values = { order: String(form.get('order') ?? ''), email: String(form.get('email') ?? '') };
  const parsed = parseForm(lookupSchema, form);
  if (!parsed.ok) return data<LookupResult>({ order: null, errors: parsed.errors, values }, { status: 400 });
  const id = Number(parsed.data.order.replace('#', ''));
  const found = await attempt(ctx, () =>
    ctx.services.commerce.orders.lookUpStatus(ctx.caller, id, parsed.data.email),
  );
  if (!found.ok && found.code === 'not-found')
    return data<LookupResult>(
      { order: null, errors: {}, formError: 'error order not found', values },
      { status: 404 },
    );
  if (!found.ok) return refusal<LookupResult>(found.code, values);
  return data<LookupResult>({ order: await orderDetail(ctx, id), errors: {}, values });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [{ title: `${t('check order status', 'Check order status')} | Ridgeline Snowshoe Co.` }];
}

export default function OrderStatus({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  return (
    <div className="container account-auth account-auth--single order-status-page">
      <section className="auth-card" aria-labelledby="status-heading">
        <h1 id="status-heading">{t('check order status')}</h1>
        <p>{t('order status copy')}</p>
        <Form method="post" className="stack-form" noValidate>
          <FormAlert message={actionData?.formError} />
          <FormField
            name="order"
            label={t('order number')}
            inputMode="numeric"
            defaultValue={actionData?.values.order ?? loaderData.order}
            error={errors.order}
          />
          <FormField
            name="email"
            type="email"
            label={t('email')}
            autoComplete="email"
            defaultValue={actionData?.values.email}
            error={errors.email}
          />
          <button type="submit" className="button button--block" disabled={navigation.state === 'submitting'}>
            {t('find order')}
          </button>
        </Form>
      </section>
      {actionData?.order ? (
        <section className="order-status-result" aria-labelledby="status-result">
          <h2 id="status-result">
            {t('order number')} {actionData.order.id}
          </h2>
          <OrderDetailPanel order={actionData.order} />
        </section>
      ) : null}
    </div>
  );
}

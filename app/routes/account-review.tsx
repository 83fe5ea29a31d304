import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { REVIEW_RATINGS, REVIEW_TEXT_MAX } from '#core/reviews.ts';
import { AccountShell } from '../components/account/account-shell.tsx';
import { FormAlert } from '../components/account/form-field.tsx';
import { csrfOk } from '../lib/account/session.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { routeMiddleware } from '../lib/router/route-middleware.server.ts';
import { type StorefrontContext, storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-review';

/**
 * Writing or editing a review (issue 45, decision 0043), reached from the order page and the invitation mail: only
 * the order's own customer, only for a product of that order; the engine decides eligibility (a delivered order
 * that kept the product) and refuses in the shopper's language. An edit goes back to moderation.
 */

export const middleware = routeMiddleware(['auth']);
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'account-review' } satisfies RouteHandle;

const ID = /^[1-9]\d{0,8}$/;

/** The order and its line of the product, for this customer only: any other case is not found. */
async function orderLine(ctx: StorefrontContext, request: Request, params: Route.LoaderArgs['params']) {
  const customer = ctx.session?.customer;
  if (!customer) throw redirect(`/${ctx.locale.segment}/account/login`);
  const orderId = ID.test(params.orderId) ? Number(params.orderId) : null;
  const productId = ID.test(params.productId) ? Number(params.productId) : null;
  const line =
    orderId === null || productId === null
      ? null
      : await ctx.services.commerce.reviews.orderLine(customer.id, orderId, productId);
  if (!line || productId === null)
    throw await notFound(ctx.services, ctx.locale, `Page not found: ${new URL(request.url).pathname}`);
  return { customer, orderId: line.orderId, productId, productName: line.productName };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const { customer, orderId, productId, productName } = await orderLine(ctx, request, params);
  const { reviews } = ctx.services.commerce;
  const [eligibility, own] = await Promise.all([
    reviews.eligibility(customer.id, productId),
    reviews.ownReview(customer.id, productId),
  ]);
  return {
    segment: ctx.locale.segment,
    csrf: ctx.session!.csrfToken,
    isPro: customer.isPro,
    orderId,
    productName,
    sent: new URL(request.url).searchParams.get('sent') === '1',
    refusal:
      eligibility.kind === 'eligible'
        ? null
        : eligibility.kind === 'not-delivered'
          ? 'review error not delivered'
          : eligibility.kind === 'returned'
            ? 'review error returned'
            : 'review error not bought',
    own: own
      ? { rating: own.rating, text: own.body, status: own.status, reason: own.rejectReason ?? '' }
      : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const { customer, orderId, productId } = await orderLine(ctx, request, params);
  const form = await request.formData();
  if (!csrfOk(ctx, form))
    return data(
      { errors: {} as Record<string, string>, formError: 'error session expired' },
      { status: 403 },
    );
  try {
    await ctx.services.commerce.reviews.submit(customer.id, productId, {
      rating: form.get('rating') ?? '',
      text: form.get('text') ?? '',
      language: ctx.locale.language,
    });
  } catch (error) {
    const code = ctx.services.errorCode(error);
    const refusal = error as { fields?: Record<string, string>; message: string };
    if (code === 'invalid') return data({ errors: refusal.fields ?? {}, formError: null }, { status: 400 });
    if (code === 'forbidden') return data({ errors: {}, formError: refusal.message }, { status: 403 });
    throw error;
  }
  throw redirect(`/${ctx.locale.segment}/account/orders/${orderId}/review/${productId}?sent=1`, 303);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    {
      title: `${t('review page title', 'Review {product}').replace('{product}', loaderData?.productName ?? '')} | Ridgeline Snowshoe Co.`,
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountReview({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const { own } = loaderData;
  const status = own
    ? own.status === 'rejected'
      ? t('review status rejected', { reason: own.reason })
      : t(`review status ${own.status}`)
    : null;
  return (
    <AccountShell
      segment={loaderData.segment}
      title={t('review page title', { product: loaderData.productName })}
      isPro={loaderData.isPro}
    >
      <p>
        <Link to={`/${loaderData.segment}/account/orders/${loaderData.orderId}`}>
          {t('order number')} {loaderData.orderId}
        </Link>
      </p>
      {loaderData.sent && !actionData ? (
        <p className="form-success" role="status">
          {t('review sent')}
        </p>
      ) : status ? (
        <p role="status">{status}</p>
      ) : null}
      {loaderData.refusal ? (
        <p className="form-alert">{t(loaderData.refusal)}</p>
      ) : (
        <Form method="post" className="stack-form account-form review-form" noValidate>
          <FormAlert message={actionData?.formError} />
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <fieldset
            className={`fieldset${errors.rating ? ' field--invalid' : ''}`}
            aria-describedby={errors.rating ? 'review-rating-error' : undefined}
          >
            <legend>{t('review rating')}</legend>
            <div className="review-form__stars">
              {[...REVIEW_RATINGS].reverse().map((rating) => (
                <label key={rating}>
                  <input
                    type="radio"
                    name="rating"
                    value={rating}
                    defaultChecked={own?.rating === rating}
                    required
                  />{' '}
                  {t('reviews stars', { count: rating })}
                </label>
              ))}
            </div>
            {errors.rating ? (
              <p id="review-rating-error" className="field__error">
                {t(errors.rating)}
              </p>
            ) : null}
          </fieldset>
          <div className={`field${errors.text ? ' field--invalid' : ''}`}>
            <label htmlFor="review-text">{t('review text')}</label>
            <textarea
              id="review-text"
              name="text"
              rows={8}
              maxLength={REVIEW_TEXT_MAX}
              required
              defaultValue={own?.text}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? 'review-text-error review-text-hint' : 'review-text-hint'}
            />
            <p id="review-text-hint" className="field__hint">
              {t('review text hint')}
            </p>
            {errors.text ? (
              <p id="review-text-error" className="field__error">
                {t(errors.text)}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
            {t('review submit')}
          </button>
        </Form>
      )}
    </AccountShell>
  );
}

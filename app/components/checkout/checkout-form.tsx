import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { ActionErrors } from '../../lib/account/forms.ts';
import { useBotSubmit } from '../../lib/account/use-bot-form.ts';
import type { CartView } from '../../lib/cart/cart-view.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { useHydrated } from '../../lib/router/use-hydrated.ts';
import { AddressFields } from '../account/address-fields.tsx';
import { FormAlert, FormField } from '../account/form-field.tsx';
import { DiscountTotalsLine } from '../cart/discount-line.tsx';

export interface CheckoutFormData {
  cart: CartView;
  subtotalAmount: number;
  csrf: string;
  idempotencyKey: string;
  email: string;
  signedIn: boolean;
  addresses: { id: number; label: string; isDefault: boolean }[];
  shippingOptions: { id: number; name: string; cost: string | null; total: string }[];
  payments: { id: string; labelKey: string; instructionsKey: string }[];
  pro: { spend: string; limit: string; remaining: string; overLimit: boolean } | null;
  country: string;
  segment: string;
}

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  const id = `checkout-step-${n}`;
  return (
    <section className="checkout-step" aria-labelledby={id}>
      <h2 id={id}>
        <span className="checkout-step__n" aria-hidden="true">
          {n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The checkout (one page, numbered steps): contact, shipping address, shipping method, billing, payment, review.
 * A plain form post without JavaScript; with it, the same form submits in place. The idempotency key makes a
 * double click or a retried request one order.
 */
export function CheckoutForm({
  data,
  actionData,
}: {
  data: CheckoutFormData;
  actionData: ActionErrors | null;
}) {
  const t = useText();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const onSubmit = useBotSubmit('checkout');
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const firstSaved = data.addresses.find((address) => address.isDefault) ?? data.addresses[0];
  const [choice, setChoice] = useState(values.address_choice ?? (firstSaved ? String(firstSaved.id) : 'new'));
  const [methodId, setMethodId] = useState(
    values.shipping_method ?? String(data.shippingOptions[0]?.id ?? ''),
  );
  const method =
    data.shippingOptions.find((option) => String(option.id) === methodId) ?? data.shippingOptions[0];
  const [billingSame, setBillingSame] = useState(values.billing_same !== undefined || !actionData);
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const shipValues = Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => k.startsWith('ship_'))
      .map(([k, v]) => [k.slice(5), v]),
  );
  const billValues = Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => k.startsWith('bill_'))
      .map(([k, v]) => [k.slice(5), v]),
  );
  return (
    <div className="container checkout-page">
      <h1>{t('checkout')}</h1>
      {!data.signedIn ? (
        <p className="checkout-page__signin">
          {t('checkout have account')}{' '}
          <Link
            to={`/${data.segment}/account/login?returnTo=${encodeURIComponent(`/${data.segment}/checkout`)}`}
          >
            {t('sign in')}
          </Link>
        </p>
      ) : null}
      <Form method="post" className="checkout-layout" noValidate onSubmit={onSubmit}>
        <div className="checkout-steps">
          <FormAlert message={actionData?.formError} />
          <input type="hidden" name="csrf" value={data.csrf} />
          <input type="hidden" name="idempotency_key" value={data.idempotencyKey} />
          <input type="hidden" name="expected_subtotal" value={data.subtotalAmount} />
          <Step n={1} title={t('contact')}>
            <FormField
              name="email"
              type="email"
              label={t('email')}
              autoComplete="email"
              defaultValue={values.email ?? data.email}
              error={errors.email}
              hint={t('email for order')}
            />
          </Step>
          <Step n={2} title={t('shipping address')}>
            {data.addresses.length ? (
              <fieldset
                className="choice-list"
                aria-describedby={errors.address_choice ? 'address-choice-error' : undefined}
              >
                <legend className="visually-hidden">{t('shipping address')}</legend>
                {data.addresses.map((address) => (
                  <label key={address.id} className="choice">
                    <input
                      type="radio"
                      name="address_choice"
                      value={address.id}
                      checked={choice === String(address.id)}
                      onChange={() => setChoice(String(address.id))}
                    />
                    <span>{address.label}</span>
                  </label>
                ))}
                <label className="choice">
                  <input
                    type="radio"
                    name="address_choice"
                    value="new"
                    checked={choice === 'new'}
                    onChange={() => setChoice('new')}
                  />
                  <span>{t('new address')}</span>
                </label>
                {errors.address_choice ? (
                  <p id="address-choice-error" className="field__error">
                    {t(errors.address_choice)}
                  </p>
                ) : null}
              </fieldset>
            ) : (
              <input type="hidden" name="address_choice" value="new" />
            )}
            {!hydrated || choice === 'new' ? (
              <div className="checkout-address">
                {data.addresses.length && !hydrated ? (
                  <p className="field__hint">{t('new address hint')}</p>
                ) : null}
                <AddressFields
                  prefix="ship_"
                  values={shipValues}
                  errors={errors}
                  defaultCountry={data.country}
                />
              </div>
            ) : null}
          </Step>
          <Step n={3} title={t('shipping method')}>
            <fieldset className="choice-list">
              <legend className="visually-hidden">{t('shipping method')}</legend>
              {data.shippingOptions.map((option) => (
                <label key={option.id} className="choice choice--split">
                  <input
                    type="radio"
                    name="shipping_method"
                    value={option.id}
                    checked={methodId === String(option.id)}
                    onChange={() => setMethodId(String(option.id))}
                  />
                  <span>{option.name}</span>
                  <strong>{option.cost ?? t('free shipping')}</strong>
                </label>
              ))}
              {errors.shipping_method ? <p className="field__error">{t(errors.shipping_method)}</p> : null}
            </fieldset>
          </Step>
          <Step n={4} title={t('billing address')}>
            <label className="choice choice--plain">
              <input
                type="checkbox"
                name="billing_same"
                value="1"
                checked={billingSame}
                onChange={(event) => setBillingSame(event.target.checked)}
              />
              <span>{t('billing same as shipping')}</span>
            </label>
            {!hydrated || !billingSame ? (
              <div className="checkout-address">
                {!hydrated ? <p className="field__hint">{t('billing hint')}</p> : null}
                <AddressFields
                  prefix="bill_"
                  values={billValues}
                  errors={errors}
                  defaultCountry={data.country}
                />
              </div>
            ) : null}
          </Step>
          <Step n={5} title={t('payment')}>
            <fieldset className="choice-list">
              <legend className="visually-hidden">{t('payment')}</legend>
              {data.payments.map((method, index) => (
                <label key={method.id} className="choice choice--stacked">
                  <input
                    type="radio"
                    name="payment_method"
                    value={method.id}
                    defaultChecked={values.payment_method ? values.payment_method === method.id : index === 0}
                  />
                  <span>
                    <strong>{t(method.labelKey)}</strong>
                  </span>
                </label>
              ))}
              {errors.payment_method ? <p className="field__error">{t(errors.payment_method)}</p> : null}
            </fieldset>
          </Step>
        </div>
        <aside className="checkout-review" aria-labelledby="review-heading">
          <h2 id="review-heading">
            <span className="checkout-step__n" aria-hidden="true">
              6
            </span>
            {t('review order')}
          </h2>
          <ul className="review-lines">
            {data.cart.lines.map((line) => (
              <li key={line.id}>
                {line.image ? <img src={`${line.image}?w=96&maxH=96`} alt="" width={56} height={56} /> : null}
                <span className="review-lines__name">
                  {line.name}
                  <span className="muted">
                    {[line.colour, line.size].filter(Boolean).join(' · ')} · {t('quantity')} {line.quantity}
                  </span>
                </span>
                <span>{line.lineTotal}</span>
              </li>
            ))}
          </ul>
          <dl className="totals">
            <div>
              <dt>{t('subtotal')}</dt>
              <dd>{data.cart.subtotal}</dd>
            </div>
            <DiscountTotalsLine discount={data.cart.discount} />
            <div>
              <dt>{t('shipping')}</dt>
              <dd>{method ? (method.cost ?? t('free shipping')) : '—'}</dd>
            </div>
            <div className="totals__total">
              <dt>{t('total')}</dt>
              <dd>{method?.total ?? data.cart.total}</dd>
            </div>
          </dl>
          {data.pro ? (
            <div className={`pro-spend${data.pro.overLimit ? ' pro-spend--over' : ''}`}>
              <p>{t('pro spend summary', { spend: data.pro.spend, limit: data.pro.limit })}</p>
              {data.pro.overLimit ? <p className="form-error">{t('error spend limit')}</p> : null}
            </div>
          ) : null}
          <button type="submit" className="button button--block button--large" disabled={busy}>
            {busy ? t('placing order') : t('place order')}
          </button>
          <p className="checkout-review__note">{t('checkout terms')}</p>
          <Link to={`/${data.segment}/cart`}>{t('back to cart')}</Link>
        </aside>
      </Form>
    </div>
  );
}

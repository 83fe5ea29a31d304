import type { FormEvent } from 'react';
import { Form, Link, useFetcher, useFormAction } from 'react-router';
import type { CartLineView, CartView } from '../../lib/cart/cart-view.ts';
import { submittedForm } from '../../lib/forms/submitted-form.ts';
import { useText } from '../../lib/locale/use-text.ts';
import type { CartActionData } from '../../routes/cart.tsx';
import { DiscountTotalsLine } from './discount-line.tsx';

interface CartPageData {
  shopping: boolean;
  /** A display-text key to show above the cart (checkout sent the shopper back here), or null. */
  notice?: string | null;
  cart: CartView | null;
  csrf: string | null;
  segment: string;
}

/**
 * One line's update or remove form. Without JavaScript it posts and the page comes back; once hydrated it posts
 * through the line's fetcher (with `js=1`, so the answer is data, not a redirect). One form either way: a form
 * swapped for another at hydration would replace its buttons and lose the focus of a shopper already on one.
 */
function LineForm({
  line,
  csrf,
  children,
  className,
}: {
  line: CartLineView;
  csrf: string;
  children: (busy: boolean) => React.ReactNode;
  className?: string;
}) {
  const fetcher = useFetcher<CartActionData>({ key: `cart-line-${line.id}` });
  const action = useFormAction();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = submittedForm(event);
    form.set('js', '1');
    void fetcher.submit(form, { method: 'post', action });
  };
  return (
    <Form method="post" className={className} reloadDocument onSubmit={submit}>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="itemId" value={line.id} />
      {children(fetcher.state !== 'idle')}
    </Form>
  );
}

function LineError({ line, actionData }: { line: CartLineView; actionData: CartActionData | null }) {
  const t = useText();
  const fetcher = useFetcher<CartActionData>({ key: `cart-line-${line.id}` });
  const result = fetcher.data ?? (actionData?.itemId === line.id ? actionData : null);
  return (
    <p className="cart-line__error form-error" role="status">
      {result && !result.ok && result.error ? t(result.error) : ''}
    </p>
  );
}

function CartLine({
  line,
  csrf,
  actionData,
}: {
  line: CartLineView;
  csrf: string;
  actionData: CartActionData | null;
}) {
  const t = useText();
  return (
    <li className="cart-line">
      <Link to={line.href} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        {line.image ? <img src={`${line.image}?w=160&maxH=160`} alt="" width={96} height={96} /> : null}
      </Link>
      <div className="cart-line__body">
        <h2 className="cart-line__name">
          <Link to={line.href}>{line.name}</Link>
        </h2>
        <dl className="cart-line__options">
          {line.colour ? (
            <div>
              <dt>{t('colour')}</dt>
              <dd>{line.colour}</dd>
            </div>
          ) : null}
          {line.size ? (
            <div>
              <dt>{t('size')}</dt>
              <dd>{line.size}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('price')}</dt>
            <dd>{line.unitPrice}</dd>
          </div>
        </dl>
        {!line.inStock ? <p className="form-error">{t('error not enough stock')}</p> : null}
        <div className="cart-line__actions">
          <LineForm line={line} csrf={csrf} className="stepper">
            {(busy) => (
              <>
                <input type="hidden" name="intent" value="update" />
                <button
                  type="submit"
                  name="quantity"
                  value={line.quantity - 1}
                  className="stepper__button"
                  disabled={line.quantity <= 1 || busy}
                  aria-label={`${t('decrease quantity')}: ${line.name}`}
                >
                  −
                </button>
                <output className="stepper__value" aria-label={t('quantity')}>
                  {line.quantity}
                </output>
                <button
                  type="submit"
                  name="quantity"
                  value={line.quantity + 1}
                  className="stepper__button"
                  disabled={line.quantity >= 99 || busy}
                  aria-label={`${t('increase quantity')}: ${line.name}`}
                >
                  +
                </button>
              </>
            )}
          </LineForm>
          <LineForm line={line} csrf={csrf}>
            {(busy) => (
              <>
                <input type="hidden" name="intent" value="remove" />
                <button type="submit" className="link-button" disabled={busy}>
                  {t('remove')}
                  <span className="visually-hidden">: {line.name}</span>
                </button>
              </>
            )}
          </LineForm>
        </div>
        <LineError line={line} actionData={actionData} />
      </div>
      <p className="cart-line__total">{line.lineTotal}</p>
    </li>
  );
}

/**
 * The discount code: a small form to enter one, or the code with its saving (or why it takes nothing) and a remove
 * button. Like a line's forms it posts without JavaScript and through a fetcher once hydrated.
 */
function DiscountCode({
  cart,
  csrf,
  actionData,
}: {
  cart: CartView;
  csrf: string;
  actionData: CartActionData | null;
}) {
  const t = useText();
  const fetcher = useFetcher<CartActionData>({ key: 'cart-code' });
  const action = useFormAction();
  const result = fetcher.data ?? (actionData?.code ? actionData : null);
  const error = result && !result.ok && result.error ? result.error : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = submittedForm(event);
    form.set('js', '1');
    void fetcher.submit(form, { method: 'post', action });
  };
  const busy = fetcher.state !== 'idle';
  const discount = cart.discount;
  return (
    <div className="discount-code">
      {discount ? (
        <Form method="post" reloadDocument onSubmit={submit} className="discount-code__applied">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="intent" value="remove-code" />
          <p>
            <span className="discount-code__tag">{discount.code}</span>{' '}
            {discount.applied ? (discount.saving ?? t('free shipping')) : null}
          </p>
          <button type="submit" className="link-button" disabled={busy}>
            {t('remove')}
            <span className="visually-hidden">: {discount.code}</span>
          </button>
          {discount.reason ? <p className="form-error discount-code__reason">{t(discount.reason)}</p> : null}
        </Form>
      ) : (
        <Form method="post" reloadDocument onSubmit={submit} className="discount-code__form">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="intent" value="apply-code" />
          <label htmlFor="discount-code">{t('discount code')}</label>
          <div className="discount-code__row">
            <input
              id="discount-code"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              aria-invalid={error ? true : undefined}
              aria-describedby="discount-code-message"
            />
            <button type="submit" className="button button--ghost" disabled={busy}>
              {t('apply code')}
            </button>
          </div>
        </Form>
      )}
      <p id="discount-code-message" className="form-error discount-code__message" role="status">
        {error ? t(error) : ''}
      </p>
    </div>
  );
}

export function CartSummary({
  cart,
  segment,
  csrf,
  actionData,
}: {
  cart: CartView;
  segment: string;
  csrf: string;
  actionData: CartActionData | null;
}) {
  const t = useText();
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading">{t('order summary')}</h2>
      {cart.freeProgress !== null ? (
        <div className="free-shipping">
          <p>
            {cart.awayFromFree
              ? t('away from free shipping', { amount: cart.awayFromFree })
              : t('free shipping reached')}
          </p>
          <progress max={100} value={Math.round(cart.freeProgress * 100)} aria-label={t('free shipping')} />
        </div>
      ) : null}
      <dl className="totals">
        <div>
          <dt>{t('subtotal')}</dt>
          <dd>{cart.subtotal}</dd>
        </div>
        <DiscountTotalsLine discount={cart.discount} />
        <div>
          <dt>{t('shipping estimate')}</dt>
          <dd>{cart.shipping === null ? '—' : cart.freeShipping ? t('free shipping') : cart.shipping}</dd>
        </div>
        <div className="totals__total">
          <dt>{t('total')}</dt>
          <dd>{cart.total}</dd>
        </div>
      </dl>
      <DiscountCode cart={cart} csrf={csrf} actionData={actionData} />
      <Link to={`/${segment}/checkout`} className="button button--block">
        {t('checkout')}
      </Link>
      <Link to={`/${segment}`} className="cart-summary__continue">
        {t('continue shopping')}
      </Link>
    </aside>
  );
}

function CartNotice({ notice }: { notice?: string | null }) {
  const t = useText();
  return notice ? (
    <p className="form-alert" role="alert">
      {t(notice)}
    </p>
  ) : null;
}

/** The cart page (§2 /cart, §4): lines with stepper and remove, the summary with the free-shipping progress. */
export function CartPage({ data, actionData }: { data: CartPageData; actionData: CartActionData | null }) {
  const t = useText();
  if (!data.shopping) {
    return (
      <div className="container cart-page">
        <h1>{t('your cart')}</h1>
        <div className="cart-empty">
          <p>{t('sold through dealers')}</p>
          <p>{t('no online shop here')}</p>
          <Link to={`/${data.segment}/stores`} className="button">
            {t('find a store')}
          </Link>
        </div>
      </div>
    );
  }
  const cart = data.cart;
  if (!cart || cart.lines.length === 0 || !data.csrf) {
    return (
      <div className="container cart-page">
        <h1>{t('your cart')}</h1>
        <CartNotice notice={data.notice} />
        <div className="cart-empty">
          <p>{t('cart empty')}</p>
          <Link to={`/${data.segment}`} className="button">
            {t('continue shopping')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="container cart-page">
      <h1>
        {t('your cart')} <span className="cart-page__count">({t('items count', { count: cart.count })})</span>
      </h1>
      <CartNotice notice={data.notice} />
      <div className="cart-layout">
        <ul className="cart-lines" aria-label={t('your cart')}>
          {cart.lines.map((line) => (
            <CartLine key={line.id} line={line} csrf={data.csrf!} actionData={actionData} />
          ))}
        </ul>
        <CartSummary cart={cart} segment={data.segment} csrf={data.csrf} actionData={actionData} />
      </div>
    </div>
  );
}

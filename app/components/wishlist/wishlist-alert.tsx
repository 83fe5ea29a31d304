import { useId } from 'react';
import { Form } from 'react-router';
import { useText } from '../../lib/locale/use-text.ts';

export interface WishlistAlertView {
  on: boolean;
  /** The size watched; null: any size. */
  variantId: number | null;
  sizes: readonly { id: number; label: string }[];
}

/**
 * A listed product's mail setting (issue 45, decision 0054): unchecked until the customer ticks it, the size to
 * watch ("any size" first), saved by its own button so the form works without JavaScript.
 */
export function WishlistAlertForm({
  productId,
  productTitle,
  csrf,
  action,
  alert,
  refused = false,
}: {
  productId: number;
  productTitle: string;
  csrf: string;
  action: string;
  alert: WishlistAlertView;
  /** The last save of this product's setting was refused (not sold in this region any more, or not listed). */
  refused?: boolean;
}) {
  const t = useText();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <Form method="post" action={action} className="wishlist-alert" aria-describedby={hintId}>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="alert" />
      <input type="hidden" name="product" value={productId} />
      <label className="wishlist-alert__check">
        <input type="checkbox" name="on" value="on" defaultChecked={alert.on} />
        <span>
          {t('wishlist alert label')}
          <span className="visually-hidden">: {productTitle}</span>
        </span>
      </label>
      {alert.sizes.length > 1 ? (
        <label className="wishlist-alert__size">
          <span>{t('wishlist alert size')}</span>
          <select name="size" defaultValue={alert.variantId === null ? 'any' : String(alert.variantId)}>
            <option value="any">{t('wishlist alert any size')}</option>
            {alert.sizes.map((size) => (
              <option key={size.id} value={size.id}>
                {size.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit" className="button button--ghost wishlist-alert__save">
        {t('wishlist alert save')}
        <span className="visually-hidden">: {productTitle}</span>
      </button>
      {refused ? (
        <p role="alert" className="wishlist-alert__error">
          {t('wishlist alert failed')}
        </p>
      ) : null}
      <p id={hintId} className="wishlist-alert__hint">
        {alert.on ? t('wishlist alert on') : t('wishlist alert hint')}
      </p>
    </Form>
  );
}

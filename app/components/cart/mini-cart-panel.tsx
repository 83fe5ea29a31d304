import { type Ref, useId } from 'react';
import { Link } from 'react-router';
import type { CartView } from '../../lib/cart/cart-view.ts';
import { useText } from '../../lib/locale/use-text.ts';

// Loaded with the panel (header-actions.tsx imports this module lazily), so pages pay for it only once opened.
const MINI_CART_CSS =
  '.mini-cart-panel{position:absolute;top:calc(100% + .5rem);right:0;z-index:60;width:min(24rem,calc(100vw - 1rem));max-height:min(36rem,calc(100vh - 6rem));display:flex;flex-direction:column;background:var(--color-snow);color:var(--color-ink);border:1px solid var(--color-mist);border-radius:var(--radius-md,.5rem);box-shadow:0 12px 32px rgb(20 32 43 / .18);text-align:left}' +
  '@media (max-width:599px){.mini-cart-panel{position:fixed;top:calc(var(--mini-cart-top,4rem) + .5rem);left:.5rem;right:.5rem;width:auto;max-height:calc(100vh - var(--mini-cart-top,4rem) - 1rem)}}' +
  '.mini-cart-panel__head{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.75rem 1rem;border-bottom:1px solid var(--color-mist)}' +
  '.mini-cart-panel__title{margin:0;font-size:1.0625rem}.mini-cart-panel__title:focus{outline:none}.mini-cart-panel__title:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}' +
  '.mini-cart-panel__close{min-width:2.75rem;min-height:2.75rem;border:0;background:none;color:var(--color-ink);font-size:1.5rem;line-height:1;cursor:pointer;border-radius:999px}' +
  '.mini-cart-panel__close:hover{background:var(--color-frost)}.mini-cart-panel__close:focus-visible{outline:3px solid var(--color-focus)}' +
  '.mini-cart-panel__lines{list-style:none;margin:0;padding:0 1rem;overflow-y:auto}' +
  '.mini-cart-line{display:grid;grid-template-columns:4rem minmax(0,1fr) auto;gap:.75rem;padding:.75rem 0;border-bottom:1px solid var(--color-mist);font-size:.875rem}.mini-cart-line:last-child{border-bottom:0}' +
  '.mini-cart-line img{width:4rem;height:4rem;object-fit:contain;background:var(--color-frost);border-radius:.375rem}' +
  '.mini-cart-line__name{display:block;font-weight:600;color:var(--color-ink);text-decoration:none;margin-bottom:.25rem}.mini-cart-line__name:hover{text-decoration:underline}' +
  '.mini-cart-line__meta{margin:0;color:var(--color-ink-soft)}.mini-cart-line__price{font-weight:600;white-space:nowrap}' +
  '.mini-cart-panel__foot{padding:1rem;display:grid;gap:.5rem;border-top:1px solid var(--color-mist)}' +
  '.mini-cart-panel__subtotal{display:flex;justify-content:space-between;margin:0 0 .25rem;font-weight:700}' +
  '.mini-cart-panel__empty{padding:1.5rem 1rem;margin:0;color:var(--color-ink-soft)}' +
  '.mini-cart-panel__actions{display:grid;grid-template-columns:1fr 1fr;gap:.5rem}' +
  '.mini-cart-panel__actions a{display:flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1rem;border-radius:999px;font-weight:600;text-decoration:none}' +
  '.mini-cart-panel__view{border:1px solid var(--color-pine);color:var(--color-pine)}' +
  '.mini-cart-panel__checkout{background:var(--color-pine);color:#fff}.mini-cart-panel__checkout:hover{background:var(--color-pine-deep)}';

export interface MiniCartPanelProps {
  id: string;
  segment: string;
  cart: CartView | null;
  /** True while the first load has not answered yet. */
  loading: boolean;
  /** True when the load failed and nothing is known. */
  failed: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onClose(): void;
}

/** The mini cart's panel (§4): the lines, the subtotal, and links to the cart and to checkout. */
export default function MiniCartPanel({
  id,
  segment,
  cart,
  loading,
  failed,
  headingRef,
  onClose,
}: MiniCartPanelProps) {
  const t = useText();
  const headingId = useId();
  const lines = cart?.lines ?? [];
  return (
    <div id={id} className="mini-cart-panel" role="dialog" aria-labelledby={headingId}>
      <style href="ridgeline-mini-cart" precedence="default">
        {MINI_CART_CSS}
      </style>
      <div className="mini-cart-panel__head">
        <h2 id={headingId} className="mini-cart-panel__title" tabIndex={-1} ref={headingRef}>
          {t('your cart')}
          {cart && cart.count > 0 ? ` (${t('items count', { count: cart.count })})` : ''}
        </h2>
        <button type="button" className="mini-cart-panel__close" onClick={onClose} aria-label={t('close')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {lines.length > 0 && cart ? (
        <>
          <ul className="mini-cart-panel__lines">
            {lines.map((line) => (
              <li key={line.id} className="mini-cart-line">
                {line.image ? (
                  <img src={`${line.image}?w=128&maxH=128`} alt="" width={64} height={64} loading="lazy" />
                ) : (
                  <span />
                )}
                <div>
                  <Link to={line.href} className="mini-cart-line__name">
                    {line.name}
                  </Link>
                  <p className="mini-cart-line__meta">
                    {[
                      line.colour ? `${t('colour')}: ${line.colour}` : null,
                      line.size ? `${t('size')}: ${line.size}` : null,
                      `${t('quantity')}: ${line.quantity}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <p className="mini-cart-line__price mini-cart-line__meta">{line.lineTotal}</p>
              </li>
            ))}
          </ul>
          <div className="mini-cart-panel__foot">
            <p className="mini-cart-panel__subtotal">
              <span>{t('subtotal')}</span>
              <span>{cart.subtotal}</span>
            </p>
            {cart.discount?.applied ? (
              // The code's effect, as the cart shows it: what it takes off, or free shipping (issue 41).
              <p className="mini-cart-panel__subtotal">
                <span>{t('discount line', { code: cart.discount.code })}</span>
                <span>{cart.discount.saving ?? t('free shipping')}</span>
              </p>
            ) : null}
            <div className="mini-cart-panel__actions">
              <Link to={`/${segment}/cart`} className="mini-cart-panel__view">
                {t('view cart')}
              </Link>
              <Link to={`/${segment}/checkout`} className="mini-cart-panel__checkout">
                {t('checkout')}
              </Link>
            </div>
          </div>
        </>
      ) : (
        <div className="mini-cart-panel__empty" role="status">
          <p style={{ margin: 0 }}>
            {loading ? t('loading') : failed ? t('server error body') : t('cart empty')}
          </p>
          {failed ? <Link to={`/${segment}/cart`}>{t('view cart')}</Link> : null}
        </div>
      )}
    </div>
  );
}

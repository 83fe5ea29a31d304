import type { CartView } from '../../lib/cart/cart-view.ts';
import { useText } from '../../lib/locale/use-text.ts';

/**
 * A discount code's line in a summary's totals (cart and checkout): its saving on the lines. A free-shipping code
 * shows on the shipping line instead, as "Free".
 */
export function DiscountTotalsLine({ discount }: { discount: CartView['discount'] }) {
  const t = useText();
  if (!discount?.applied || !discount.saving) return null;
  return (
    <div className="totals__discount">
      <dt>{t('discount line', { code: discount.code })}</dt>
      <dd>{discount.saving}</dd>
    </div>
  );
}

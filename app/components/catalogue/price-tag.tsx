import type { PriceView } from '../../lib/catalogue/price.ts';
import { useText } from '../../lib/locale/use-text.ts';

export function PriceTag({ price, large }: { price: PriceView; large?: boolean }) {
  const t = useText();
  // Prices that differ by variant read "From C$179.95" (decision 0042).
  const current = price.from ? t('price from', { price: price.current }) : price.current;
  return (
    <p className={large ? 'price price--large' : 'price'}>
      {price.compareAt ? (
        <>
          <span className="visually-hidden">{t('now price')} </span>
          <span className="price__current price__current--sale">{current}</span>{' '}
          <span className="visually-hidden">{t('was price')} </span>
          <s className="price__was">{price.compareAt}</s>
        </>
      ) : (
        <span className="price__current">{current}</span>
      )}
    </p>
  );
}

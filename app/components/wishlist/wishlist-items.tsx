import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useText } from '../../lib/locale/use-text.ts';

/** One product on a list, as the loader shaped it (the catalogue's tile with its image URL made on the server). */
export interface WishlistItemView {
  id: number;
  title: string;
  href: string;
  image: string | null;
  /** The region's price ("From …" when sizes differ), and the price before a sale. */
  price: { current: string; compareAt: string | null; from: boolean } | null;
  inStock: boolean;
}

/**
 * The products of a list with the region's price and stock. Drawn here rather than with the catalogue's grid: a
 * page of its own sharing the grid's module would split the catalogue's chunk and every tile page would pay for
 * the split (see decision 0048).
 */
export function WishlistItems({
  items,
  action,
}: {
  items: readonly WishlistItemView[];
  action?: (item: WishlistItemView) => ReactNode;
}) {
  const t = useText();
  return (
    <ul className="wishlist-grid">
      {items.map((item) => {
        const current = item.price?.from
          ? t('price from', { price: item.price.current })
          : item.price?.current;
        return (
          <li key={item.id} className="wishlist-item">
            <Link to={item.href} className="wishlist-item__link">
              {item.image ? (
                <img
                  src={item.image}
                  alt=""
                  width={480}
                  height={640}
                  loading="lazy"
                  className="wishlist-item__image"
                />
              ) : (
                <span className="wishlist-item__image" />
              )}
              <h2 className="wishlist-item__title">{item.title}</h2>
            </Link>
            {item.price ? (
              <p className="price">
                {item.price.compareAt ? (
                  <>
                    <span className="visually-hidden">{t('now price')} </span>
                    <span className="price__current price__current--sale">{current}</span>{' '}
                    <span className="visually-hidden">{t('was price')} </span>
                    <s className="price__was">{item.price.compareAt}</s>
                  </>
                ) : (
                  <span className="price__current">{current}</span>
                )}
              </p>
            ) : null}
            <p className={item.inStock ? 'wishlist-item__stock' : 'wishlist-item__stock tile__stock'}>
              {item.inStock ? t('in stock') : t('out of stock')}
            </p>
            {action?.(item)}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The wishlist heart (issue 45, decision 0048): a real form, so a signed-in shopper saves without JavaScript
 * (a POST answered by a redirect back). The page's enhancer (app/lib/wishlist/enhance.ts, loaded after
 * hydration) keeps a guest's list on the device and toggles in place. On the product page the heart reaches
 * the browser as HTML from the loader (heart.server.ts): React never re-renders it, so the enhancer may change
 * its state without a framework fighting it.
 */
export interface HeartProps {
  segment: string;
  productId: number;
  /** The product's name: a tile's heart says which product it saves. */
  productName?: string;
  saved: boolean;
  /** The session's anti-forgery token; none for a guest, whose list stays on the device. */
  csrf: string | null;
  /** Where the redirect goes back to (a path of this store). */
  returnTo: string;
  labels: { save: string; saved: string };
  /** `page`: the label shows beside the heart; `tile`: the heart alone, its name for screen readers. */
  variant: 'page' | 'tile';
}

export function WishlistHeart(props: HeartProps) {
  const { labels, saved } = props;
  const label = saved ? labels.saved : labels.save;
  return (
    <form
      method="post"
      action={`/${props.segment}/wishlist`}
      className={`heart heart--${props.variant}`}
      data-wishlist={props.productId}
    >
      <input type="hidden" name="product" value={props.productId} />
      <input type="hidden" name="intent" value={saved ? 'remove' : 'add'} />
      <input type="hidden" name="return" value={props.returnTo} />
      {props.csrf ? <input type="hidden" name="csrf" value={props.csrf} /> : null}
      <button
        type="submit"
        className="heart__button"
        aria-pressed={saved}
        data-save={labels.save}
        data-saved={labels.saved}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 7.9 3.4 4.5 6.9 4.5c2.1 0 3.7 1.2 5.1 3 1.4-1.8 3-3 5.1-3 3.5 0 5.5 3.4 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
        </svg>
        <span className={props.variant === 'page' ? 'heart__label' : 'heart__label visually-hidden'}>
          {label}
          {props.productName ? <span className="visually-hidden">: {props.productName}</span> : null}
        </span>
      </button>
    </form>
  );
}

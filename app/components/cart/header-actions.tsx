import { useEffect, useRef } from 'react';
import { Link, useFetcher, useRouteLoaderData } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useText } from '../../lib/use-text.ts';
import type { RootData } from '../../root.tsx';
import type { loader as cartLoader } from '../../routes/cart.tsx';

// Phones: the header row gets tighter so the account and cart icons fit; the country link keeps its globe icon
// and its accessible name, and shows its short code again from 420 px.
const HEADER_ACTIONS_CSS =
  '@media (max-width: 479px){.site-header .site-header__inner{gap:.5rem}.header-actions .locale-link{padding:.5rem .25rem}.site-header__inner>.locale-link svg{flex-shrink:0}}@media (max-width: 419px){.site-header__inner>.locale-link .locale-link__short{display:none}}';

/**
 * The header's account link and mini cart. The count is read in the browser (the cart route's data), so an
 * anonymous page stays cacheable; it refreshes after every form action (React Router revalidates fetchers).
 */
export function HeaderActions({ segment }: { segment: string }) {
  const t = useText();
  const root = useRouteLoaderData<RootData>('root');
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof cartLoader>({ key: 'mini-cart' });
  const shopping = root?.locale.shoppingRegion ?? true;
  const cartPath = `/${segment}/cart`;
  const { load } = fetcher;
  // Once per cart path: a failed load must not retry in a loop (fetcher data stays undefined on errors).
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!hydrated || !shopping || requested.current === cartPath) return;
    requested.current = cartPath;
    void load(cartPath);
  }, [hydrated, shopping, cartPath, load]);
  const data = fetcher.data;
  const count = data?.cart?.count ?? 0;
  const customer = root?.customer ?? null;
  return (
    <div className="header-actions" style={{ display: 'flex', alignItems: 'center', gap: 0, flexShrink: 0 }}>
      <style href="ridgeline-header-actions" precedence="default">
        {HEADER_ACTIONS_CSS}
      </style>
      <Link
        to={customer ? `/${segment}/account` : `/${segment}/account/login`}
        className="locale-link header-actions__link"
        aria-label={customer ? t('account') : t('sign in')}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          style={{ flexShrink: 0 }}
        >
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="1.7" />
        </svg>
        <span className="locale-link__long" aria-hidden="true">
          {customer ? t('account') : t('sign in')}
        </span>
      </Link>
      {shopping ? (
        <Link
          to={cartPath}
          className="locale-link header-actions__link mini-cart"
          style={{ position: 'relative' }}
          aria-label={`${t('cart')}: ${t('items count', { count })}`}
          data-count={count}
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
            style={{ flexShrink: 0 }}
          >
            <path
              d="M3 4h2.5l2.2 11h10.6L20.5 7H7"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinejoin="round"
            />
            <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
            <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
          </svg>
          <span className="locale-link__long" aria-hidden="true">
            {t('cart')}
          </span>
          {count > 0 ? (
            <span
              className="mini-cart__count"
              aria-hidden="true"
              style={{
                minWidth: '1.25rem',
                height: '1.25rem',
                padding: '0 0.3rem',
                borderRadius: '999px',
                background: 'var(--color-ember)',
                color: '#fff',
                fontSize: '0.75rem',
                fontWeight: 700,
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              {count}
            </span>
          ) : null}
        </Link>
      ) : null}
    </div>
  );
}

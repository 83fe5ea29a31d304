import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useFetcher, useFetchers, useLocation, useRouteLoaderData } from 'react-router';
import type { AddToCartResult } from '../../lib/catalogue/cart.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { useHydrated } from '../../lib/router/use-hydrated.ts';
import type { RootData } from '../../root.tsx';
import type { loader as cartLoader } from '../../routes/cart.tsx';

// The panel is its own chunk: a page loads it (and its styles) only when the shopper opens the mini cart.
const loadPanel = () => import('./mini-cart-panel.tsx');
const MiniCartPanel = lazy(loadPanel);

// Phones: the header row gets tighter so the account and cart icons fit; the country link keeps its globe icon
// and its accessible name, and shows its short code again from 420 px.
const HEADER_ACTIONS_CSS =
  'button.mini-cart{border:0;background:none;font:inherit;cursor:pointer}button.mini-cart:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}' +
  '@media (max-width: 479px){.site-header .site-header__inner{gap:.5rem}.header-actions .locale-link{padding:.5rem .25rem}.site-header__inner>.locale-link svg{flex-shrink:0}}@media (max-width: 419px){.site-header__inner>.locale-link .locale-link__short{display:none}}';

/** An aborted load (the router cancelled a load it replaced) is expected; any other failure is thrown on. */
function rethrowUnlessAborted(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  throw error;
}

/**
 * The header's account link and mini cart. The count is read in the browser (the cart route's data), so an
 * anonymous page stays cacheable; it refreshes after every form action (React Router revalidates fetchers).
 * Without JavaScript the cart icon is a link to /{lang}/cart. With it, the icon is a button that opens the
 * mini cart panel (reloading the cart as it opens); Escape, a click outside, leaving it with Tab or following
 * one of its links closes it, and Escape or its close button puts focus back on the icon.
 */
export function HeaderActions({ segment }: { segment: string }) {
  const t = useText();
  const root = useRouteLoaderData<RootData>('root');
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof cartLoader>({ key: 'mini-cart' });
  const shopping = root?.locale.shoppingRegion ?? true;
  const cartPath = `/${segment}/cart`;
  const { load: loadCart } = fetcher;
  // A load the router replaces (an add to cart reloads the cart while this one is on its way) ends aborted: that
  // is expected, anything else is a real failure and is thrown on, not swallowed.
  const load = useCallback((path: string) => loadCart(path).catch(rethrowUnlessAborted), [loadCart]);
  // Once per cart path: a failed load must not retry in a loop (fetcher data stays undefined on errors).
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!hydrated || !shopping || requested.current === cartPath) return;
    requested.current = cartPath;
    void load(cartPath);
  }, [hydrated, shopping, cartPath, load]);
  // Issue 18 #4: the count follows an add to cart as soon as the add has answered. React Router reloads the cart
  // after the action too, but hands that answer over only together with every loader of the page (the product
  // page's is the slowest), which on a busy server kept the count at 0 long after the line was in the cart. A
  // fetcher of its own loads it at once: loading again with the 'mini-cart' fetcher would abort the router's
  // reload of it, whose aborted stream surfaces as an unhandled "signal is aborted" in the page. Once per
  // submission (its form data), by any add-to-cart form of the page (product page, quick add).
  const refresh = useFetcher<typeof cartLoader>({ key: 'mini-cart-after-add' });
  const { load: loadRefresh } = refresh;
  const fetchers = useFetchers();
  const counted = useRef(new WeakSet<FormData>());
  useEffect(() => {
    if (!hydrated || !shopping) return;
    for (const other of fetchers) {
      const { formData } = other;
      if (other.state !== 'loading' || !formData || formData.get('intent') !== 'add-to-cart') continue;
      if (!(other.data as AddToCartResult | undefined)?.ok || counted.current.has(formData)) continue;
      counted.current.add(formData);
      loadRefresh(cartPath).catch(rethrowUnlessAborted);
    }
  }, [fetchers, hydrated, shopping, cartPath, loadRefresh]);
  // The newer of the two answers (each changes only when a load of it lands; the router reloads both after
  // every later action, so neither stays behind).
  const [latest, setLatest] = useState<typeof fetcher.data>(undefined);
  useEffect(() => {
    if (fetcher.data !== undefined) setLatest(fetcher.data);
  }, [fetcher.data]);
  useEffect(() => {
    if (refresh.data !== undefined) setLatest(refresh.data);
  }, [refresh.data]);
  const data = latest ?? fetcher.data;
  const count = data?.cart?.count ?? 0;
  const customer = root?.customer ?? null;

  const [open, setOpen] = useState(false);
  // Phones show the panel fixed under the header: where the icon ends, measured when it opens.
  const [anchorBottom, setAnchorBottom] = useState<number | null>(null);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // Focus goes to the panel's heading once it has mounted (the first time, after its chunk has loaded).
  const focusOnMount = useRef(false);
  const headingRef = useCallback((node: HTMLHeadingElement | null) => {
    if (node && focusOnMount.current) {
      focusOnMount.current = false;
      node.focus();
    }
  }, []);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  }, []);
  const toggle = () => {
    if (open) return close(true);
    focusOnMount.current = true;
    setAnchorBottom(trigger.current?.getBoundingClientRect().bottom ?? null);
    setOpen(true);
    void load(cartPath);
  };
  const location = useLocation();
  // Following a link in the panel (or any navigation) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(true);
    };
    // A click or a Tab that lands outside the icon and the panel closes it, leaving focus where it went.
    const onOutside = (event: Event) => {
      if (!wrapper.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open, close]);
  const cartIcon = (
    <>
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
    </>
  );
  const cartLabel = `${t('cart')}: ${t('items count', { count })}`;
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
      {shopping && hydrated ? (
        <div
          ref={wrapper}
          style={
            {
              position: 'relative',
              display: 'flex',
              ...(anchorBottom === null ? {} : { '--mini-cart-top': `${Math.round(anchorBottom)}px` }),
            } as React.CSSProperties
          }
        >
          <button
            ref={trigger}
            type="button"
            className="locale-link header-actions__link mini-cart"
            style={{ position: 'relative' }}
            aria-label={cartLabel}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            aria-haspopup="dialog"
            data-count={count}
            onClick={toggle}
            onPointerEnter={() => void loadPanel()}
            onFocus={() => void loadPanel()}
          >
            {cartIcon}
          </button>
          {open ? (
            <Suspense fallback={null}>
              <MiniCartPanel
                id={panelId}
                segment={segment}
                cart={data?.cart ?? null}
                loading={fetcher.state === 'loading' && data === undefined}
                failed={fetcher.state === 'idle' && data === undefined}
                headingRef={headingRef}
                onClose={() => close(true)}
              />
            </Suspense>
          ) : null}
        </div>
      ) : shopping ? (
        <Link
          to={cartPath}
          className="locale-link header-actions__link mini-cart"
          style={{ position: 'relative' }}
          aria-label={cartLabel}
          data-count={count}
        >
          {cartIcon}
        </Link>
      ) : null}
    </div>
  );
}

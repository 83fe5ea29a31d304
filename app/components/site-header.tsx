import { useEffect, useRef } from 'react';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { countryByIso } from '#core/countries.ts';
import { countryName } from '#core/country-name.ts';
import { DEFAULT_LOCALE, homePathFor, parseUrlLocale } from '../lib/locale/url-locale.ts';
import { useText } from '../lib/locale/use-text.ts';
import type { NavItem, NavLink } from '../lib/shell/header-view.ts';
import type { RootData } from '../root.tsx';
import { HeaderActions } from './cart/header-actions.tsx';
import { usePrefetchMode } from './platform/use-connection.ts';
import { HeaderSearch } from './search/header-search.tsx';
import { Wordmark } from './wordmark.tsx';

function Anchor({ link, className }: { link: NavLink; className?: string }) {
  const prefetch = usePrefetchMode();
  if (link.external) {
    return (
      <a
        href={link.href}
        className={className}
        {...(link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {link.title}
      </a>
    );
  }
  return (
    <Link
      to={link.href}
      className={className}
      prefetch={prefetch}
      {...(link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {link.title}
    </Link>
  );
}

/**
 * Disclosures (<details>) work with the keyboard and without JavaScript; with it, only one stays open, Escape
 * closes it and returns focus to its button, and a click elsewhere or a navigation closes it.
 */
function useDisclosureGroup() {
  const root = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const all = () => Array.from(element.querySelectorAll<HTMLDetailsElement>('details[data-disclosure]'));
    // Toggle events arrive a task after the change: two menus opened in quick succession both report open by
    // then, so the one the visitor activated last (known from its summary's click) is the one kept.
    let latest: HTMLDetailsElement | null = null;
    const onActivate = (event: MouseEvent) => {
      const summary = (event.target as Element | null)?.closest('summary');
      if (summary?.parentElement instanceof HTMLDetailsElement) latest = summary.parentElement;
    };
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (!opened.open) return;
      const keep = latest?.open ? latest : opened;
      for (const other of all())
        if (other !== keep && !other.contains(keep) && !keep.contains(other)) other.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const open = all().filter((details) => details.open && details.contains(document.activeElement));
      const innermost = open.at(-1);
      if (innermost) {
        innermost.open = false;
        innermost.querySelector('summary')?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (!element.contains(event.target as Node)) for (const details of all()) details.open = false;
    };
    element.addEventListener('click', onActivate, true);
    element.addEventListener('toggle', onToggle, true);
    element.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      element.removeEventListener('click', onActivate, true);
      element.removeEventListener('toggle', onToggle, true);
      element.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (new pathname) closes every menu
  useEffect(() => {
    for (const details of root.current?.querySelectorAll('details[data-disclosure]') ?? []) {
      (details as HTMLDetailsElement).open = false;
    }
  }, [pathname]);
  return root;
}

function MegaPanel({ item, shopAll }: { item: NavItem; shopAll: string }) {
  return (
    <div className="mega-panel">
      <div className="container mega-panel__inner">
        <div className="mega-panel__columns">
          {item.link ? (
            <p className="mega-panel__all">
              <Anchor link={{ ...item.link, title: `${shopAll}: ${item.title}` }} />
            </p>
          ) : null}
          {item.columns.map((column) => (
            <div key={column.heading} className="mega-panel__column">
              <h3 className="mega-panel__heading">{column.heading}</h3>
              <ul>
                {column.links.map((link) => (
                  <li key={`${link.href}-${link.title}`}>
                    <Anchor link={link} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {item.banner?.image ? (
          <figure className="mega-panel__banner">
            <img
              src={item.banner.image}
              alt={item.banner.alt}
              width={480}
              height={320}
              loading="lazy"
              decoding="async"
            />
            <figcaption>
              <strong>{item.banner.title}</strong>
              <span>{item.banner.content}</span>
              {item.banner.link ? <Anchor link={item.banner.link} className="mega-panel__cta" /> : null}
            </figcaption>
          </figure>
        ) : null}
      </div>
    </div>
  );
}

export function SiteHeader() {
  const { pathname, search } = useLocation();
  const root = useRouteLoaderData<RootData>('root');
  const t = useText();
  const locale = parseUrlLocale(pathname.split('/')[1]) ?? DEFAULT_LOCALE;
  const country = countryByIso(locale.country);
  const language = country?.langs.find((lang) => lang.value === locale.language);
  // The country as the page's language names it ("Deutschland · Deutsch"), its language in its own name.
  const countryText = country ? countryName(country.iso, locale.language, country.text) : '';
  const chooser = `/${locale.segment}/country?returnTo=${encodeURIComponent(`${pathname}${search}`)}`;
  const header = root?.shell.header;
  const alert = header?.alerts[0];
  const group = useDisclosureGroup();

  return (
    <header className="site-header" ref={group}>
      {alert ? (
        <div className="top-alert" style={alert.background ? { background: alert.background } : undefined}>
          <div className="container">
            <p>
              {alert.text}
              {alert.link ? (
                <>
                  {' '}
                  <Anchor link={alert.link} />
                </>
              ) : null}
            </p>
          </div>
        </div>
      ) : null}
      {header?.secondary.length ? (
        <nav className="utility-nav" aria-label={t('secondary navigation')}>
          <div className="container">
            <ul>
              {header.secondary.map((link) => (
                <li key={link.href}>
                  <Anchor link={link} />
                </li>
              ))}
            </ul>
          </div>
        </nav>
      ) : null}
      <div className="site-header__bar">
        <div className="container site-header__inner">
          {header?.nav.length ? (
            <details className="mobile-menu" data-disclosure>
              <summary className="mobile-menu__toggle">
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path
                    d="M3 6h18M3 12h18M3 18h18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
                <span>{t('menu')}</span>
              </summary>
              <nav className="mobile-menu__panel" aria-label={t('menu')}>
                <HeaderSearch localeSegment={locale.segment} className="header-search--menu" />
                <ul>
                  {header.nav.map((item) => (
                    <li key={item.id}>
                      <details data-disclosure>
                        <summary>{item.title}</summary>
                        <ul className="mobile-menu__links">
                          {item.link ? (
                            <li>
                              <Anchor link={{ ...item.link, title: `${t('shop all')}: ${item.title}` }} />
                            </li>
                          ) : null}
                          {item.columns.flatMap((column) =>
                            column.links.map((link) => (
                              <li key={`${column.heading}-${link.href}-${link.title}`}>
                                <Anchor link={link} />
                              </li>
                            )),
                          )}
                        </ul>
                      </details>
                    </li>
                  ))}
                  {header.secondary.map((link) => (
                    <li key={`secondary-${link.href}`} className="mobile-menu__secondary">
                      <Anchor link={link} />
                    </li>
                  ))}
                </ul>
              </nav>
            </details>
          ) : null}
          <Link
            to={homePathFor(locale)}
            className="wordmark"
            aria-label={t('home link', { brand: 'Ridgeline Snowshoe Co.' })}
          >
            <Wordmark />
          </Link>
          {header?.nav.length ? (
            <nav className="main-nav" aria-label={t('main navigation')}>
              <ul>
                {header.nav.map((item) => (
                  <li key={item.id}>
                    {item.columns.length || item.banner ? (
                      <details className="main-nav__item" data-disclosure>
                        <summary>{item.title}</summary>
                        <MegaPanel item={item} shopAll={t('shop all')} />
                      </details>
                    ) : item.link ? (
                      <Anchor link={item.link} className="main-nav__link" />
                    ) : null}
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="site-header__search">
            <HeaderSearch localeSegment={locale.segment} className="header-search--bar" />
          </div>
          <Link
            to={chooser}
            className="locale-link"
            // The name contains the visible text (WCAG 2.5.3 label in name).
            aria-label={`${t('country and language')}: ${countryText} · ${language?.text ?? ''}`}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path
                d="M2.5 12h19M12 2.5c3 3.2 3 15.8 0 19M12 2.5c-3 3.2-3 15.8 0 19"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
              />
            </svg>
            <span className="locale-link__long">{`${countryText} · ${language?.text ?? ''}`}</span>
            <span className="locale-link__short" aria-hidden="true">
              {`${locale.country.toUpperCase()} · ${locale.language.toUpperCase()}`}
            </span>
          </Link>
          <HeaderActions segment={locale.segment} />
        </div>
      </div>
    </header>
  );
}

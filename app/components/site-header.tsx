import { Link, useLocation } from 'react-router';
import { DEFAULT_LOCALE, homePathFor, parseUrlLocale } from '../lib/url-locale.ts';
import { Wordmark } from './wordmark.tsx';

export function SiteHeader() {
  const { pathname } = useLocation();
  const locale = parseUrlLocale(pathname.split('/')[1]) ?? DEFAULT_LOCALE;
  return (
    <header className="site-header">
      <div className="container">
        <Link to={homePathFor(locale)} className="wordmark" aria-label="Ridgeline Snowshoe Co. home">
          <Wordmark />
        </Link>
      </div>
    </header>
  );
}

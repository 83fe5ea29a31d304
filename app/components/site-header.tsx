import { Link, useLocation } from 'react-router';
import { countryByIso } from '#core/countries.ts';
import { DEFAULT_LOCALE, homePathFor, parseUrlLocale } from '../lib/url-locale.ts';
import { Wordmark } from './wordmark.tsx';

export function SiteHeader() {
  const { pathname, search } = useLocation();
  const locale = parseUrlLocale(pathname.split('/')[1]) ?? DEFAULT_LOCALE;
  const country = countryByIso(locale.country);
  const language = country?.langs.find((lang) => lang.value === locale.language);
  const chooser = `/${locale.segment}/country?returnTo=${encodeURIComponent(`${pathname}${search}`)}`;
  return (
    <header className="site-header">
      <div className="container">
        <Link to={homePathFor(locale)} className="wordmark" aria-label="Ridgeline Snowshoe Co. home">
          <Wordmark />
        </Link>
        <Link
          to={chooser}
          className="locale-link"
          aria-label={`Country and language: ${country?.text}, ${language?.text}`}
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
          <span className="locale-link__long">{`${country?.text ?? ''} · ${language?.text ?? ''}`}</span>
          <span className="locale-link__short" aria-hidden="true">
            {`${locale.country.toUpperCase()} · ${locale.language.toUpperCase()}`}
          </span>
        </Link>
      </div>
    </header>
  );
}

import { Link, useFetchers, useLocation, useRouteLoaderData } from 'react-router';
import { useText } from '../lib/locale/use-text.ts';
import type { RootData } from '../root.tsx';
import { ConsentChoices } from './consent-choices.tsx';

/**
 * Asks first where the law requires it (core/consent.ts); the root renders it only then, and never on the
 * settings page. The footer links to the settings page to change it.
 */
export function ConsentBanner() {
  const root = useRouteLoaderData<RootData>('root')!;
  const t = useText();
  const { pathname, search } = useLocation();
  const saving = useFetchers().some((fetcher) => fetcher.formAction?.endsWith('/consent'));
  if (saving) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <div className="container consent-banner__inner">
        <div>
          <h2 id="consent-title" className="consent-banner__title">
            {t('cookie banner heading')}
          </h2>
          <p>
            {`${t('cookie banner body')} ${t('cookie change anytime')} `}
            <Link to={`/${root.locale.segment}/consent`}>{t('cookie settings')}</Link>.
          </p>
        </div>
        <ConsentChoices localeSegment={root.locale.segment} returnTo={`${pathname}${search}`} />
      </div>
    </section>
  );
}

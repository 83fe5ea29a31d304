import { Link, useFetchers, useLocation, useRouteLoaderData } from 'react-router';
import type { RootData } from '../root.tsx';
import { ConsentChoices } from './consent-choices.tsx';

/** Asks first where the law requires it (core/consent.ts); the footer links to the settings page to change it. */
export function ConsentBanner() {
  const root = useRouteLoaderData<RootData>('root')!;
  const { pathname, search } = useLocation();
  const saving = useFetchers().some((fetcher) => fetcher.formAction?.endsWith('/consent'));
  if (!root.consentRequired || root.consent || saving || pathname.endsWith('/consent')) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <div className="container consent-banner__inner">
        <div>
          <h2 id="consent-title" className="consent-banner__title">
            Cookies on Ridgeline
          </h2>
          <p>
            We use necessary cookies to run the store. With your permission we also use analytics and
            marketing cookies to improve it. You can change your choice at any time under{' '}
            <Link to={`/${root.locale.segment}/consent`}>Cookie settings</Link>.
          </p>
        </div>
        <ConsentChoices localeSegment={root.locale.segment} returnTo={`${pathname}${search}`} />
      </div>
    </section>
  );
}

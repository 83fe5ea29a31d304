import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useRouteLoaderData } from 'react-router';
import { consentModeFields, effectiveConsent } from '#core/consent.ts';
import { DATA_LAYER_NAME, isValidTagManagerId, pageViewEvent } from '#core/tag-manager.ts';
import type { RootData } from '../root.tsx';

type DataLayer = unknown[];
type WithDataLayer = Window & { [DATA_LAYER_NAME]?: DataLayer };

function dataLayer(): DataLayer {
  const w = window as WithDataLayer;
  w[DATA_LAYER_NAME] ??= [];
  return w[DATA_LAYER_NAME];
}

// Consent mode reads gtag's Arguments object, not an array, so this must be a classic function.
function gtag(..._args: unknown[]) {
  // biome-ignore lint/complexity/noArguments: consent mode requires the Arguments object
  dataLayer().push(arguments);
}

interface RouteHandle {
  name?: string;
  gtmName?: string;
}

/**
 * The tag-manager side of every page (SPEC §7): consent state first (root.tsx renders this before the page), then one page-view event per navigation,
 * and the container script only with a valid id and the visitor's consent.
 */
export function Analytics() {
  const root = useRouteLoaderData<RootData>('root')!;
  const location = useLocation();
  const matches = useMatches();
  const consent = effectiveConsent(root.locale.country, root.consent);
  const consentSent = useRef<string | null>(null);

  const fields = consentModeFields(consent);
  const fieldsKey = JSON.stringify(fields);
  const country = root.locale.country;
  // Consent mode: the region's default, then the visitor's state, as the first entries of every load; later
  // choices (the banner, the footer) are updates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the country is fixed for a load; keyed by the fields
  useEffect(() => {
    if (consentSent.current === null) {
      gtag('consent', 'default', consentModeFields(effectiveConsent(country, null)));
    }
    gtag('consent', 'update', JSON.parse(fieldsKey));
    consentSent.current = fieldsKey;
  }, [fieldsKey]);

  const last = matches.at(-1);
  const handle = (last?.handle ?? {}) as RouteHandle;
  const routeName = handle.name ?? last?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per navigation, keyed by location
  useEffect(() => {
    dataLayer().push(
      pageViewEvent({ name: routeName, gtmName: handle.gtmName }, `${location.pathname}${location.search}`),
    );
  }, [location.key]);

  const allowed = consent.analytics === 'granted' || consent.marketing === 'granted';
  useEffect(() => {
    if (!allowed || !isValidTagManagerId(root.gtmId)) return;
    if (document.getElementById('gtm-container')) return;
    dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.id = 'gtm-container';
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(root.gtmId)}`;
    document.head.appendChild(script);
  }, [allowed, root.gtmId]);

  return null;
}

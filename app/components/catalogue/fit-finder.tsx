import { useEffect } from 'react';
import type { FitSlot } from '../../lib/catalogue/fit-query.ts';
import { useTracking } from './use-tracking.ts';

/**
 * "Find your size" (issue 45, decision 0040) as the page shows it: HTML the server rendered (a plain GET form and
 * its answer, fit-finder-markup.tsx), so no code for it reaches the browser. The one thing done here is the
 * analytics event on use (after consent), which names the outcome and never the weights.
 */
export function FitFinderSlot({ fit, page }: { fit: FitSlot; page: 'product' | 'category' }) {
  const track = useTracking();
  const { event } = fit;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per answer shown, keyed by what it says
  useEffect(() => {
    if (event) track({ event: 'fit_finder', fit_page: page, ...event });
  }, [JSON.stringify(event), track]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by React from escaped strings
  return <div className="fit-finder-slot" dangerouslySetInnerHTML={{ __html: fit.html }} />;
}

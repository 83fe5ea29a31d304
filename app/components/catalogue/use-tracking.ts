import { useCallback } from 'react';
import { useRouteLoaderData } from 'react-router';
import { effectiveConsent } from '#core/consent.ts';
import { DATA_LAYER_NAME } from '#core/tag-manager.ts';
import type { RootData } from '../../root.tsx';

/** Pushes an analytics event to the data layer only when the visitor's tracking is enabled (§7). */
export function useTracking(): (event: Record<string, unknown>) => void {
  const root = useRouteLoaderData<RootData>('root');
  const enabled = root ? effectiveConsent(root.locale.country, root.consent).analytics === 'granted' : false;
  return useCallback(
    (event) => {
      if (!enabled || typeof window === 'undefined') return;
      const w = window as unknown as Record<string, unknown[] | undefined>;
      w[DATA_LAYER_NAME] ??= [];
      w[DATA_LAYER_NAME].push({ ecommerce: null });
      w[DATA_LAYER_NAME].push(event);
    },
    [enabled],
  );
}

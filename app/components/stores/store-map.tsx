import { useEffect, useRef, useState } from 'react';
import { useText } from '../../lib/locale/use-text.ts';

export interface MapDealer {
  uid: string;
  name: string;
  lat: number;
  lng: number;
}

interface MapProvider {
  render(
    element: HTMLElement,
    input: { center: { lat: number; lng: number } | null; dealers: MapDealer[] },
  ): void;
}

declare global {
  interface Window {
    RidgelineStoreMap?: MapProvider;
  }
}

const loading = new Map<string, Promise<void>>();

/** Loads a script once per URL (SPEC §7: the store-locator map script, per domain). */
function loadScript(src: string): Promise<void> {
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`map script failed: ${src}`));
      document.head.append(script);
    });
    loading.set(src, pending);
  }
  return pending;
}

/**
 * The dealer map, only when a map provider is configured for this domain. The provider's script defines
 * `window.RidgelineStoreMap.render(element, {center, dealers})`. Until it has drawn, and if it fails, nothing
 * is shown: the list never depends on it.
 */
export function StoreMap({
  script,
  center,
  dealers,
}: {
  script: string | null;
  center: { lat: number; lng: number } | null;
  dealers: MapDealer[];
}) {
  const t = useText();
  const element = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const key = JSON.stringify({ center, dealers: dealers.map((dealer) => dealer.uid) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when the dealers or the centre change (key)
  useEffect(() => {
    if (!script || !element.current) return;
    let live = true;
    loadScript(script)
      .then(() => {
        if (!live || !element.current || !window.RidgelineStoreMap) return;
        window.RidgelineStoreMap.render(element.current, { center, dealers });
        setReady(true);
      })
      .catch(() => setReady(false));
    return () => {
      live = false;
    };
  }, [script, key]);
  if (!script) return null;
  return (
    <section
      className={ready ? 'store-map is-ready' : 'store-map'}
      aria-label={t('map heading')}
      hidden={!ready}
    >
      <div ref={element} className="store-map__canvas" />
    </section>
  );
}

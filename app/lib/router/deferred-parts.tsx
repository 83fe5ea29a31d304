import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * Parts of the shell in chunks of their own (most pages never show them: issue 10 budget) that the server may
 * still render. Through `lazy` alone, such a part's Suspense boundary waited for its chunk after hydration, and
 * meanwhile every router update (React Router applies them as transitions) waited with it: an add to cart
 * showed neither its message nor the new count until the chunk arrived (issue 18 #4), and an error page, whose
 * boundary an update reached first, was thrown away and drawn again (the page blinked empty). The browser entry
 * therefore loads the chunk of every part the server rendered before it hydrates, and a part whose chunk is
 * loaded renders directly.
 */
interface DeferredPart<P> {
  Component: ComponentType<P>;
  /** Loads the chunk (once); afterwards new instances render without suspending. */
  preload(): Promise<unknown>;
}

function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>): DeferredPart<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P) {
    // Chosen once per instance: switching from the lazy wrapper to the component would remount the part.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    // Only a part still loading has a boundary: the server (which loads every part first) would stream a
    // boundary's content apart from the shell when it is large (React's outlining), and the browser reveals it
    // after hydration has met it unrevealed: the 410 page was drawn again.
    const Part = Lazy as ComponentType<P>;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return { Component, preload };
}

export const errorPagePart = deferredPart(() =>
  import('../../components/error-page.tsx').then((module) => module.ErrorPage),
);

export const consentBannerPart = deferredPart(() =>
  import('../../components/consent-banner.tsx').then((module) => module.ConsentBanner),
);

/** Every part, loaded (the server, before its first render: a part it renders is then part of the shell). */
export function preloadAllParts(): Promise<unknown> {
  return Promise.all([errorPagePart.preload(), consentBannerPart.preload()]);
}

/** The chunks of the parts in the server's HTML, loaded; failures are left to the part's own boundary. */
export function preloadRenderedParts(document: Document): Promise<unknown> {
  const parts: Array<[string, DeferredPart<never>]> = [
    ['.error-page', errorPagePart as DeferredPart<never>],
    ['.consent-banner', consentBannerPart as DeferredPart<never>],
  ];
  return Promise.all(
    parts
      .filter(([selector]) => document.querySelector(selector))
      .map(([, part]) => part.preload().catch(() => undefined)),
  );
}

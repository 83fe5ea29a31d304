import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import {
  BREAKPOINTS_NOT_INSTALLED,
  type BreakpointSetup,
  breakpointMediaQueries,
  DEFAULT_STORE_WIDTH,
  deviceFlags,
  type Motion,
  type Orientation,
  setupBreakpoints,
  type Theme,
} from '#core/breakpoints.ts';

export interface ResponsiveState {
  breakpoint: string;
  orientation: Orientation;
  theme: Theme;
  motion: Motion;
  width: number;
  mobile: boolean;
  phone: boolean;
  tablet: boolean;
}

const ResponsiveContext = createContext<ResponsiveState | null>(null);

function query(media: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(media)
    : null;
}

/**
 * Breakpoint, orientation, theme and motion preference following media queries live (SPEC §4). The server has
 * no screen, so it renders for the configured defaults (xl at the store's 1024 px width); the browser corrects
 * them after hydration.
 */
export function ResponsiveProvider({ setup, children }: { setup?: BreakpointSetup; children: ReactNode }) {
  const config = useMemo(() => setupBreakpoints(setup), [setup]);
  const [state, setState] = useState<ResponsiveState>(() => ({
    breakpoint: config.defaultBreakpoint,
    orientation: config.defaultOrientation ?? 'landscape',
    theme: config.defaultTheme ?? 'light',
    motion: config.defaultMotion ?? 'no-preference',
    width: DEFAULT_STORE_WIDTH,
    ...deviceFlags(DEFAULT_STORE_WIDTH),
  }));

  useEffect(() => {
    const breakpointQueries = Object.entries(breakpointMediaQueries(config.breakpoints)).map(
      ([name, media]) => [name, query(media)] as const,
    );
    const portrait = query('(orientation: portrait)');
    const dark = query('(prefers-color-scheme: dark)');
    const reduce = query('(prefers-reduced-motion: reduce)');
    if (!portrait) {
      console.error('Breakpoints: this browser does not support media queries; keeping the defaults.');
      return;
    }
    const read = () => {
      const width = window.innerWidth;
      const next: ResponsiveState = {
        breakpoint: breakpointQueries.find(([, list]) => list?.matches)?.[0] ?? config.defaultBreakpoint,
        orientation: portrait.matches ? 'portrait' : 'landscape',
        theme: dark?.matches ? 'dark' : 'light',
        motion: reduce?.matches ? 'reduce' : 'no-preference',
        width,
        ...deviceFlags(width),
      };
      // The same state keeps the same object: every reader of the context re-renders on a new one.
      setState((current) => (sameResponsiveState(current, next) ? current : next));
    };
    read();
    const lists = [...breakpointQueries.map(([, list]) => list), portrait, dark, reduce].filter(
      (list): list is MediaQueryList => list !== null,
    );
    for (const list of lists) list.addEventListener('change', read);
    return () => {
      for (const list of lists) list.removeEventListener('change', read);
    };
  }, [config]);

  return <ResponsiveContext.Provider value={state}>{children}</ResponsiveContext.Provider>;
}

function sameResponsiveState(a: ResponsiveState, b: ResponsiveState): boolean {
  return (Object.keys(b) as Array<keyof ResponsiveState>).every((key) => a[key] === b[key]);
}

/** The live responsive state; using it outside the provider is a programming error (§8). */
export function useResponsive(): ResponsiveState {
  const state = useContext(ResponsiveContext);
  if (!state) throw new Error(BREAKPOINTS_NOT_INSTALLED);
  return state;
}

import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import {
  BREAKPOINTS_NOT_INSTALLED,
  type BreakpointConfig,
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

/**
 * The context carries only the breakpoint setup, which never changes once rendered; the live state is an external
 * store each reader subscribes to. A context value that changed after hydration (the browser's width is never the
 * server's default) made React drop the server's markup of every Suspense boundary not yet hydrated below it and
 * render it again in the browser: it cannot tell whether a dehydrated boundary reads the context (the home's
 * product sliders, ~200 ms at 4x CPU). A store changes only the components that read it.
 */
const SetupContext = createContext<BreakpointConfig | null>(null);

interface ResponsiveStore {
  subscribe(onChange: () => void): () => void;
  snapshot(): ResponsiveState;
  serverSnapshot(): ResponsiveState;
}

const stores = new WeakMap<BreakpointConfig, ResponsiveStore>();

function defaultsOf(config: BreakpointConfig): ResponsiveState {
  return {
    breakpoint: config.defaultBreakpoint,
    orientation: config.defaultOrientation ?? 'landscape',
    theme: config.defaultTheme ?? 'light',
    motion: config.defaultMotion ?? 'no-preference',
    width: DEFAULT_STORE_WIDTH,
    ...deviceFlags(DEFAULT_STORE_WIDTH),
  };
}

function sameResponsiveState(a: ResponsiveState, b: ResponsiveState): boolean {
  return (Object.keys(b) as Array<keyof ResponsiveState>).every((key) => a[key] === b[key]);
}

/**
 * Media queries read when they change (and on the first read); the same state keeps the same object, as a store
 * snapshot must. Without media queries (no window, or a browser without matchMedia) the defaults stay.
 */
function createStore(config: BreakpointConfig): ResponsiveStore {
  const defaults = defaultsOf(config);
  const canQuery = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  if (typeof window !== 'undefined' && !canQuery)
    console.error('Breakpoints: this browser does not support media queries; keeping the defaults.');
  let lists: {
    breakpoints: Array<readonly [string, MediaQueryList]>;
    portrait: MediaQueryList;
    dark: MediaQueryList;
    reduce: MediaQueryList;
    /** Every list above, for listening to them all. */
    all: MediaQueryList[];
  } | null = null;
  let current: ResponsiveState | null = null;
  const listeners = new Set<() => void>();

  const queries = () => {
    if (!lists) {
      const breakpoints = Object.entries(breakpointMediaQueries(config.breakpoints)).map(
        ([name, media]) => [name, window.matchMedia(media)] as const,
      );
      const portrait = window.matchMedia('(orientation: portrait)');
      const dark = window.matchMedia('(prefers-color-scheme: dark)');
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
      lists = {
        breakpoints,
        portrait,
        dark,
        reduce,
        all: [...breakpoints.map(([, list]) => list), portrait, dark, reduce],
      };
    }
    return lists;
  };
  const read = (): ResponsiveState => {
    const { breakpoints, portrait, dark, reduce } = queries();
    const width = window.innerWidth;
    const next: ResponsiveState = {
      breakpoint: breakpoints.find(([, list]) => list.matches)?.[0] ?? config.defaultBreakpoint,
      orientation: portrait.matches ? 'portrait' : 'landscape',
      theme: dark.matches ? 'dark' : 'light',
      motion: reduce.matches ? 'reduce' : 'no-preference',
      width,
      ...deviceFlags(width),
    };
    return current && sameResponsiveState(current, next) ? current : next;
  };
  const changed = () => {
    const next = read();
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  };

  return {
    subscribe(onChange) {
      if (!canQuery) return () => {};
      listeners.add(onChange);
      if (listeners.size === 1) {
        for (const list of queries().all) list.addEventListener('change', changed);
        // A change before the listeners were on would be missed: React reads the snapshot again after subscribing.
        current = read();
      }
      return () => {
        listeners.delete(onChange);
        if (listeners.size > 0 || !lists) return;
        for (const list of lists.all) list.removeEventListener('change', changed);
      };
    },
    snapshot() {
      if (!canQuery) return defaults;
      current ??= read();
      return current;
    },
    serverSnapshot: () => defaults,
  };
}

function storeFor(config: BreakpointConfig): ResponsiveStore {
  let store = stores.get(config);
  if (!store) {
    store = createStore(config);
    stores.set(config, store);
  }
  return store;
}

/**
 * Breakpoint, orientation, theme and motion preference following media queries live (SPEC §4). The server has
 * no screen, so it renders for the configured defaults (xl at the store's 1024 px width); each reader in the
 * browser takes the real values after hydration.
 */
export function ResponsiveProvider({ setup, children }: { setup?: BreakpointSetup; children: ReactNode }) {
  const config = useMemo(() => setupBreakpoints(setup), [setup]);
  return <SetupContext.Provider value={config}>{children}</SetupContext.Provider>;
}

/** The live responsive state; using it outside the provider is a programming error (§8). */
export function useResponsive(): ResponsiveState {
  const config = useContext(SetupContext);
  if (!config) throw new Error(BREAKPOINTS_NOT_INSTALLED);
  const store = storeFor(config);
  return useSyncExternalStore(store.subscribe, store.snapshot, store.serverSnapshot);
}

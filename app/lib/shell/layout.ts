import type { UIMatch } from 'react-router';

/** Layouts a route can name in its handle (SPEC §2); the default one has top spacing, flush-banner has none. */
export type LayoutName = 'default' | 'flush-banner';

export interface RouteHandle {
  /** Route name for analytics (§7); the route id when missing. */
  name?: string;
  /** Tag-manager name, preferred over `name` for page views. */
  gtmName?: string;
  layout?: LayoutName;
}

/** The layout of the deepest route that names one. */
export function layoutOf(matches: readonly UIMatch[]): LayoutName {
  for (let index = matches.length - 1; index >= 0; index--) {
    const layout = (matches[index]?.handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return 'default';
}

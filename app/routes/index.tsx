import type { RouteHandle } from '../lib/shell/layout.ts';

// `/` is the en-us home (SPEC §2): the same module as /{lang}.
export { default, links, loader, meta } from './home.tsx';

export const handle = { name: 'index', layout: 'flush-banner' } satisfies RouteHandle;

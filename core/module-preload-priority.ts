/**
 * The page's module preloads ask for low fetch priority (issue 22, decision 0022). React Router writes one
 * `<link rel="modulepreload">` per script of the page in the head; at the default (high) priority a phone's
 * narrow link fetched the whole module graph (~120 KB gzip) alongside the hero image, and Lighthouse's simulation
 * counts every high-priority script fetched before the first paint as blocking it. The page is server-rendered
 * and works before hydration (links, forms); low priority lets the image and the first paint go first and the
 * scripts follow. Pure: rewrites the head's markup as React writes it.
 */

// React writes the link exactly like this (rel first, self-closed); any other form is left alone.
const MODULE_PRELOAD = /<link rel="modulepreload" (?!fetchpriority=)/g;

export function lowPriorityModulePreloads(head: string): string {
  return head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low" ');
}

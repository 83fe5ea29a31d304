/**
 * The first page of a visit carries no module preloads (issue 22, decisions 0022 and 0024). React Router writes
 * one `<link rel="modulepreload">` per script of the page in the head, so the whole module graph (~120 KB gzip)
 * was fetched from the first bytes on, beside the hero image and the rest of the document. The page is
 * server-rendered and works before hydration (links navigate, forms post), so its scripts may come after its
 * content: without the links, the module script at the end of the body finds them through its imports. Pure:
 * rewrites the head's markup as React writes it.
 */

// React writes the link exactly like this (rel first, self-closed); any other form is left where it is.
const MODULE_PRELOAD = /<link rel="modulepreload" [^>]*\/>/g;

export function withoutModulePreloads(head: string): string {
  return head.replace(MODULE_PRELOAD, '');
}

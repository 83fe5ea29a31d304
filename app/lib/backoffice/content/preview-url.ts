/**
 * Where the back office opens a preview (docs/decisions/0010-content-preview.md). `previewUrl` is the editor's
 * "Open preview" link: a staff-only back-office URL that sets the preview cookie and goes on to the storefront
 * page that shows the entry, drafts and all. Open it as a document (a plain `<a href>`, e.g. `target="_blank"`,
 * not a client-side `<Link>`): the storefront is another document, and the server marks it as a preview.
 * `PREVIEW_ACTION` is where "Create preview link (24 h)" posts (app/components/backoffice/content/preview-link.tsx).
 */
import { type PreviewedEntry, storefrontPathOf } from '#core/content-preview.ts';

export const PREVIEW_ACTION = '/admin/content/preview';

/** The back-office preview of a storefront page (`/en-us/support/waxing`). */
export function previewUrlForPath(path: string): string {
  return `${PREVIEW_ACTION}?path=${encodeURIComponent(path)}`;
}

/** The back-office preview of an entry: the storefront page that shows it, in the entry's locale. */
export function previewUrl(entry: PreviewedEntry): string {
  return previewUrlForPath(storefrontPathOf(entry));
}

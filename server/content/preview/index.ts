/**
 * Content preview (issue 21, docs/decisions/0010-content-preview.md): the storefront as it will look with the
 * drafts. A staff member (`/admin/content/preview`) or the holder of a signed link (`/preview/<token>`) gets a
 * short-lived signed cookie; the HTTP app renders such a request with `client` — a content client that sends
 * the server's preview token and caches nothing — in place of the live one, outside the page cache.
 */
import { PREVIEW_LINK_HOURS, previewApplies } from '#core/content-preview.ts';
import type { ContentClient } from '../content-client.ts';
import { type PreviewCookies, previewCookies } from './preview-cookies.ts';
import { renderPreviewPage } from './preview-page.ts';
import { createPreviewSigner, type PreviewSigner } from './signing.ts';

export { createDraftStore } from './draft-store.ts';
export { PREVIEW_BANNER_TEXT, PREVIEW_CACHE_CONTROL, PREVIEW_ROBOTS } from './preview-page.ts';
export { previewRoutes } from './preview-routes.ts';

export interface ContentPreview {
  /** The content client that reads drafts (never cached). */
  client: ContentClient;
  signer: PreviewSigner;
  cookies: PreviewCookies;
  /** A shared link's path (`/preview/<token>`) to a storefront page, valid for 24 hours. */
  linkFor(path: string, now?: Date): { href: string; expiresAt: Date };
  /** Whether a request is rendered in preview: a genuine cookie, on a storefront page (never /admin). */
  applies(request: Request): boolean;
  /** Renders a storefront request in preview: drafts, banner, never cached or indexed. */
  render(request: Request, render: (request: Request) => Promise<Response>): Promise<Response>;
}

export function createContentPreview(input: { token: string; client: ContentClient }): ContentPreview {
  const signer = createPreviewSigner(input.token);
  const cookies = previewCookies(signer);
  return {
    client: input.client,
    signer,
    cookies,
    // The cookie first: a request without it (nearly all) pays one substring test and no URL parse.
    applies: (request) => cookies.active(request) && previewApplies(new URL(request.url).pathname),
    linkFor(path, now = new Date()) {
      const expiresAt = new Date(now.getTime() + PREVIEW_LINK_HOURS * 3600 * 1000);
      return { href: `/preview/${signer.signLink(path, expiresAt)}`, expiresAt };
    },
    render: renderPreviewPage,
  };
}

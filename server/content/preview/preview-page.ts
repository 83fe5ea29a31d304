/**
 * A storefront answer rendered in preview: never stored by anyone (`private, no-store`), never indexed
 * (`X-Robots-Tag` and a robots meta), and marked on the page by a fixed banner with a way out. The banner and the
 * meta are written into the HTML here, on the server, so normal pages carry not one byte of them; React leaves
 * unknown elements at the ends of head and body alone when it hydrates.
 */
import { PREVIEW_EXIT_PATH } from '#core/content-preview.ts';
import { mergeVary } from '#core/vary.ts';

export const PREVIEW_CACHE_CONTROL = 'private, no-store';
export const PREVIEW_ROBOTS = 'noindex, nofollow';
export const PREVIEW_BANNER_TEXT = 'Preview — draft content, not live';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page the exit link returns to: the one being previewed, live. */
export function exitHref(request: Request): string {
  const url = new URL(request.url);
  const page = `${url.pathname.replace(/\.data$/, '')}${url.search}`;
  return `${PREVIEW_EXIT_PATH}?to=${encodeURIComponent(page)}`;
}

const HEAD_ADDITION =
  `<meta name="robots" content="${PREVIEW_ROBOTS}">` +
  '<style>body{padding-bottom:3.5rem}#rl-preview-banner a:focus-visible{outline:3px solid #fff;outline-offset:2px}</style>';

function banner(request: Request): string {
  return (
    '<div id="rl-preview-banner" role="region" aria-label="Preview" lang="en" style="position:fixed;left:0;' +
    'right:0;bottom:0;z-index:2147483647;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;justify-content:center;' +
    'align-items:center;padding:.75rem 1rem;background:#7a2e00;color:#fff;font:600 1rem/1.4 system-ui,' +
    'sans-serif;box-shadow:0 -2px 10px rgba(0,0,0,.3)">' +
    `<strong>${PREVIEW_BANNER_TEXT}</strong>` +
    `<a href="${escapeHtml(exitHref(request))}" style="color:#fff;text-decoration:underline">Leave preview</a>` +
    '</div>'
  );
}

/** Adds the robots meta to the head and the banner to the end of the body. */
export function markPreviewHtml(html: string, request: Request): string {
  const withMeta = html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${HEAD_ADDITION}`);
  const end = withMeta.lastIndexOf('</body>');
  return end < 0
    ? `${withMeta}${banner(request)}`
    : `${withMeta.slice(0, end)}${banner(request)}${withMeta.slice(end)}`;
}

/** Renders a page in preview and marks the answer. */
export async function renderPreviewPage(
  request: Request,
  render: (request: Request) => Promise<Response>,
): Promise<Response> {
  const response = await render(request);
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', PREVIEW_CACHE_CONTROL);
  headers.set('X-Robots-Tag', PREVIEW_ROBOTS);
  headers.set('Vary', mergeVary(headers.get('Vary'), ['Cookie']));
  headers.delete('ETag');
  const type = headers.get('content-type') ?? '';
  if (!type.startsWith('text/html') || !response.body || headers.has('content-encoding'))
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.delete('content-length');
  const html = markPreviewHtml(await response.text(), request);
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

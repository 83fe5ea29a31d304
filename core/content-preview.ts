/**
 * Content preview (issue 21, docs/decisions/0010-content-preview.md): which storefront page shows an entry, and
 * which paths a preview may open. Pure: the signing of links and cookies is the server's (server/content/preview).
 */
import { parseLocale } from './locale.ts';

/** The cookie that makes the storefront read drafts; its value is signed and carries its own expiry. */
export const PREVIEW_COOKIE = 'rl_preview';
/** A preview cookie lasts at most an hour: opening the link (or the editor's preview) again renews it. */
export const PREVIEW_COOKIE_SECONDS = 60 * 60;
/** How long a shared preview link opens the preview. */
export const PREVIEW_LINK_HOURS = 24;
/** Where a signed preview link is opened: `/preview/<token>`; `/preview/exit` leaves the preview. */
export const PREVIEW_LINK_PREFIX = '/preview/';
export const PREVIEW_EXIT_PATH = '/preview/exit';

/** The URL locale a content locale is previewed in: its language's own country (`de` → `de-de`). */
const URL_LOCALE_OF: Record<string, string> = {
  'en-us': 'en-us',
  de: 'de-de',
  fr: 'fr-fr',
  es: 'es-es',
  it: 'it-it',
  ja: 'ja-jp',
  no: 'no-no',
  sv: 'sv-se',
};

export function urlLocaleOf(contentLocale: string): string {
  return URL_LOCALE_OF[contentLocale] ?? 'en-us';
}

/**
 * Whether a request to this path is rendered in preview when it carries the cookie: every storefront page, never
 * the back office (its own document; a banner there covered its forms, and a staff page has no drafts to show).
 */
export function previewApplies(pathname: string): boolean {
  return !/^\/admin(?:[/.]|$)/.test(pathname);
}

const MAX_PATH = 2000;

/**
 * A storefront page a preview may open: a path of this site under a locale (`/de-de/support/waxing`), with its
 * query, or null. Never another host (`//x`, `/\x`), never the back office or the services' own paths.
 */
export function previewTarget(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_PATH) return null;
  // Printable ASCII only (a non-ASCII path arrives percent-encoded): no spaces, no control characters.
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(value) || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://preview.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://preview.invalid') return null;
  const [, first] = url.pathname.split('/');
  if (!first || !parseLocale(first)) return null;
  return `${url.pathname}${url.search}`;
}

export interface PreviewedEntry {
  contentType: string;
  uid: string;
  /** The content locale (`en-us`, `de`, …). */
  locale: string;
  fields: Record<string, unknown>;
}

const sitePath = (value: unknown): string | null =>
  typeof value === 'string' && /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : null;

/**
 * The storefront page that shows an entry, in its locale: a page at its url, a blog post, category or support
 * article at its own path, a product at its product page; the header, alerts, banners, display text and the
 * other shared entries on the home page, where they all show.
 */
export function storefrontPathOf(entry: PreviewedEntry): string {
  const lang = `/${urlLocaleOf(entry.locale)}`;
  const uid = encodeURIComponent(entry.uid);
  switch (entry.contentType) {
    case 'page': {
      const url = sitePath(entry.fields.url);
      return url && url !== '/' ? `${lang}${url}` : lang;
    }
    case 'blog':
      return `${lang}/blog/p/${uid}`;
    case 'blog_category':
      return `${lang}/blog/${uid}`;
    case 'support':
      return `${lang}/support/${uid}`;
    case 'support_category':
      return `${lang}/support`;
    case 'team':
      return `${lang}/team`;
    case 'dealer':
      return `${lang}/stores`;
    case 'product':
      return `${lang}/p/${uid}`;
    default:
      return lang;
  }
}

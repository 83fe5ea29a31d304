/**
 * Link building of SPEC §2: Internal, Nuxt-style and External links, the content type to URL prefix table,
 * new tabs and the selected-colour parameter.
 */
import { formatLocale, type Locale } from './locale.ts';
import { splitLocalePrefix } from './locale-prefix.ts';
import { assertNavigable } from './safe-href.ts';

/** §2 content type → URL prefix. Team page, generic page and pro content have none. */
export const CONTENT_TYPE_PREFIX: Readonly<Record<string, string>> = {
  athlete: '/team',
  blog: '/blog/p',
  blog_category: '/blog',
  cart: '/cart',
  landing_page: '/l',
  product: '/p',
  product_category: '/c',
  support: '/support',
  team_page: '',
  generic_page: '',
  pro_content: '',
};

export function prefixForContentType(contentType: string | null | undefined): string {
  return (contentType && CONTENT_TYPE_PREFIX[contentType]) || '';
}

export type LinkKind = 'Internal' | 'Nuxt' | 'External';

export interface LinkFilter {
  id: string;
  value: string;
}

export interface LinkInput {
  type?: LinkKind | null;
  href?: string | null;
  /** Content type of the linked entry, for the Internal prefix. */
  contentType?: string | null;
  filters?: readonly LinkFilter[] | null;
  newTab?: boolean | null;
}

export interface ResolvedLink {
  kind: 'internal' | 'nuxt' | 'external';
  /** Ready for an <a href>. */
  href: string;
  /** Path and parsed query, for router navigation (Nuxt kind; also filled for Internal). */
  path?: string;
  query?: Record<string, string>;
  target?: '_blank';
  rel?: 'noopener noreferrer';
}

function withLeadingSlash(path: string): string {
  return path === '' || path.startsWith('/') ? path : `/${path}`;
}

function queryString(filters: readonly LinkFilter[] | null | undefined): string {
  const params = new URLSearchParams();
  for (const filter of filters ?? []) {
    if (filter.id && filter.value) params.append(filter.id, filter.value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parseQuery(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/**
 * `/{locale}{prefix}{href}` plus filter query. An href that already starts with its prefix (content urls are
 * sometimes stored that way) is not prefixed twice.
 */
export function internalHref(
  locale: Locale,
  href: string,
  contentType?: string | null,
  filters?: readonly LinkFilter[] | null,
): string {
  const prefix = prefixForContentType(contentType);
  const path = withLeadingSlash(href);
  const hasPrefix = prefix !== '' && (path === prefix || path.startsWith(`${prefix}/`));
  return `/${formatLocale(locale)}${hasPrefix ? '' : prefix}${path}${queryString(filters)}`;
}

/** §2 new_tab: a new tab that cannot reach back into this page. */
export function newTabAttributes(newTab: boolean | null | undefined): Pick<ResolvedLink, 'target' | 'rel'> {
  return newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

/**
 * Resolves a content-managed link. Returns null, so nothing is rendered, when the link object is missing or the
 * locale lacks a country or language (§5). Throws on javascript-like protocols (§8).
 */
export function resolveLink(
  link: LinkInput | null | undefined,
  locale: Partial<Locale> | null,
): ResolvedLink | null {
  if (!link || !locale?.country || !locale.language) return null;
  const current = { language: locale.language, country: locale.country };
  const href = (link.href ?? '').trim();
  assertNavigable(href, { external: link.type === 'External' });
  const tab = newTabAttributes(link.newTab);

  if (link.type === 'External') return { kind: 'external', href, ...tab };

  if (link.type === 'Nuxt') {
    const [rawPath = '', search = ''] = href.split(/\?(.*)/s);
    // A Nuxt path without a locale prefix would be redirected to the current one (§2); prefix it here instead.
    const path = withLeadingSlash(rawPath) || '/';
    const localized = splitLocalePrefix(path).locale
      ? path
      : `/${formatLocale(current)}${path === '/' ? '' : path}`;
    const query = parseQuery(search);
    const text = new URLSearchParams(query).toString();
    return { kind: 'nuxt', href: text ? `${localized}?${text}` : localized, path: localized, query, ...tab };
  }

  const full = internalHref(current, href, link.contentType, link.filters);
  const [path = full, search = ''] = full.split('?');
  return { kind: 'internal', href: full, path, query: parseQuery(search), ...tab };
}

/** §2: a selected colour adds a lower-cased `color` parameter to a product link, replacing any earlier one. */
export function withSelectedColor(href: string, color: string | null | undefined): string {
  if (!color) return href;
  const [path = '', search = ''] = href.split(/\?(.*)/s);
  const params = new URLSearchParams(search);
  params.set('color', color.toLowerCase());
  return `${path}?${params.toString()}`;
}

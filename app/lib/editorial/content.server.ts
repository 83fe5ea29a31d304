/**
 * What every editorial loader shares: the content client, the page's content locale and paths, SEO fields and
 * the category cards of the blog and the support centre. Each page type has its own loader file beside this one.
 */
import { contentLocaleOf } from '#core/locale.ts';
import { mediaBaseUrl } from '#core/media-url.ts';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { type Raw, record, text } from './content-view.ts';

export function contentClient(services: Services) {
  return services.content.client;
}

export const localeOf = (locale: LocaleState) => contentLocaleOf(locale);
export const localePath = (locale: LocaleState, path = '') => `/${locale.segment}${path}`;

export interface SeoView {
  title: string;
  description: string;
  image: string | null;
}

export function seoOf(entry: Raw, fallbackTitle: string, fallbackDescription: string): SeoView {
  const seo = record(entry.seo_meta);
  const og = record(seo.og_image);
  const imageId = text(og.amplience_id) || text(seo.imageset);
  return {
    title: text(seo.seo_title) || `${fallbackTitle} | Ridgeline Snowshoe Co.`,
    description: text(seo.seo_description) || fallbackDescription,
    image: imageId
      ? `${mediaBaseUrl()}/i/ridgeline/${encodeURIComponent(imageId)}?w=1200&sm=aspect&aspect=1200:630`
      : null,
  };
}

// ——— Generic, landing and pro pages ———

export interface CategoryView {
  uid: string;
  title: string;
  description: string;
  href: string;
}

export function categoryView(entry: Raw, locale: LocaleState, prefix: '/blog' | '/support'): CategoryView {
  const uid = text(entry.uid);
  return {
    uid,
    title: text(entry.title),
    description: text(entry.description),
    href: localePath(locale, `${prefix}/${uid}`),
  };
}

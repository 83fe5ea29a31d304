import type { MetaDescriptor } from 'react-router';
import { type DisplayTextRef, displayTextOf } from '../locale/display-text.ts';

export const SITE_NAME = 'Ridgeline Snowshoe Co.';

export interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the share image. */
  image?: string;
  type?: 'website' | 'article' | 'product';
  locale?: string;
}

/** Title, description, Open Graph and Twitter card tags for a page, from one set of facts. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: 'description', content: input.description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: input.url },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
  ];
  if (input.locale) tags.push({ property: 'og:locale', content: input.locale.replace('-', '_') });
  if (input.image) {
    tags.push(
      { property: 'og:image', content: input.image },
      { name: 'twitter:image', content: input.image },
    );
  }
  return tags;
}

/** The root loader's origin and locale, as meta functions see them through `matches`. */
export function rootFacts(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): {
  origin: string;
  hreflang: string;
} {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    | { origin: string; locale: { language: string; country: string } }
    | undefined;
  if (!root) return { origin: '', hreflang: 'en-US' };
  return { origin: root.origin, hreflang: `${root.locale.language}-${root.locale.country.toUpperCase()}` };
}

/** Display text for meta functions, which cannot use hooks: the root loader's dictionary, key as fallback. */
export function rootText(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    | { shell?: { text?: DisplayTextRef } }
    | undefined;
  const text = displayTextOf(root?.shell?.text) ?? {};
  return (key: string, fallback: string) => text[key] ?? fallback;
}

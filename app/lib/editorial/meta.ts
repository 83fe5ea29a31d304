import type { MetaDescriptor } from 'react-router';
import { pageMeta, rootFacts } from '../seo/page-meta.ts';

type Matches = Parameters<typeof rootFacts>[0];

/** Page meta of an editorial page from its SEO facts; nothing when the loader failed (the error page titles). */
export function editorialMeta(
  matches: Matches,
  pathname: string,
  seo: { title: string; description: string; image?: string | null } | undefined,
  type: 'website' | 'article' = 'website',
): MetaDescriptor[] {
  if (!seo) return [];
  const { origin, hreflang } = rootFacts(matches);
  return pageMeta({
    title: seo.title,
    description: seo.description,
    url: `${origin}${pathname}`,
    ...(seo.image ? { image: seo.image.startsWith('http') ? seo.image : `${origin}${seo.image}` } : {}),
    type,
    locale: hreflang,
  });
}

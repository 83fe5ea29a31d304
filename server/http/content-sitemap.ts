import { contentLocaleOf } from '#core/locale.ts';
import type { ContentClient } from '../content/index.ts';
import type { SitemapSource } from './seo-routes.ts';

// Pages with a route of their own; their content entries are not separate pages.
const OWN_ROUTES = new Set(['home', 'pro', 'stores', 'psia', 'test-store']);
const EDITORIAL_PAGES = ['/blog', '/support', '/team', '/stores', '/psia', '/test-store', '/pro'];

type Entry = { uid: string; url?: unknown; page_type?: unknown };
const slug = (entry: Entry) =>
  typeof entry.url === 'string' && entry.url.startsWith('/') ? entry.url : `/${entry.uid}`;

/**
 * Content pages for the sitemaps: generic and landing pages, the blog, support articles and the editorial
 * hubs. Every locale lists them, since content falls back to English where a translation is missing.
 */
export function contentSitemapSource(client: ContentClient): SitemapSource {
  return async (locale) => {
    const language = contentLocaleOf(locale);
    const [pages, posts, categories, articles] = await Promise.all([
      client.allEntries('page', { locale: language }) as Promise<Entry[]>,
      client.blogPosts(language) as Promise<Entry[]>,
      client.blogCategories(language) as Promise<Entry[]>,
      client.supportArticles(language) as Promise<Entry[]>,
    ]);
    return [
      ...EDITORIAL_PAGES,
      ...pages
        .filter((page) => !OWN_ROUTES.has(page.uid))
        .map((page) => (page.page_type === 'landing' ? `/l${slug(page)}` : slug(page))),
      ...categories.map((category) => `/blog${slug(category)}`),
      ...posts.map((post) => `/blog/p${slug(post)}`),
      ...articles.map((article) => `/support${slug(article)}`),
    ];
  };
}

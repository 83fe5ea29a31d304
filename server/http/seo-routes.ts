import { Hono } from 'hono';
import { localizedPath } from '#core/locale-prefix.ts';
import { SERVED_LOCALES, type ServedLocale } from '#core/served-locales.ts';

/** Locale-free paths of the public pages one part of the store contributes to a locale's sitemap. */
export type SitemapSource = (locale: ServedLocale) => Promise<string[]>;

export const staticPages: SitemapSource = async () => ['/', '/country'];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** robots.txt and sitemaps: an index plus one sitemap per served locale. */
export function seoRoutes(options: { origin: (request: Request) => string; sources: SitemapSource[] }): Hono {
  const routes = new Hono();

  routes.get('/robots.txt', (c) => {
    const origin = options.origin(c.req.raw);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /*/account',
        'Disallow: /*/cart',
        'Disallow: /*/checkout',
        'Disallow: /*/search',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  routes.get('/sitemap.xml', (c) => {
    const origin = options.origin(c.req.raw);
    const entries = SERVED_LOCALES.map(
      (locale) => `  <sitemap><loc>${escapeXml(`${origin}/sitemap-${locale.segment}.xml`)}</loc></sitemap>`,
    );
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
    );
  });

  routes.get('/:file{sitemap-[a-z]{2}-[a-z]+\\.xml}', async (c) => {
    const segment = c.req.param('file').slice('sitemap-'.length, -'.xml'.length);
    const locale = SERVED_LOCALES.find((candidate) => candidate.segment === segment);
    if (!locale) return c.text('Not Found', 404);
    const origin = options.origin(c.req.raw);
    const lists = await Promise.all(options.sources.map((source) => source(locale)));
    const paths = [...new Set(lists.flat())];
    const urls = paths.map(
      (path) =>
        `  <url><loc>${escapeXml(`${origin}${localizedPath(locale, path === '/' ? '' : path)}`)}</loc></url>`,
    );
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    );
  });

  return routes;
}

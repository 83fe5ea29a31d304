import { index, type RouteConfig, route } from '@react-router/dev/routes';

// The SPEC §2 route table. Every page lives under /{lang}; later issues add their routes inside it.
export default [
  index('routes/index.tsx'),
  route(':lang', 'routes/locale-layout.tsx', [
    index('routes/home.tsx'),
    route('country', 'routes/country.tsx'),
    route('consent', 'routes/consent.tsx'),
    route('c/*', 'routes/category.tsx'),
    route('p/:uid', 'routes/product.tsx'),
    route('newsletter', 'routes/newsletter.tsx'),
    route('l/*', 'routes/landing.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:uid', 'routes/blog-category.tsx'),
    route('blog/p/:uid', 'routes/blog-post.tsx'),
    route('support', 'routes/support.tsx'),
    route('support/:uid', 'routes/support-article.tsx'),
    route('team', 'routes/team.tsx'),
    route('styletile', 'routes/styletile.tsx'),
    route('psia', 'routes/psia.tsx'),
    route('test-store', 'routes/test-store.tsx'),
    route('stores', 'routes/stores.tsx'),
    route('search', 'routes/search.tsx'),
    route('search/suggest', 'routes/search-suggest.tsx'),
    // The generic content page matches any one segment: keep it last, just before the splat.
    route(':page', 'routes/page.tsx'),
    route('*', 'routes/locale-not-found.tsx'),
  ]),
] satisfies RouteConfig;

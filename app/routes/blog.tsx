import { Link } from 'react-router';
import { BlogCategoryNav } from '../components/editorial/blog-category-nav.tsx';
import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { Pager } from '../components/editorial/pager.tsx';
import { PostCard } from '../components/editorial/post-card.tsx';
import { BLOG_PAGE_SIZE, loadBlog } from '../lib/editorial/blog.server.ts';
import { pageParam, paginate } from '../lib/editorial/content-view.ts';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import editorialStyles from '../styles/editorial.css?url';
import type { Route } from './+types/blog';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorialStyles }];
export const handle = { name: 'blog' } satisfies RouteHandle;

// SPEC §2 blog list, paged with ?page=N links.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const url = new URL(request.url);
  const { posts, categories } = await loadBlog(services, locale);
  const slice = paginate(posts, pageParam(url.searchParams.get('page')), BLOG_PAGE_SIZE);
  if (!slice) throw await notFound(services, locale, `Page not found: ${url.pathname}`);
  return { slice, categories, home: `/${locale.segment}` };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  const page = loaderData.slice.page;
  return editorialMeta(matches, `${location.pathname}${page > 1 ? `?page=${page}` : ''}`, {
    title: `Journal${page > 1 ? ` (page ${page})` : ''} | Ridgeline Snowshoe Co.`,
    description: 'Trail notes, gear guides and athlete stories from the Ridgeline team.',
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { slice, categories, home } = loaderData;
  const [lead, ...rest] = slice.items;
  return (
    <div className="container ed-blog">
      <Breadcrumbs
        items={[
          { name: 'Home', href: home },
          { name: t('blog'), href: `${home}/blog` },
        ]}
      />
      <header className="ed-blog__header">
        <h1>{t('blog')}</h1>
        <p className="ed-lede">{t('blog intro')}</p>
      </header>
      <BlogCategoryNav categories={categories} allHref={`${home}/blog`} current={null} />
      {lead && slice.page === 1 ? (
        <div className="ed-blog__lead">
          <PostCard post={lead} />
        </div>
      ) : null}
      <div className="post-grid">
        {(slice.page === 1 ? rest : slice.items).map((post) => (
          <PostCard key={post.uid} post={post} />
        ))}
      </div>
      <Pager page={slice.page} totalPages={slice.totalPages} base={`${home}/blog`} />
      {slice.items.length === 0 ? (
        <p>
          <Link to={home}>{t('go to homepage')}</Link>
        </p>
      ) : null}
    </div>
  );
}

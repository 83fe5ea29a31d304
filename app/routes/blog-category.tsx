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
import type { Route } from './+types/blog-category';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorialStyles }];
export const handle = { name: 'blog-category' } satisfies RouteHandle;

// SPEC §2 blog category: the posts of one category, paged.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const url = new URL(request.url);
  const { posts, categories } = await loadBlog(services, locale);
  const category = categories.find((item) => item.uid === params.uid);
  const slice = category
    ? paginate(
        posts.filter((post) => post.categories.includes(category.uid)),
        pageParam(url.searchParams.get('page')),
        BLOG_PAGE_SIZE,
      )
    : null;
  if (!category || !slice) throw await notFound(services, locale, `Page not found: ${url.pathname}`);
  return { category, categories, slice, home: `/${locale.segment}` };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return editorialMeta(matches, location.pathname, {
    title: `${loaderData.category.title} | Ridgeline Journal`,
    description:
      loaderData.category.description || `${loaderData.category.title} from the Ridgeline Journal.`,
  });
}

export default function BlogCategory({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { category, categories, slice, home } = loaderData;
  return (
    <div className="container ed-blog">
      <Breadcrumbs
        items={[
          { name: 'Home', href: home },
          { name: t('blog'), href: `${home}/blog` },
          { name: category.title, href: category.href },
        ]}
      />
      <header className="ed-blog__header">
        <h1>{category.title}</h1>
        {category.description ? <p className="ed-lede">{category.description}</p> : null}
      </header>
      <BlogCategoryNav categories={categories} allHref={`${home}/blog`} current={category.uid} />
      <div className="post-grid">
        {slice.items.map((post) => (
          <PostCard key={post.uid} post={post} />
        ))}
      </div>
      <Pager page={slice.page} totalPages={slice.totalPages} base={category.href} />
    </div>
  );
}

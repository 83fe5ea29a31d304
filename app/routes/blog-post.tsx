import { Link, useMatches } from 'react-router';
import { type ShareInput, shareLink } from '#core/share-links.ts';
import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { EditorialImage } from '../components/editorial/editorial-image.tsx';
import { PostCard } from '../components/editorial/post-card.tsx';
import { RichText } from '../components/editorial/rich-text.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { ShareMenu, type ShareMenuNetwork } from '../components/share-menu.tsx';
import { loadPost } from '../lib/editorial/blog.server.ts';
import { relatedPosts } from '../lib/editorial/content-view.ts';
import { POST_HERO_SIZES } from '../lib/editorial/image-sizes.ts';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootFacts } from '../lib/seo/page-meta.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import editorialStyles from '../styles/editorial.css?url';
import shareMenuStyles from '../styles/share-menu.css?url';
import type { Route } from './+types/blog-post';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: editorialStyles },
  { rel: 'stylesheet', href: shareMenuStyles },
];
export const handle = { name: 'blog-post' } satisfies RouteHandle;

// A post's share menu: links that work without JavaScript (a popup with it). Network names are brands and stay as
// they are; 'Email' is a word and comes from display text.
const POST_SHARE_NETWORKS = [
  { id: 'facebook', label: 'Facebook' },
  { id: 'x', label: 'X' },
  { id: 'pinterest', label: 'Pinterest' },
  { id: 'linkedin', label: 'LinkedIn' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'email', label: 'Email', text: 'share email' },
] as const satisfies readonly ShareMenuNetwork[];

const shareLinksFor = (input: Omit<ShareInput, 'network'>) =>
  Object.fromEntries(POST_SHARE_NETWORKS.map(({ id }) => [id, shareLink({ ...input, network: id })]));

// SPEC §2 blog post, with a share menu (§3, §4) and related posts.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const found = await loadPost(services, locale, params.uid);
  if (!found) throw await notFound(services, locale, `Page not found: ${new URL(request.url).pathname}`);
  return {
    post: found.post,
    related: relatedPosts(found.post, found.posts, 3),
    home: `/${locale.segment}`,
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return editorialMeta(matches, location.pathname, loaderData?.post.seo, 'article');
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { post, related, home } = loaderData;
  const { origin } = rootFacts(useMatches());
  const url = `${origin}${post.href}`;
  const share = {
    url,
    title: post.title,
    description: post.summary,
    media: post.hero ? `${origin}${post.hero.src}` : '',
    hashtags: 'ridgeline,snowshoeing',
  };
  return (
    <article className="ed-post">
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          datePublished: post.date,
          description: post.summary,
          url,
          ...(post.author ? { author: { '@type': 'Person', name: post.author.name } } : {}),
        }}
      />
      <div className="container ed-post__head">
        <Breadcrumbs
          items={[
            { name: 'Home', href: home },
            { name: t('blog'), href: `${home}/blog` },
            ...(post.category ? [{ name: post.category.title, href: post.category.href }] : []),
            { name: post.title, href: post.href },
          ]}
        />
        {post.category ? (
          <p className="eyebrow">
            <Link to={post.category.href}>{post.category.title}</Link>
          </p>
        ) : null}
        <h1>{post.title}</h1>
        <p className="ed-lede">{post.summary}</p>
        <div className="ed-post__byline">
          <p>
            {post.author ? (
              <>
                <Link to={post.author.href}>{post.author.name}</Link>
                {post.author.role ? `, ${post.author.role}` : ''} ·{' '}
              </>
            ) : null}
            <time dateTime={post.date}>{post.dateText}</time>
          </p>
          <ShareMenu {...share} networks={POST_SHARE_NETWORKS} links={shareLinksFor(share)} copyLink />
        </div>
      </div>
      <div className="container ed-post__hero">
        <EditorialImage image={post.hero} eager className="ed-post__image" sizes={POST_HERO_SIZES} />
      </div>
      <div className="container">
        <RichText html={post.html} className="ed-prose ed-post__body" />
        {post.tags.length > 0 ? (
          <ul className="ed-tags" aria-label={t('tags')}>
            {post.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {related.length > 0 ? (
        <section className="container ed-related" aria-labelledby="related-posts">
          <h2 id="related-posts">{t('related posts')}</h2>
          <div className="post-grid">
            {related.map((item) => (
              <PostCard key={item.uid} post={item} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}

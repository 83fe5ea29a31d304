import { sanitizeRichText } from '#core/rich-text.ts';
import type { Entry } from '#server/content/index.ts';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { categoryView, contentClient, localeOf, localePath, type SeoView, seoOf } from './content.server.ts';
import {
  entryImage,
  firstRef,
  formatDate,
  type ImageView,
  inRegion,
  list,
  refUids,
  text,
} from './content-view.ts';

export const BLOG_PAGE_SIZE = 9;

export interface PostCardView {
  uid: string;
  title: string;
  href: string;
  date: string;
  dateText: string;
  summary: string;
  image: ImageView | null;
  category: { uid: string; title: string; href: string } | null;
  categories: string[];
  tags: string[];
}

export interface PostView extends PostCardView {
  html: string;
  author: { name: string; role: string; href: string } | null;
  seo: SeoView;
  hero: ImageView | null;
}

function postCard(entry: Entry, locale: LocaleState): PostCardView {
  const category = firstRef(entry.category);
  const date = text(entry.date);
  return {
    uid: entry.uid,
    title: text(entry.title),
    href: localePath(locale, `/blog/p/${entry.uid}`),
    date,
    dateText: formatDate(date, locale.language, locale.country),
    summary: text(entry.summary),
    image: entryImage(entry, 640, 400),
    category: category && text(category.title) ? categoryView(category, locale, '/blog') : null,
    categories: refUids(entry.category),
    tags: list(entry.tags).map(text).filter(Boolean),
  };
}

export async function loadBlog(services: Services, locale: LocaleState) {
  const client = contentClient(services);
  const [posts, categories] = await Promise.all([
    client.blogPosts(localeOf(locale)),
    client.blogCategories(localeOf(locale)),
  ]);
  return {
    posts: posts
      .filter((post) => inRegion(post, locale.contentRegion) && text(post.title))
      .map((post) => postCard(post, locale))
      .sort((a, b) => b.date.localeCompare(a.date)),
    categories: categories
      .filter((category) => inRegion(category, locale.contentRegion))
      .map((category) => categoryView(category, locale, '/blog')),
  };
}

export async function loadPost(services: Services, locale: LocaleState, uid: string) {
  const { posts } = await loadBlog(services, locale);
  const entries = await contentClient(services).blogPosts(localeOf(locale));
  const entry = entries.find((post) => post.uid === uid && inRegion(post, locale.contentRegion));
  if (!entry) return null;
  const author = firstRef(entry.author);
  const card = postCard(entry, locale);
  const post: PostView = {
    ...card,
    html: sanitizeRichText(entry.body),
    author:
      author && text(author.title)
        ? { name: text(author.title), role: text(author.role), href: localePath(locale, '/team') }
        : null,
    seo: seoOf(entry, card.title, card.summary),
    hero: entryImage(entry, 1200, 600),
  };
  return { post, posts };
}

// ——— Support ———

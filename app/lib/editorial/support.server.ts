import { sanitizeRichText } from '#core/rich-text.ts';
import type { Entry } from '#server/content/index.ts';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { categoryView, contentClient, localeOf, localePath, seoOf } from './content.server.ts';
import { inRegion, refUids, text } from './content-view.ts';

export interface ArticleCardView {
  uid: string;
  title: string;
  summary: string;
  href: string;
  category: string;
  order: number;
}

function articleCard(entry: Entry, locale: LocaleState): ArticleCardView {
  return {
    uid: entry.uid,
    title: text(entry.title),
    summary: text(entry.summary),
    href: localePath(locale, `/support/${entry.uid}`),
    category: refUids(entry.category)[0] ?? '',
    order: typeof entry.order === 'number' ? entry.order : 99,
  };
}

export async function loadSupport(services: Services, locale: LocaleState) {
  const client = contentClient(services);
  const [articles, categories] = await Promise.all([
    client.supportArticles(localeOf(locale)),
    client.supportCategories(localeOf(locale)),
  ]);
  const cards = articles
    .filter((article) => inRegion(article, locale.contentRegion) && text(article.title))
    .map((article) => articleCard(article, locale))
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
  return {
    articles: cards,
    entries: articles,
    categories: categories
      .filter((category) => inRegion(category, locale.contentRegion))
      .map((category) => ({
        ...categoryView(category, locale, '/support'),
        articles: cards.filter((card) => card.category === category.uid),
      })),
  };
}

export async function loadArticle(services: Services, locale: LocaleState, uid: string) {
  const support = await loadSupport(services, locale);
  const entry = support.entries.find(
    (article) => article.uid === uid && inRegion(article, locale.contentRegion),
  );
  if (!entry) return null;
  const card = articleCard(entry, locale);
  const category = support.categories.find((item) => item.uid === card.category) ?? null;
  return {
    article: {
      ...card,
      html: sanitizeRichText(entry.body),
      seo: seoOf(entry, card.title, card.summary),
    },
    category: category ? { uid: category.uid, title: category.title } : null,
    siblings: (category?.articles ?? []).filter((item) => item.uid !== uid).slice(0, 5),
    categories: support.categories.map(({ articles: _articles, ...rest }) => rest),
  };
}

// ——— Team ———

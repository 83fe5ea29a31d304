/**
 * Loaders' side of the editorial pages: reads content through the content client in the page's content locale
 * (with the service's locale fallback), keeps entries of the visitor's content region, and sanitises every
 * rich-text field before it leaves the server.
 */
import { contentLocaleOf } from '#core/locale.ts';
import { sanitizeRichText } from '#core/rich-text.ts';
import type { Entry } from '#server/content/index.ts';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale-state.ts';
import {
  entryImage,
  firstRef,
  formatDate,
  hoursLines,
  type ImageView,
  imageView,
  inRegion,
  list,
  type Raw,
  record,
  refUids,
  text,
} from './content-view.ts';

export const BLOG_PAGE_SIZE = 9;

export function contentClient(services: Services) {
  return services.content.client;
}

const localeOf = (locale: LocaleState) => contentLocaleOf(locale);
export const localePath = (locale: LocaleState, path = '') => `/${locale.segment}${path}`;

export interface SeoView {
  title: string;
  description: string;
  image: string | null;
}

function seoOf(entry: Raw, fallbackTitle: string, fallbackDescription: string): SeoView {
  const seo = record(entry.seo_meta);
  const og = record(seo.og_image);
  const imageId = text(og.amplience_id) || text(seo.imageset);
  return {
    title: text(seo.seo_title) || `${fallbackTitle} | Ridgeline Snowshoe Co.`,
    description: text(seo.seo_description) || fallbackDescription,
    image: imageId
      ? `/media/i/ridgeline/${encodeURIComponent(imageId)}?w=1200&sm=aspect&aspect=1200:630`
      : null,
  };
}

// ——— Generic, landing and pro pages ———

export interface BannerView {
  title: string;
  content: string;
  image: ImageView | null;
  dark: boolean;
  buttons: Array<{ text: string; href: string; primary: boolean }>;
}

export interface ProductCardView {
  uid: string;
  title: string;
  tagline: string;
  href: string;
  image: ImageView | null;
}

export type ModuleView =
  | { type: 'banner'; banner: BannerView }
  | { type: 'copy'; heading: string; html: string }
  | { type: 'products'; title: string; products: ProductCardView[] };

export interface PageView {
  uid: string;
  kind: 'generic' | 'landing';
  title: string;
  heading: string;
  html: string;
  modules: ModuleView[];
  seo: SeoView;
  extra: Raw;
}

function bannerView(entry: Raw, locale: LocaleState): BannerView {
  const background = record(entry.background);
  return {
    title: text(entry.title),
    content: text(entry.content),
    image: imageView(background.amplience_id, 1440, 560, text(background.alt_text)),
    dark: entry.dark_overlay_on_banner_image === true,
    buttons: list(entry.cta_button_global)
      .map(record)
      .filter((button) => text(button.button_text) && button.disable_link !== true)
      .map((button) => {
        const internal = record(button.internal_link);
        const external = text(button.external_link);
        const href =
          button.type === 'External' && /^https?:\/\//.test(external)
            ? external
            : internalContentHref(locale, text(internal.href), text(internal.content_type));
        return { text: text(button.button_text), href, primary: text(button.button_class) !== 'secondary' };
      }),
  };
}

const PREFIX: Record<string, string> = {
  product: '/p',
  product_category: '/c',
  blog: '/blog/p',
  blog_category: '/blog',
  support: '/support',
  landing_page: '/l',
};

function internalContentHref(locale: LocaleState, href: string, contentType: string): string {
  const path = href.startsWith('/') ? href : `/${href}`;
  const prefix = PREFIX[contentType] ?? '';
  return localePath(locale, path.startsWith(`${prefix}/`) ? path : `${prefix}${path}`);
}

async function productCards(
  services: Services,
  locale: LocaleState,
  uids: readonly string[],
): Promise<ProductCardView[]> {
  const entries = await contentClient(services).productsByUid(uids, localeOf(locale));
  const byUid = new Map(entries.map((entry) => [entry.uid, entry]));
  return uids
    .map((uid) => byUid.get(uid))
    .filter((entry): entry is Entry => Boolean(entry && text(entry.title)))
    .map((entry) => ({
      uid: entry.uid,
      title: text(entry.title),
      tagline: text(entry.tagline),
      href: localePath(locale, `/p/${entry.uid}`),
      image: entryImage(entry, 400, 400),
    }));
}

async function pageView(services: Services, locale: LocaleState, entry: Entry): Promise<PageView> {
  const generic = record(entry.generic_page);
  const landing = record(entry.landing_page);
  const modules: ModuleView[] = [];
  for (const module of list(landing.modules).map(record)) {
    if (module.type === 'banner') {
      const banner = firstRef(module.banner);
      if (banner && text(banner.title)) modules.push({ type: 'banner', banner: bannerView(banner, locale) });
    } else if (module.type === 'copy') {
      modules.push({ type: 'copy', heading: text(module.heading), html: sanitizeRichText(module.body) });
    } else if (module.type === 'product_slider') {
      const products = await productCards(services, locale, refUids(module.products));
      if (products.length > 0) modules.push({ type: 'products', title: text(module.title), products });
    }
  }
  const title = text(entry.title);
  const html = sanitizeRichText(generic.body);
  return {
    uid: entry.uid,
    kind: entry.page_type === 'landing' ? 'landing' : 'generic',
    title,
    heading: text(generic.heading) || title,
    html,
    modules,
    seo: seoOf(
      entry,
      title,
      text(generic.body)
        .replace(/<[^>]+>/g, '')
        .slice(0, 160),
    ),
    extra: entry,
  };
}

/** A content page by its url ('/about'); null when there is none or it is of another kind. */
export async function loadPage(
  services: Services,
  locale: LocaleState,
  url: string,
  kinds: ReadonlyArray<'generic' | 'landing' | 'pro'>,
): Promise<PageView | null> {
  const client = contentClient(services);
  let entry = await client.pageByUrl(url, localeOf(locale));
  if (!entry && localeOf(locale) !== 'en-us') entry = await client.pageByUrl(url, 'en-us');
  if (!entry || entry.page_type === 'home') return null;
  const kind = entry.uid === 'pro' ? 'pro' : entry.page_type === 'landing' ? 'landing' : 'generic';
  if (!kinds.includes(kind)) return null;
  if (!inRegion(entry, locale.contentRegion)) return null;
  return pageView(services, locale, entry);
}

/** A content page by uid (psia, test-store, stores), with the language fallback of §7. */
export async function loadPageByUid(
  services: Services,
  locale: LocaleState,
  uid: string,
): Promise<PageView | null> {
  const [entry] = await contentClient(services).pages([uid], localeOf(locale));
  if (!entry) return null;
  // The page query reads selected fields only; read the whole entry for page-specific fields.
  const full =
    (await contentClient(services).pageByUrl(text(entry.url), text(entry.locale) || localeOf(locale))) ??
    entry;
  return pageView(services, locale, full);
}

// ——— Blog ———

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

export interface CategoryView {
  uid: string;
  title: string;
  description: string;
  href: string;
}

function categoryView(entry: Raw, locale: LocaleState, prefix: '/blog' | '/support'): CategoryView {
  const uid = text(entry.uid);
  return {
    uid,
    title: text(entry.title),
    description: text(entry.description),
    href: localePath(locale, `${prefix}/${uid}`),
  };
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

export interface AthleteView {
  uid: string;
  name: string;
  role: string;
  hometown: string;
  html: string;
  image: ImageView | null;
  gear: Array<{ uid: string; title: string; href: string }>;
  social: Array<{ network: string; href: string }>;
}

export async function loadTeam(services: Services, locale: LocaleState): Promise<AthleteView[]> {
  const client = contentClient(services);
  const athletes = (await client.team(localeOf(locale)))
    .filter((athlete) => inRegion(athlete, locale.contentRegion) && text(athlete.title))
    .sort((a, b) => Number(a.order ?? 99) - Number(b.order ?? 99));
  const gearUids = [...new Set(athletes.flatMap((athlete) => refUids(athlete.favourite_gear)))];
  const products = await client.productsByUid(gearUids, localeOf(locale), ['title', 'url']);
  const titles = new Map(products.map((product) => [product.uid, text(product.title)]));
  return athletes.map((athlete) => ({
    uid: athlete.uid,
    name: text(athlete.title),
    role: text(athlete.role),
    hometown: text(athlete.hometown),
    html: sanitizeRichText(athlete.bio),
    image: entryImage(athlete, 480, 480),
    gear: refUids(athlete.favourite_gear)
      .filter((uid) => titles.get(uid))
      .map((uid) => ({ uid, title: titles.get(uid) ?? uid, href: localePath(locale, `/p/${uid}`) })),
    social: Object.entries(record(athlete.social))
      .filter(([, href]) => /^https:\/\//.test(text(href)))
      .map(([network, href]) => ({ network, href: text(href) })),
  }));
}

export { hoursLines };

// ——— Product safety and information (psia) and demo days (test-store) ———

export async function loadPsia(services: Services, locale: LocaleState) {
  const page = await loadPageByUid(services, locale, 'psia');
  if (!page) return null;
  const { extra, ...view } = page;
  return {
    page: view,
    notices: list(extra.safety_notices)
      .map(record)
      .filter((notice) => text(notice.title))
      .map((notice) => ({
        title: text(notice.title),
        date: text(notice.date),
        dateText: formatDate(text(notice.date), locale.language, locale.country),
        resolved: notice.status === 'resolved',
        products: text(notice.products),
        html: sanitizeRichText(notice.body),
      })),
    sections: list(extra.info_sections)
      .map(record)
      .filter((section) => text(section.heading))
      .map((section) => ({ heading: text(section.heading), html: sanitizeRichText(section.body) })),
  };
}

export interface DemoEventView {
  uid: string;
  title: string;
  date: string;
  dateText: string;
  time: string;
  city: string;
  dealer: string;
  capacity: number;
  description: string;
}

export async function loadTestStore(services: Services, locale: LocaleState) {
  const page = await loadPageByUid(services, locale, 'test-store');
  if (!page) return null;
  const { extra, ...view } = page;
  const dealers = await contentClient(services).dealers(localeOf(locale));
  const dealerName = new Map(dealers.map((dealer) => [dealer.uid, text(dealer.title)]));
  const events: DemoEventView[] = list(extra.events)
    .map(record)
    .filter((event) => text(event.uid) && text(event.title))
    .map((event) => ({
      uid: text(event.uid),
      title: text(event.title),
      date: text(event.date),
      dateText: formatDate(text(event.date), locale.language, locale.country),
      time: [text(event.start_time), text(event.end_time)].filter(Boolean).join('–'),
      city: text(event.city),
      dealer: dealerName.get(refUids(event.dealer)[0] ?? '') ?? '',
      capacity: typeof event.capacity === 'number' ? event.capacity : 0,
      description: text(event.description),
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return { page: view, events };
}

/** Dealers as the store locator reads them (address, coordinates, services, hours). */
export async function loadDealerEntries(services: Services, locale: LocaleState): Promise<Entry[]> {
  return (await contentClient(services).dealers(localeOf(locale))).filter((dealer) =>
    inRegion(dealer, locale.contentRegion),
  );
}

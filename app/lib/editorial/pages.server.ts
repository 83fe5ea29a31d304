import { sanitizeRichText } from '#core/rich-text.ts';
import type { Entry } from '#server/content/index.ts';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { contentClient, localeOf, localePath, type SeoView, seoOf } from './content.server.ts';
import {
  entryImage,
  firstRef,
  type ImageView,
  imageView,
  inRegion,
  list,
  type Raw,
  record,
  refUids,
  text,
} from './content-view.ts';

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

export function bannerView(entry: Raw, locale: LocaleState): BannerView {
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

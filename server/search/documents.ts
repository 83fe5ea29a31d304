/**
 * What the search index holds (SPEC §7 hosted search): products (content + commerce: title, tagline,
 * description, category, colours, price per commerce region, region availability), blog posts, support
 * articles and content pages, one document per content locale. Built from the content client and the
 * `Commerce` port (read-only), so the index follows whichever content and commerce services are configured.
 */
import { createHash } from 'node:crypto';
import { CONTENT_REGIONS } from '#core/content-region.ts';
import { productImageIdOf } from '#core/product-image.ts';
import type { Commerce, ProductJson } from '../commerce/index.ts';
import type { ContentClient, Entry } from '../content/index.ts';
import { configFor, hasCjk, ngramText, plainText, SEARCH_LOCALES, words } from './text.ts';

/** Bumped whenever what a row holds changes (e.g. the locale lexeme of format 2). */
export const INDEX_FORMAT = 2;

export type DocumentType = 'product' | 'blog' | 'support' | 'page';

export interface IndexDocument {
  locale: string;
  id: string;
  type: DocumentType;
  title: string;
  category: string | null;
  colours: string[];
  regions: string[];
  priceUs: number | null;
  priceCa: number | null;
  priceEu: number | null;
  date: string | null;
  rank: number;
  /** What results return raw. */
  fields: Record<string, unknown>;
  /**
   * Text for the weighted vector: A title, B tagline/category/colours, C body and the aliases: a product's
   * English name and category names in every other locale, so an English model name typed on /sv-se still
   * finds the product whose Swedish name it is part of, below the products named in the shopper's language.
   */
  config: string;
  titleText: string;
  extraText: string;
  bodyText: string;
  aliasText: string;
  hash: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const regionsOf = (entry: Entry | undefined) =>
  entry && Array.isArray(entry.regions) ? (entry.regions as unknown[]).map(String) : [...CONTENT_REGIONS];
const firstRef = (value: unknown) => record(Array.isArray(value) ? value[0] : value);

function finish(
  doc: Omit<IndexDocument, 'hash' | 'config' | 'titleText' | 'extraText' | 'bodyText' | 'aliasText'>,
  parts: {
    title: string;
    extra: string;
    body: string;
    alias?: string;
  },
): IndexDocument {
  const ja = doc.locale === 'ja' || hasCjk(parts.title);
  const prepare = (value: string) => (ja ? ngramText(value) : value);
  const built = {
    ...doc,
    config: configFor(doc.locale),
    titleText: prepare(parts.title),
    extraText: prepare(parts.extra),
    bodyText: prepare(parts.body.slice(0, 4000)),
    aliasText: prepare(parts.alias ?? ''),
  };
  // The index format version is part of the hash: a new format rewrites every document once.
  const hash = createHash('sha1')
    .update(`${INDEX_FORMAT}|${JSON.stringify(built)}`)
    .digest('base64url');
  return { ...built, hash };
}

interface CommerceFacts {
  product: ProductJson;
  prices: Partial<Record<'us' | 'ca' | 'eu_region_1', number>>;
  currency: Partial<Record<'us' | 'ca' | 'eu_region_1', string>>;
  /** Its sizes cost different prices in that region (decision 0042): results read "From …" as tiles do. */
  varies: Partial<Record<'us' | 'ca' | 'eu_region_1', boolean>>;
}

/** Products read before the count is known: the demo store's catalogue in one read. */
const FIRST_READ = 500;

/**
 * Every visible product with its shown (calculated) price in each commerce region where it is sold; with `ids`,
 * only those products.
 */
export async function commerceFacts(
  commerce: Commerce,
  ids?: readonly number[],
): Promise<Map<number, CommerceFacts>> {
  const facts = new Map<number, CommerceFacts>();
  // Regions are read side by side (PostgreSQL answers them in parallel), then merged in region order.
  const regions = commerce.regionIds as readonly ('us' | 'ca' | 'eu_region_1')[];
  const perRegion = await Promise.all(
    regions.map(async (region) => {
      const pricing = await commerce.groups.pricing(region, null);
      if (ids) {
        const limit = Math.max(1, ids.length);
        return (await commerce.catalogue.listProducts(pricing, { ids: [...ids], page: 1, limit })).data;
      }
      // The whole list in one read: a page of 250 cost nearly what the whole list does (each read orders and
      // counts every product), so reading page by page grew with the square of the catalogue (10,000 products:
      // 41 pages of ~180 ms a region; 50,000: 933 s for the documents). The first read learns the count.
      const first = await commerce.catalogue.listProducts(pricing, { page: 1, limit: FIRST_READ });
      if (first.pagination.total <= first.data.length) return first.data;
      return (await commerce.catalogue.listProducts(pricing, { page: 1, limit: first.pagination.total }))
        .data;
    }),
  );
  for (const [index, region] of regions.entries()) {
    for (const product of perRegion[index] ?? []) {
      if (product.availability === 'disabled') continue;
      const entry = facts.get(product.id) ?? { product, prices: {}, currency: {}, varies: {} };
      entry.prices[region] = product.calculated_price;
      entry.currency[region] = product.currency;
      if (product.price_varies) entry.varies[region] = true;
      facts.set(product.id, entry);
    }
  }
  return facts;
}

export interface BuildInput {
  content: ContentClient;
  commerce: Commerce | null;
  /** Commerce facts already read (when the catalogue has not changed since); read from `commerce` if absent. */
  catalogue?: CatalogueFacts;
  locales?: readonly string[];
  /** Build only these products' documents (their price changed), and no content document. */
  products?: ReadonlySet<number>;
}

/** All documents of the index, for every locale. */
/** What products' documents take from commerce: facts per product and each category's path. */
export interface CatalogueFacts {
  facts: Map<number, CommerceFacts>;
  categoryPath: Map<number, string>;
  /** The catalogue's own (English) name of each category, by path. */
  categoryName?: Map<string, string>;
}

export async function readCatalogue(
  commerce: Commerce | null,
  ids?: readonly number[],
): Promise<CatalogueFacts> {
  if (!commerce) return { facts: new Map(), categoryPath: new Map(), categoryName: new Map() };
  const [facts, categories] = await Promise.all([
    commerceFacts(commerce, ids),
    commerce.catalogue.listCategories(1, 500),
  ]);
  return {
    facts,
    categoryPath: new Map(categories.data.map((category) => [category.id, category.path])),
    categoryName: new Map(categories.data.map((category) => [category.path, category.name])),
  };
}

export async function buildDocuments(input: BuildInput): Promise<IndexDocument[]> {
  const { content, products: only } = input;
  const { facts, categoryPath, categoryName } = input.catalogue ?? (await readCatalogue(input.commerce));
  const docs: IndexDocument[] = [];
  const none = async () => [] as Entry[];
  for (const locale of input.locales ?? SEARCH_LOCALES) {
    const [products, categories, posts, articles, pages] = await Promise.all([
      content.allEntries('product', { locale }, 0).catch(() => [] as Entry[]),
      content.productCategories(locale),
      only ? none() : content.blogPosts(locale),
      only ? none() : content.supportArticles(locale),
      only ? none() : content.allEntries('page', { locale }, 0).catch(() => [] as Entry[]),
    ]);
    const productBySlug = new Map(products.map((entry) => [entry.uid, entry]));
    const categoryTitle = new Map(categories.map((entry) => [entry.uid, text(entry.title)]));
    for (const { product, prices, currency, varies } of facts.values()) {
      if (only && !only.has(product.id)) continue;
      const entry = productBySlug.get(product.slug);
      if (entry?.discontinued === true) continue;
      const path = categoryPath.get(product.categories[0] ?? -1) ?? '';
      const category = categoryTitle.get(path.replace(/\//g, '-')) || path.split('/').pop() || null;
      const parent = categoryTitle.get(path.split('/')[0] ?? '') || path.split('/')[0] || '';
      const colours = product.product_options
        .filter((option) => /colou?r/i.test(option.name) || /colou?r/i.test(option.displayName))
        .flatMap((option) => option.values.map((value) => value.label));
      const title = text(entry?.title) || product.name;
      const tagline = text(entry?.tagline);
      const description = plainText(text(entry?.description) || product.description);
      // The product's own image (core/product-image.ts), then the one an editor gave its content entry.
      const colourValues = product.product_options.find(
        (option) => /colou?r/i.test(option.name) || /colou?r/i.test(option.displayName),
      )?.values;
      const image =
        productImageIdOf(product, colourValues) ?? (text(record(entry?.image).amplience_id) || null);
      docs.push(
        finish(
          {
            locale,
            id: `product-${product.slug}`,
            type: 'product',
            title,
            category,
            colours,
            regions: regionsOf(entry),
            priceUs: prices.us ?? null,
            priceCa: prices.ca ?? null,
            priceEu: prices.eu_region_1 ?? null,
            date: null,
            rank: product.isNew ? 0 : 1,
            fields: {
              uid: product.slug,
              title,
              tagline,
              description: description.slice(0, 600),
              category,
              category_path: path,
              colours,
              url: `/p/${product.slug}`,
              image,
              price_us: prices.us ?? null,
              price_ca: prices.ca ?? null,
              price_eu_region_1: prices.eu_region_1 ?? null,
              currency,
              price_varies: varies,
              is_new: product.isNew,
              in_stock: product.isInStock,
            },
          },
          {
            title,
            extra: [tagline, category, parent, colours.join(' ')].join(' '),
            body: description,
            alias: locale === 'en-us' ? '' : englishNames(product.name, path, categoryName),
          },
        ),
      );
    }
    for (const post of posts) {
      if (!text(post.title)) continue;
      const category = firstRef(post.category);
      const image = text(record(post.image).amplience_id) || null;
      const summary = text(post.summary);
      const body = plainText(text(post.body));
      docs.push(
        finish(
          {
            locale,
            id: `blog-${post.uid}`,
            type: 'blog',
            title: text(post.title),
            category: text(category.title) || null,
            colours: [],
            regions: regionsOf(post),
            priceUs: null,
            priceCa: null,
            priceEu: null,
            date: text(post.date) || null,
            rank: 2,
            fields: {
              uid: post.uid,
              title: text(post.title),
              tagline: summary,
              description: `${summary} ${body}`.slice(0, 600),
              category: text(category.title) || null,
              url: `/blog/p/${post.uid}`,
              image,
              date: text(post.date) || null,
            },
          },
          {
            title: text(post.title),
            extra: [
              summary,
              text(category.title),
              ...(Array.isArray(post.tags) ? post.tags.map(String) : []),
            ].join(' '),
            body,
          },
        ),
      );
    }
    for (const article of articles) {
      if (!text(article.title)) continue;
      const category = firstRef(article.category);
      const summary = text(article.summary);
      const body = plainText(text(article.body));
      docs.push(
        finish(
          {
            locale,
            id: `support-${article.uid}`,
            type: 'support',
            title: text(article.title),
            category: text(category.title) || null,
            colours: [],
            regions: regionsOf(article),
            priceUs: null,
            priceCa: null,
            priceEu: null,
            date: null,
            rank: 3,
            fields: {
              uid: article.uid,
              title: text(article.title),
              tagline: summary,
              description: `${summary} ${body}`.slice(0, 600),
              category: text(category.title) || null,
              url: `/support/${article.uid}`,
              image: null,
            },
          },
          { title: text(article.title), extra: [summary, text(category.title)].join(' '), body },
        ),
      );
    }
    for (const page of pages) {
      if (!text(page.title) || page.page_type === 'home' || !text(page.url)) continue;
      const generic = record(page.generic_page);
      const landing = record(page.landing_page);
      const modules = Array.isArray(landing.modules) ? landing.modules.map(record) : [];
      const body = plainText(
        [text(generic.body), ...modules.map((module) => `${text(module.heading)} ${text(module.body)}`)].join(
          ' ',
        ),
      );
      const seo = record(page.seo_meta);
      const url = page.page_type === 'landing' && page.uid !== 'pro' ? `/l${text(page.url)}` : text(page.url);
      docs.push(
        finish(
          {
            locale,
            id: `page-${page.uid}`,
            type: 'page',
            title: text(generic.heading) || text(page.title),
            category: null,
            colours: [],
            regions: regionsOf(page),
            priceUs: null,
            priceCa: null,
            priceEu: null,
            date: null,
            rank: 4,
            fields: {
              uid: page.uid,
              title: text(generic.heading) || text(page.title),
              tagline: text(seo.seo_description),
              description: body.slice(0, 600),
              category: null,
              url,
              image: text(record(seo.og_image).amplience_id) || null,
            },
          },
          { title: text(page.title), extra: text(seo.seo_description), body },
        ),
      );
    }
  }
  return docs;
}

/** A product's catalogue (English) name with its category path's names: what another locale indexes as aliases. */
function englishNames(name: string, path: string, categoryName: Map<string, string> | undefined): string {
  const segments = path ? path.split('/') : [];
  const paths = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  return [name, ...paths.map((each) => categoryName?.get(each) ?? '')].filter(Boolean).join(' ');
}

/**
 * Known words of a locale's documents with their document counts: title, tagline, category and colour words
 * (typo tolerance, did-you-mean and prefix suggestions). Japanese keeps whole titles and categories.
 */
export function vocabularyOf(docs: readonly IndexDocument[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const doc of docs) {
    const seen = new Set<string>();
    const source = [
      doc.title,
      String(doc.fields.tagline ?? ''),
      doc.category ?? '',
      doc.colours.join(' '),
      doc.aliasText,
    ];
    for (const part of source) {
      if (hasCjk(part)) {
        const phrase = part.trim().toLowerCase();
        if (phrase && phrase.length <= 40) seen.add(phrase);
      }
      for (const word of words(part))
        if (word.length > 1 && word.length <= 40 && !hasCjk(word)) seen.add(word);
    }
    for (const word of seen) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

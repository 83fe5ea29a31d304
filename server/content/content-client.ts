/**
 * The storefront's content client (SPEC §7 content queries, §8 failures, §9 client constants): one piece of code
 * for the built-in content service and the hosted one. Every query filters by locale with fallback, reads 100
 * entries a page until all are read, and on failure logs and returns its default (an empty list where a list was
 * asked) — except category groups, which log and rethrow.
 */
import { DEFAULT_REGIONS, type RegionEntry } from '#core/content-region.ts';
import { DISPLAY_TEXT_DEFAULTS, type DisplayText } from '#core/display-text-defaults.ts';
import {
  type CachePolicyValue,
  ContentServiceError,
  createDeliveryClient,
  DELIVERY_DEFAULTS,
  type DeliveryClient,
  type DeliveryClientOptions,
  type FetchLike,
  type RequestParams,
} from './delivery-client.ts';

export const PAGE_SIZE = 100;

/** §7 product fields read by uid lists. */
export const PRODUCT_FIELDS = [
  'description',
  'image',
  'price_range',
  'prices',
  'seo_meta',
  'tagline',
  'title',
  'url',
] as const;

/** §7 page entry fields. */
export const PAGE_FIELDS = ['generic_page', 'landing_page', 'seo_meta', 'title', 'url'] as const;

export interface ContentLogger {
  info?(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ContentClientOptions extends DeliveryClientOptions {
  logger?: ContentLogger;
  /** Where `/api/interstack/references` answers, and how to reach it (default: global fetch). */
  referencesUrl?: string;
  referencesFetch?: FetchLike;
  defaultLocale?: string;
}

export type Entry = Record<string, unknown> & { uid: string; title?: string; locale?: string };

export interface HeaderContent {
  main_nav: Entry[];
  top_alert: Entry[];
  secondary_nav: unknown;
  [key: string]: unknown;
}

export interface BrandSettings {
  title: string;
  site_url: string;
  display_name: string;
  brand_logo?: unknown;
  amplience_brand_alias: string;
  seo?: Record<string, unknown>;
  social_media?: unknown[];
  contact?: {
    phone?: string;
    email?: string;
    address?: {
      street_address?: string;
      city?: string;
      state?: string;
      postal_code?: string;
      country?: string;
    };
    hours_of_operation?: Array<{ days_of_week: string; opening_time: string; closing_time: string }>;
  };
  shopping: boolean;
  site_search: boolean;
  automate_related_products: boolean;
  enable_product_data_refactor: boolean;
  [key: string]: unknown;
}

/** §8: brand settings that remain when the content cannot be read. */
export const DEFAULT_BRAND_SETTINGS: BrandSettings = {
  title: 'Ridgeline',
  site_url: 'http://localhost:3000',
  display_name: 'Ridgeline Snowshoe Co.',
  amplience_brand_alias: 'ridgeline',
  shopping: true,
  site_search: true,
  automate_related_products: true,
  enable_product_data_refactor: false,
};

export interface ProductAttributeFilter {
  attribute: string;
  values: readonly string[];
}

export interface ProductsByCategoryInput {
  /** Commerce category ids to match with `$in`. */
  bcCategoryIds: ReadonlyArray<string | number>;
  bcRegion: string;
  excludeUid?: string | null;
  attributes?: readonly ProductAttributeFilter[];
  locale?: string;
}

export function createContentClient(options: ContentClientOptions) {
  const delivery: DeliveryClient = createDeliveryClient(options);
  const defaultLocale = options.defaultLocale ?? DELIVERY_DEFAULTS.locale;
  const logger = options.logger;
  const loc = (locale?: string | null) => (locale || defaultLocale).toLowerCase();

  const logFailure = (what: string, error: unknown) => {
    const detail =
      error instanceof ContentServiceError
        ? { error_message: error.error_message, error_code: error.error_code, status: error.status }
        : { err: error };
    logger?.error({ ...detail, query: what }, `Content - ${what} failed`);
  };

  /** A page of entries. */
  async function entries(
    contentType: string,
    params: RequestParams = {},
    policy?: CachePolicyValue,
  ): Promise<{ entries: Entry[]; count?: number }> {
    return delivery.request(
      `/content_types/${encodeURIComponent(contentType)}/entries`,
      { include_fallback: true, ...params, locale: loc(params.locale) },
      policy,
    );
  }

  /** Every entry of a query, 100 a page until all are read (§7, §9 content page size). */
  async function allEntries(
    contentType: string,
    params: RequestParams = {},
    policy?: CachePolicyValue,
  ): Promise<Entry[]> {
    const all: Entry[] = [];
    for (let skip = 0; ; skip += PAGE_SIZE) {
      const page = await entries(
        contentType,
        { ...params, skip, limit: PAGE_SIZE, include_count: true },
        policy,
      );
      all.push(...page.entries);
      const total = page.count ?? 0;
      if (page.entries.length < PAGE_SIZE || all.length >= total) return all;
    }
  }

  async function entry(
    contentType: string,
    uid: string,
    params: RequestParams = {},
    policy?: CachePolicyValue,
  ): Promise<Entry> {
    const body = await delivery.request<{ entry: Entry }>(
      `/content_types/${encodeURIComponent(contentType)}/entries/${encodeURIComponent(uid)}`,
      { include_fallback: true, ...params, locale: loc(params.locale) },
      policy,
    );
    return body.entry;
  }

  /** Runs a query; on failure logs and returns the fallback (§8). */
  async function guarded<T>(what: string, fallback: T, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      logFailure(what, error);
      return fallback;
    }
  }

  const listOf = (what: string, contentType: string, params: RequestParams = {}) =>
    guarded<Entry[]>(what, [], () => allEntries(contentType, params));

  const regionMatches = (item: Entry, region?: string | null) =>
    !region || !Array.isArray(item.regions) || (item.regions as unknown[]).includes(region);

  return {
    delivery,
    entries,
    allEntries,
    entry,

    /**
     * §7 header by language with main_nav, top_alert and main_nav.link.banner; the first result is used. With a
     * content region, navigation and alerts are kept for that region (§8 'Header - No Region Match' when none).
     */
    async header(locale?: string, contentRegion?: string | null): Promise<HeaderContent | null> {
      return guarded('Header', null, async () => {
        const page = await entries('header', {
          locale,
          include: ['main_nav', 'top_alert', 'main_nav.link.banner'],
          limit: 1,
        });
        const first = page.entries[0];
        if (!first) {
          logger?.warn({ locale: loc(locale) }, 'Header - No Results');
          return null;
        }
        const mainNav = (Array.isArray(first.main_nav) ? first.main_nav : []) as Entry[];
        const topAlert = (Array.isArray(first.top_alert) ? first.top_alert : []) as Entry[];
        const nav = mainNav.filter((item) => regionMatches(item, contentRegion));
        const alerts = topAlert.filter((item) => regionMatches(item, contentRegion));
        if (contentRegion && mainNav.length > 0 && nav.length === 0) {
          logger?.warn({ locale: loc(locale), region: contentRegion }, 'Header - No Region Match');
        }
        return { ...first, main_nav: nav, top_alert: alerts, secondary_nav: first.secondary_nav ?? null };
      });
    },

    /** §7 regions (region_id and countries); the §9 region groups remain on failure. */
    async regions(): Promise<RegionEntry[]> {
      return guarded<RegionEntry[]>('Regions', [...DEFAULT_REGIONS], async () => {
        const list = await allEntries('regions', { locale: defaultLocale });
        const regions = list
          .filter((item) => typeof item.region_id === 'string')
          .map((item) => ({
            region_id: item.region_id as string,
            countries: Array.isArray(item.countries) ? (item.countries as unknown[]).map(String) : [],
          }));
        return regions.length > 0 ? regions : [...DEFAULT_REGIONS];
      });
    },

    async brandSettings(locale?: string): Promise<BrandSettings> {
      return guarded('Brand settings', DEFAULT_BRAND_SETTINGS, async () => {
        const page = await entries('brand_settings', { locale, limit: 1 });
        return { ...DEFAULT_BRAND_SETTINGS, ...(page.entries[0] ?? {}) } as BrandSettings;
      });
    },

    async emailSignupSettings(locale?: string, contentRegion?: string | null): Promise<Entry | null> {
      return guarded('Email signup settings', null, async () => {
        const list = await allEntries('email_signup_settings', { locale });
        return list.find((item) => regionMatches(item, contentRegion)) ?? list[0] ?? null;
      });
    },

    /** §3 display text keyed by lower-cased title, over the English defaults. */
    async displayText(locale?: string): Promise<DisplayText> {
      const defaults = { ...DISPLAY_TEXT_DEFAULTS } as DisplayText;
      return guarded('Display text', defaults, async () => {
        const list = await allEntries('display_text', { locale, only: ['title', 'text'] });
        const merged: DisplayText = { ...defaults };
        for (const item of list) {
          if (typeof item.title === 'string' && typeof item.text === 'string' && item.text.trim() !== '') {
            merged[item.title.toLowerCase()] = item.text;
          }
        }
        return merged;
      });
    },

    /** §7 duplicate display text through `/api/interstack/references`. */
    async duplicateDisplayText(entryUids: readonly string[], locale?: string): Promise<Entry[]> {
      if (entryUids.length === 0) return [];
      return guarded<Entry[]>('Duplicate display text', [], async () => {
        const url = new URL(
          options.referencesUrl ?? '/api/interstack/references',
          'http://ridgeline.internal',
        );
        url.searchParams.set('content_type', 'duplicate_display_text');
        url.searchParams.set('api_key', options.apiKey);
        url.searchParams.set('entry_uids', entryUids.join(','));
        url.searchParams.set('locale', loc(locale));
        const target = options.referencesUrl?.startsWith('http')
          ? url.toString()
          : `${url.pathname}${url.search}`;
        const response = await (options.referencesFetch ?? ((i, init) => fetch(i, init)))(target, {
          headers: { accept: 'application/json' },
        });
        if (!response.ok) {
          throw new ContentServiceError({
            error_message: `Request failed with status code ${response.status}`,
            status: response.status,
          });
        }
        const body = (await response.json()) as { entries?: Entry[] };
        return body.entries ?? [];
      });
    },

    async searchContent(locale?: string): Promise<Entry | null> {
      return guarded('Search', null, async () => {
        const page = await entries('search', { locale, include: ['main_menu', 'sidebar_menu'], limit: 1 });
        return page.entries[0] ?? null;
      });
    },

    async productCategories(locale?: string): Promise<Entry[]> {
      return listOf('Product categories', 'product_category', { locale });
    },

    async productCategoryByUrl(url: string, locale?: string): Promise<Entry | null> {
      return guarded('Product category', null, async () => {
        const page = await entries('product_category', { locale, query: { url }, limit: 1 });
        return page.entries[0] ?? null;
      });
    },

    /** §8: category group loading logs and rethrows. */
    async categoryGroups(locale?: string): Promise<Entry[]> {
      try {
        return await allEntries('category_groups', {
          locale,
          include: ['parent_category', 'categories.category'],
        });
      } catch (error) {
        logFailure('Category groups', error);
        throw error;
      }
    },

    /** §7 products by uid list with the product field list. */
    async productsByUid(
      uids: readonly string[],
      locale?: string,
      fields: readonly string[] = PRODUCT_FIELDS,
    ): Promise<Entry[]> {
      if (uids.length === 0) return [];
      return listOf('Products', 'product', { locale, query: { uid: { $in: [...uids] } }, only: [...fields] });
    },

    async productByUid(uid: string, locale?: string): Promise<Entry | null> {
      return guarded('Product', null, async () => {
        const page = await entries('product', {
          locale,
          query: { uid },
          include: ['product_category', 'related_products'],
          limit: 1,
        });
        return page.entries[0] ?? null;
      });
    },

    /**
     * §7 page entries by OR of uids. Outside en-us, a page missing in the language is read from the default
     * language.
     */
    async pages(uids: readonly string[], locale?: string): Promise<Entry[]> {
      if (uids.length === 0) return [];
      return guarded<Entry[]>('Pages', [], async () => {
        const query = { $or: uids.map((uid) => ({ uid })) };
        const params = { query, only: [...PAGE_FIELDS], include: ['landing_page.modules.banner'] };
        const found = await allEntries('page', { ...params, locale });
        if (loc(locale) === defaultLocale) return found;
        const missing = uids.filter((uid) => !found.some((page) => page.uid === uid));
        if (missing.length === 0) return found;
        const fallback = await allEntries('page', {
          ...params,
          query: { $or: missing.map((uid) => ({ uid })) },
          locale: defaultLocale,
        });
        return [...found, ...fallback];
      });
    },

    async pageByUrl(url: string, locale?: string): Promise<Entry | null> {
      return guarded('Page', null, async () => {
        const page = await entries('page', {
          locale,
          query: { url },
          include: ['landing_page.modules.banner'],
          limit: 1,
        });
        return page.entries[0] ?? null;
      });
    },

    async hideProductAttributes(locale?: string): Promise<Entry[]> {
      return listOf('Hide product attributes', 'hide_product_attributes', { locale });
    },
    async automatedRelatedProductsConfig(locale?: string): Promise<Entry[]> {
      return listOf('Automated related products config', 'automated_related_products_config', {
        locale,
        include: ['categories.category'],
      });
    },
    async manageProductAttributes(locale?: string): Promise<Entry[]> {
      return listOf('Manage product attributes', 'manage_product_attributes', { locale });
    },
    async categoryProductAddOnConfig(locale?: string): Promise<Entry[]> {
      return listOf('Category product add-on config', 'category_product_add_on_config', {
        locale,
        include: ['product_category', 'product_add_on_config.products'],
      });
    },

    /** §7 the error page entry by locale, with its banner and products; for a region when one is given. */
    async errorPage(locale?: string, contentRegion?: string | null): Promise<Entry | null> {
      return guarded('Error page', null, async () => {
        const list = await allEntries('error_page', { locale, include: ['banner', 'products'] });
        return (
          list.find(
            (item) => contentRegion && regionMatches(item, contentRegion) && Array.isArray(item.regions),
          ) ??
          list[0] ??
          null
        );
      });
    },

    /**
     * §7 products by category: `$in` on the commerce categories of the region, excluding the current uid, with
     * attribute filters (each attribute must match one of its values).
     */
    async productsByCategory(input: ProductsByCategoryInput): Promise<Entry[]> {
      if (input.bcCategoryIds.length === 0) return [];
      const and: Record<string, unknown>[] = [
        { [`bc_categories.${input.bcRegion}`]: { $in: input.bcCategoryIds.map(Number) } },
      ];
      if (input.excludeUid) and.push({ uid: { $ne: input.excludeUid } });
      for (const filter of input.attributes ?? []) {
        if (filter.values.length > 0)
          and.push({ [`product_attributes.${filter.attribute}`]: { $in: [...filter.values] } });
      }
      return listOf('Products by category', 'product', { locale: input.locale, query: { $and: and } });
    },

    async colorGroups(locale?: string): Promise<Entry[]> {
      return listOf('Colour groups', 'color_groups', { locale });
    },
    async blogPosts(locale?: string): Promise<Entry[]> {
      return listOf('Blog posts', 'blog', { locale, include: ['category', 'author'], desc: 'date' });
    },
    async blogCategories(locale?: string): Promise<Entry[]> {
      return listOf('Blog categories', 'blog_category', { locale });
    },
    async supportArticles(locale?: string): Promise<Entry[]> {
      return listOf('Support articles', 'support', { locale, include: ['category'] });
    },
    async supportCategories(locale?: string): Promise<Entry[]> {
      return listOf('Support categories', 'support_category', { locale });
    },
    async team(locale?: string): Promise<Entry[]> {
      return listOf('Team', 'team', { locale });
    },
    async dealers(locale?: string): Promise<Entry[]> {
      return listOf('Dealers', 'dealer', { locale });
    },
  };
}

export type ContentClient = ReturnType<typeof createContentClient>;

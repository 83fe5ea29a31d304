import {
  type CompareRefusal,
  type CompareRow,
  chooseCompared,
  compareRows,
  readCompareSlugs,
} from '#core/compare.ts';
import { fromKg, weightUnitFor } from '#core/fit-finder.ts';
import { reviewSummary } from '#core/reviews.ts';
import type { Shopper } from '../catalogue/catalogue.server.ts';
import { translator } from '../catalogue/fit-finder.server.ts';
import type { PriceView } from '../catalogue/price.ts';
import { loadProductPage } from '../catalogue/product.server.ts';
import { tileView } from '../catalogue/tile.ts';

/**
 * The compare page's data (issue 45, decision 0049): the products named in the URL, looked up as their own pages
 * look them up (so a product hidden in this region is not compared either), chosen by core/compare.ts, and their
 * rows phrased in the page's language: the content's specs, the sizes, the chart's load per size and the rating.
 */

export interface CompareVariant {
  id: number;
  label: string;
  inStock: boolean;
}

export interface CompareColumn {
  slug: string;
  productId: number;
  title: string;
  href: string;
  imageId: string | null;
  /** As its tile shows it: the region's currency, sale, "From" when variants differ. */
  price: PriceView | null;
  contentPrice: string | null;
  inStock: boolean;
  sellable: boolean;
  variants: CompareVariant[];
}

export interface ComparePageData {
  slugs: string[];
  columns: CompareColumn[];
  rows: CompareRow[];
  /** Why the products asked for but not shown are left out, one sentence each, in the page's language. */
  notices: string[];
  /** Where to choose products: the first product's category page, else the store's front. */
  backHref: string;
}

type Found = NonNullable<Extract<Awaited<ReturnType<typeof loadProductPage>>, { kind: 'ok' }>>;

const NOTICE_KEYS: Record<CompareRefusal['kind'], string> = {
  'too-many': 'compare too many',
  'other-category': 'compare other category',
  unknown: 'compare unknown',
};

export async function loadCompare(shopper: Shopper, url: URL): Promise<ComparePageData> {
  // More than the limit is looked up so the refusal can name them; a URL with many more is cut short.
  const slugs = readCompareSlugs(url.searchParams.getAll('p')).slice(0, 6);
  const loaded = await Promise.all(slugs.map((slug) => loadProductPage(shopper, slug, url)));
  const { chosen, refused } = chooseCompared(
    loaded.map((result, index) => {
      const found = result.kind === 'ok' ? result : null;
      return { slug: slugs[index]!, category: found?.category.path ?? null, product: found };
    }),
  );
  const ids = chosen.map((entry) => entry.product.product.id);
  const services = shopper.services;
  const [t, charts, reviews] = await Promise.all([
    translator(shopper),
    services.commerce.fitCharts.chartsOf(ids),
    Promise.all(ids.map((id) => services.commerce.reviews.shown(id))),
  ]);
  const segment = shopper.locale.segment;
  const unit = weightUnitFor(segment);
  const number = new Intl.NumberFormat(segment, { maximumFractionDigits: 1 });
  const ratingNumber = new Intl.NumberFormat(segment, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const titleOf = (slug: string) => {
    const found = loaded[slugs.indexOf(slug)];
    return found?.kind === 'ok' ? found.view.title : slug;
  };

  const columns: CompareColumn[] = chosen.map(({ slug, product }) => column(shopper, slug, product));
  const rows = compareRows(
    chosen.map(({ product }, index) => {
      const ranges = charts.get(product.product.id) ?? [];
      const summary = reviewSummary(reviews[index]!.map((review) => review.rating));
      return [
        ...product.view.specs.map((spec) => ({ label: spec.title, value: spec.value })),
        ...(product.view.sizes.length > 0
          ? [{ label: t('compare sizes'), value: product.view.sizes.map((size) => size.label).join(', ') }]
          : []),
        ...(ranges.length > 0
          ? [
              {
                label: t('compare size ranges'),
                value: ranges
                  .map(
                    (range) =>
                      `${range.size}: ${number.format(fromKg(range.minKg, unit))}–${number.format(fromKg(range.maxKg, unit))} ${t(`fit unit ${unit}`)}`,
                  )
                  .join('\n'),
              },
            ]
          : []),
        ...(summary.average !== null
          ? [
              {
                label: t('compare rating'),
                value: `${t('reviews average', { average: ratingNumber.format(summary.average) })} (${t('reviews count', { count: summary.count })})`,
              },
            ]
          : []),
      ];
    }),
  );
  const notices = (['too-many', 'other-category', 'unknown'] as const).flatMap((kind) => {
    const names = refused.filter((entry) => entry.kind === kind).map((entry) => titleOf(entry.slug));
    return names.length > 0 ? [t(NOTICE_KEYS[kind], { names: names.join(', ') })] : [];
  });
  const first = chosen[0]?.product.category.path;
  return {
    slugs,
    columns,
    rows,
    notices,
    backHref: first ? `/${segment}/c/${first}` : `/${segment}`,
  };
}

function column(shopper: Shopper, slug: string, found: Found): CompareColumn {
  const tile = tileView(found.content, found.product, shopper.tile);
  return {
    slug,
    productId: found.product.id,
    title: tile.title,
    href: tile.href,
    imageId: tile.imageId,
    price: tile.price,
    contentPrice: tile.contentPrice,
    inStock: tile.inStock,
    sellable: found.view.sellable,
    variants: found.view.variants
      .filter((variant) => variant.purchasable)
      .map((variant) => ({
        id: variant.id,
        label: [variant.colour, variant.size].filter(Boolean).join(' / '),
        inStock: variant.inStock,
      })),
  };
}

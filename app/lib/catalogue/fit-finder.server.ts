import { recommendSize, weightUnitFor } from '#core/fit-finder.ts';
import { pluralKey } from '#core/plural.ts';
import type { Shopper } from './catalogue.server.ts';
import { categoryListing, contentByUid } from './catalogue.server.ts';
import {
  type CategoryFit,
  type CategoryFitMatch,
  type FitRequest,
  fitResult,
  fitSearch,
  keptParams,
  type ProductFit,
  readFitRequest,
} from './fit-query.ts';
import { fitErrors, fitSentences, type Translate, weightIn } from './fit-sentences.ts';
import { admitTiles } from './tile.ts';

/**
 * The fit finder's loaders (issue 45, decision 0040): the form shows on snowshoe pages (a size there is a length
 * chosen by load); the answer comes from the product's chart (core/fit-finder.ts) and is phrased here in the
 * page's language. Nothing is stored: the question is the page's URL.
 */

/** Snowshoes are sized by load; every other product is sized some other way and shows no fit finder. */
const sizedByLoad = (categoryPath: string | null) => categoryPath?.split('/')[0] === 'snowshoes';

/** The page's display text as a function, as the browser's `useText` reads it (plural forms included). */
async function translator(shopper: Shopper): Promise<Translate> {
  const { text } = await shopper.services.content.displayText(shopper.contentLocale);
  return (key, values) => {
    const count = values?.count;
    const chosen =
      typeof count === 'number'
        ? pluralKey(key, count, shopper.locale.language, (candidate) => candidate in text)
        : key;
    const template = text[chosen] ?? key;
    return values
      ? template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match))
      : template;
  };
}

function viewBase(request: FitRequest, url: URL, t: Translate) {
  return {
    values: request.values,
    errors: fitErrors(request.errors, request.values.unit, t),
    keep: keptParams(url.searchParams),
  };
}

export async function loadProductFit(
  shopper: Shopper,
  product: { id: number; categoryPath: string | null },
  url: URL,
): Promise<ProductFit | null> {
  if (!sizedByLoad(product.categoryPath)) return null;
  const request = readFitRequest(url.searchParams, weightUnitFor(shopper.locale.segment));
  if (!request.submitted)
    return { ...viewBase(request, url, (key) => key), outcome: null, size: null, sentences: [] };
  const t = await translator(shopper);
  const base = viewBase(request, url, t);
  if (!request.query) return { ...base, outcome: null, size: null, sentences: [] };
  const charts = await shopper.services.commerce.fitCharts.chartsOf([product.id]);
  const result = fitResult(recommendSize(charts.get(product.id) ?? [], request.query), request.query);
  const size = result.kind === 'size' ? result.size : null;
  return {
    ...base,
    outcome: result.kind,
    size,
    sentences: [
      ...(size ? [t('fit your size', { size })] : []),
      ...fitSentences(result, shopper.locale.segment, t),
      ...(size ? [t('fit preselected', { size })] : []),
    ],
  };
}

export async function loadCategoryFit(
  shopper: Shopper,
  category: { id: number; uid: string },
  url: URL,
): Promise<CategoryFit | null> {
  if (!sizedByLoad(category.uid)) return null;
  const request = readFitRequest(url.searchParams, weightUnitFor(shopper.locale.segment));
  const empty = { outcome: null, heading: null, matches: [], notes: [] };
  if (!request.submitted) return { ...viewBase(request, url, (key) => key), ...empty };
  const t = await translator(shopper);
  const base = viewBase(request, url, t);
  const query = request.query;
  if (!query) return { ...base, ...empty };
  const listing = await categoryListing(shopper, category.id);
  const [contents, charts] = await Promise.all([
    contentByUid(
      shopper,
      listing.products.map((product) => product.slug),
    ),
    shopper.services.commerce.fitCharts.chartsOf(listing.products.map((product) => product.id)),
  ]);
  const tiles = admitTiles(
    listing.products.map((product) => ({ content: contents.get(product.slug) ?? null, commerce: product })),
    shopper.tile,
  );
  const search = fitSearch(request.values);
  const matches: CategoryFitMatch[] = [];
  const withoutChart: string[] = [];
  let tooHeavy = 0;
  for (const tile of tiles) {
    const answer = recommendSize(charts.get(tile.id) ?? [], query);
    if (answer.kind === 'size')
      matches.push({
        id: tile.id,
        title: tile.title,
        href: `${tile.href}${tile.href.includes('?') ? '&' : '?'}${search}`,
        size: answer.size,
      });
    else if (answer.kind === 'too-heavy') tooHeavy++;
    else withoutChart.push(tile.title);
  }
  const { total, unit } = fitResult({ kind: 'no-ranges' }, query);
  const load = weightIn(total, unit, shopper.locale.segment, t);
  return {
    ...base,
    outcome: matches.length > 0 ? 'matches' : 'no-matches',
    heading:
      matches.length > 0 ? t('fit matches', { count: matches.length, load }) : t('fit no matches', { load }),
    matches,
    notes: [
      ...(tooHeavy > 0 ? [t('fit too heavy count', { count: tooHeavy })] : []),
      ...(withoutChart.length > 0 ? [t('fit without chart', { names: withoutChart.join(', ') })] : []),
    ],
  };
}

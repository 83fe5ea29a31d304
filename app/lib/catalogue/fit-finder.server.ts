import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fromKg, recommendSize, weightUnitFor } from '#core/fit-finder.ts';
import { pluralKey } from '#core/plural.ts';
import { CategoryFitMarkup, ProductFitMarkup } from '../../components/catalogue/fit-finder-markup.tsx';
import type { Shopper } from './catalogue.server.ts';
import { categoryListing, contentByUid } from './catalogue.server.ts';
import {
  type CategoryFitMatch,
  type CategoryFitView,
  type FitRequest,
  type FitSlot,
  type FitView,
  fitResult,
  fitSearch,
  keptParams,
  type ProductFitView,
  readFitRequest,
} from './fit-query.ts';
import { fitErrors, fitSentences, type Translate, weightIn } from './fit-sentences.ts';
import { admitTiles } from './tile.ts';

/**
 * The fit finder's loaders (issue 45, decision 0040): the form shows on snowshoe pages (a size there is a length
 * chosen by load); the answer comes from the product's chart (core/fit-finder.ts), is phrased here in the page's
 * language and rendered to HTML here, so the browser gets no code for it. Nothing is stored: the question is the
 * page's URL.
 */

/** Snowshoes are sized by load; every other product is sized some other way and shows no fit finder. */
const sizedByLoad = (categoryPath: string | null) => categoryPath?.split('/')[0] === 'snowshoes';

/** The page's display text as a function, as the browser's `useText` reads it (plural forms included). */
export async function translator(shopper: Shopper): Promise<Translate> {
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

function viewBase(request: FitRequest, url: URL, t: Translate): Omit<FitView, 'outcome'> {
  return {
    values: request.values,
    errors: fitErrors(request.errors, request.values.unit, t),
    keep: keptParams(url.searchParams),
  };
}

function slot(html: string, view: FitView, size: string | null, charted: boolean): FitSlot {
  return {
    html,
    size,
    charted,
    event: view.outcome
      ? {
          fit_outcome: view.outcome,
          fit_size: size,
          fit_terrain: view.values.terrain,
          fit_snow: view.values.snow,
          fit_unit: view.values.unit,
        }
      : null,
  };
}

async function productView(
  shopper: Shopper,
  productId: number,
  request: FitRequest,
  url: URL,
  t: Translate,
): Promise<ProductFitView> {
  const base = viewBase(request, url, t);
  const ranges = (await shopper.services.commerce.fitCharts.chartsOf([productId])).get(productId) ?? [];
  const { unit } = request.values;
  const number = new Intl.NumberFormat(shopper.locale.segment, { maximumFractionDigits: 1 });
  const chart = ranges.map((range) => ({
    size: range.size,
    loads: `${number.format(fromKg(range.minKg, unit))}–${number.format(fromKg(range.maxKg, unit))} ${t(`fit unit ${unit}`)}`,
  }));
  if (!request.query) return { ...base, outcome: null, size: null, sentences: [], chart };
  const result = fitResult(recommendSize(ranges, request.query), request.query);
  const size = result.kind === 'size' ? result.size : null;
  return {
    ...base,
    chart,
    outcome: result.kind,
    size,
    sentences: [
      ...(size ? [t('fit your size', { size })] : []),
      ...fitSentences(result, shopper.locale.segment, t),
      ...(size ? [t('fit preselected', { size })] : []),
    ],
  };
}

export async function loadProductFit(
  shopper: Shopper,
  product: { id: number; categoryPath: string | null },
  url: URL,
): Promise<FitSlot | null> {
  if (!sizedByLoad(product.categoryPath)) return null;
  const request = readFitRequest(url.searchParams, weightUnitFor(shopper.locale.segment));
  const t = await translator(shopper);
  const view = await productView(shopper, product.id, request, url, t);
  return slot(
    renderToStaticMarkup(createElement(ProductFitMarkup, { fit: view, t })),
    view,
    view.size,
    view.chart.length > 0,
  );
}

async function categoryView(
  shopper: Shopper,
  categoryId: number,
  request: FitRequest,
  url: URL,
  t: Translate,
): Promise<CategoryFitView> {
  const base = viewBase(request, url, t);
  const query = request.query;
  if (!query) return { ...base, outcome: null, heading: null, matches: [], notes: [] };
  const listing = await categoryListing(shopper, categoryId);
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

export async function loadCategoryFit(
  shopper: Shopper,
  category: { id: number; uid: string },
  url: URL,
): Promise<FitSlot | null> {
  if (!sizedByLoad(category.uid)) return null;
  const request = readFitRequest(url.searchParams, weightUnitFor(shopper.locale.segment));
  const t = await translator(shopper);
  const view = await categoryView(shopper, category.id, request, url, t);
  return slot(renderToStaticMarkup(createElement(CategoryFitMarkup, { fit: view, t })), view, null, false);
}

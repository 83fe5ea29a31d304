import { data } from 'react-router';
import { absoluteMediaUrl, mediaUrl, tileImage } from '#core/media-url.ts';
import { mediaIdOfPath } from '#core/product-image.ts';
import { ProductPage } from '../components/catalogue/product-page.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { backInStockAction } from '../lib/catalogue/back-in-stock.server.ts';
import { addToCartAction } from '../lib/catalogue/cart-action.server.ts';
import { shopperFor } from '../lib/catalogue/catalogue.server.ts';
import { loadAddOns } from '../lib/catalogue/category.server.ts';
import { loadProductFit } from '../lib/catalogue/fit-finder.server.ts';
import { loadProductPage, loadRecommendations, loadRelated } from '../lib/catalogue/product.server.ts';
import { productJsonLd } from '../lib/catalogue/product.ts';
import { loadProductReviews, reviewVoteAction } from '../lib/catalogue/reviews.server.ts';
import { requestFactsContext } from '../lib/router/load-context.ts';
import { optional } from '../lib/router/optional.server.ts';
import { pageMeta, rootFacts } from '../lib/seo/page-meta.ts';
import { breadcrumbList } from '../lib/seo/structured-data.ts';
import { productShareImage } from '../lib/share/product-networks.ts';
import { productShareLinks } from '../lib/share/product-share.server.ts';
import { loadErrorContent, notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import { productHeart } from '../lib/wishlist/heart.server.ts';
import catalogueCss from '../styles/catalogue.css?url';
import fitFinderCss from '../styles/fit-finder.css?url';
import productCss from '../styles/product.css?url';
import reviewsCss from '../styles/reviews.css?url';
import shareMenuCss from '../styles/share-menu.css?url';
import type { Route } from './+types/product';

// The recently viewed row (decision 0049): fetched with this page's code, started when the browser is idle.
if (typeof document !== 'undefined') void import('../lib/recently-viewed/row.ts');

const PRODUCT_UID = /^[a-z0-9][a-z0-9-]{0,120}$/;

export const handle = { name: 'product' } satisfies RouteHandle;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogueCss },
  { rel: 'stylesheet', href: productCss },
  { rel: 'stylesheet', href: shareMenuCss },
  { rel: 'stylesheet', href: fitFinderCss },
  { rel: 'stylesheet', href: reviewsCss },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const shopper = await shopperFor(request, context);
  const url = new URL(request.url);
  const uid = params.uid.toLowerCase();
  const result = PRODUCT_UID.test(uid)
    ? await loadProductPage(shopper, uid, url)
    : { kind: 'missing' as const };
  if (result.kind === 'missing') {
    throw await notFound(shopper.services, shopper.locale, `Page Not Found: ${url.pathname}`);
  }
  if (result.kind === 'gone') {
    // §2/§8: 410 with recommendations; when they cannot be loaded, the fatal 404.
    let recommendations: Awaited<ReturnType<typeof loadRecommendations>>;
    try {
      recommendations = await loadRecommendations(shopper, result.product);
    } catch (error) {
      shopper.services.logger.error({ err: error }, 'Recommended products failed to load');
      throw await notFound(shopper.services, shopper.locale, 'Page not found');
    }
    throw data(
      {
        message: 'Product Not Available',
        content: await loadErrorContent(shopper.services, shopper.locale),
        recommendations,
      },
      { status: 410 },
    );
  }
  const origin = shopper.services.origin;
  const { services } = shopper;
  // Below the fold but in the first HTML: server-rendered, so the page ships no code for it.
  const reviews = await loadProductReviews(shopper, { id: result.product.id }, url);
  const related = optional(
    services,
    'Related products',
    loadRelated(shopper, result.content, result.product),
    null,
  );
  const addOns = result.category.path
    ? optional(
        services,
        'Add-ons',
        loadAddOns(shopper, result.category.contentUid, result.category.path),
        null,
      )
    : Promise.resolve(null);
  const selected = result.view.colours.find((colour) => colour.slug === result.view.selectedColour);
  // The product's own image (core/product-image.ts); a product with no colours shows its thumbnail, if any.
  const imageId = selected ? selected.imageId : mediaIdOfPath(result.product.thumbnail);
  return data(
    {
      view: result.view,
      imageId,
      breadcrumbs: result.breadcrumbs,
      backInStock: result.backInStock,
      seoTitle: result.seoTitle,
      seoDescription: result.seoDescription,
      origin,
      csrfToken: shopper.csrfToken,
      storesHref: `/${shopper.locale.segment}/stores`,
      shareLinks: productShareLinks({
        url: `${origin}${result.view.href}`,
        title: result.view.title,
        description: result.view.tagline,
        media: imageId ? productShareImage(origin, imageId) : '',
      }),
      related,
      addOns,
      fit: await loadProductFit(shopper, { id: result.product.id, categoryPath: result.category.path }, url),
      reviews: reviews.html,
      wishlist: await productHeart(shopper, result.product.id, `${url.pathname}${url.search}`),
      reviewsJsonLd: reviews.jsonLd,
      jsonLd: productJsonLd(result.view, {
        origin,
        image: imageId
          ? absoluteMediaUrl(origin, mediaUrl(tileImage(imageId), { width: 1200, height: 1600 }) ?? '')
          : null,
        brand: 'Ridgeline Snowshoe Co.',
        description: result.seoDescription,
      }),
    },
    { headers: { 'Cache-Control': 'private, max-age=0, must-revalidate' } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'review-helpful')
    return reviewVoteAction(
      await shopperFor(request, context),
      request,
      form,
      context.get(requestFactsContext).clientIp,
    );
  if (form.get('intent') === 'back-in-stock')
    return backInStockAction(await shopperFor(request, context), form);
  return addToCartAction(request, context, form);
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { origin, breadcrumbs, view } = loaderData;
  const segment = view.href.split('/')[1];
  return (
    <>
      <JsonLd data={{ ...loaderData.jsonLd, ...loaderData.reviewsJsonLd }} />
      <JsonLd
        data={breadcrumbList([
          ...breadcrumbs.map((crumb) => ({ name: crumb.name, url: `${origin}/${segment}/c${crumb.path}` })),
          { name: view.title, url: `${origin}${view.href}` },
        ])}
      />
      <ProductPage {...loaderData} />
    </>
  );
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const { origin, hreflang } = rootFacts(matches);
  if (!loaderData) return [];
  return pageMeta({
    title: loaderData.seoTitle,
    description: loaderData.seoDescription,
    url: `${origin}${location.pathname}`,
    image: loaderData.jsonLd.image?.[0],
    type: 'product',
    locale: hreflang,
  });
}

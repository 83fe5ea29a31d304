import { Suspense } from 'react';
import { Await, data } from 'react-router';
import { CategoryPage } from '../components/catalogue/category-page.tsx';
import { FitFinderSlot } from '../components/catalogue/fit-finder.tsx';
import { SKIP_ON_ERROR } from '../components/skip-on-error.tsx';
import { addToCartAction } from '../lib/catalogue/cart-action.server.ts';
import { shopperFor } from '../lib/catalogue/catalogue.server.ts';
import { loadAddOns, loadCategoryPage } from '../lib/catalogue/category.server.ts';
import { loadCategoryFit } from '../lib/catalogue/fit-finder.server.ts';
import { optional } from '../lib/router/optional.server.ts';
import { pageMeta } from '../lib/seo/page-meta.ts';
import { breadcrumbList, jsonLdText } from '../lib/seo/structured-data.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import { withTileActions } from '../lib/wishlist/heart.server.ts';
import catalogueCss from '../styles/catalogue.css?url';
import categoryCss from '../styles/category.css?url';
import fitFinderCss from '../styles/fit-finder.css?url';
import type { Route } from './+types/category';

// §2: /{lang}/c/{uid}, the uid spanning one or more path segments.
const CATEGORY_UID = /^[a-z0-9-]+(\/[a-z0-9-]+){0,4}$/;

export const handle = { name: 'category' } satisfies RouteHandle;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogueCss },
  { rel: 'stylesheet', href: categoryCss },
  { rel: 'stylesheet', href: fitFinderCss },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const shopper = await shopperFor(request, context);
  const url = new URL(request.url);
  const uid = (params['*'] ?? '').replace(/\/+$/, '').toLowerCase();
  const page = CATEGORY_UID.test(uid) ? await loadCategoryPage(shopper, uid, url) : null;
  if (!page) throw await notFound(shopper.services, shopper.locale, `Page Not Found: ${url.pathname}`);
  const origin = shopper.services.origin;
  const { language, country } = shopper.locale;
  // Below the fold: the add-on grid, streamed; a failure shows nothing.
  const addOns = optional(
    shopper.services,
    'Category add-ons',
    loadAddOns(shopper, page.contentUid, uid),
    null,
  );
  return data(
    {
      page: { ...page, tiles: await withTileActions(shopper, page.tiles, `${url.pathname}${url.search}`) },
      addOns,
      // The breadcrumbs' JSON-LD and the meta tags are made here: the browser then ships neither builder.
      breadcrumbs: jsonLdText(
        breadcrumbList(
          page.breadcrumbs.map((crumb) => ({ name: crumb.name, url: `${origin}${crumb.href}` })),
        ),
      ),
      meta: pageMeta({
        title: page.seoTitle,
        description: page.seoDescription || page.title,
        url: `${origin}${url.pathname}`,
        locale: `${language}-${country.toUpperCase()}`,
      }),
      csrfToken: shopper.csrfToken,
      fit: await loadCategoryFit(shopper, { id: page.categoryId, uid }, url),
    },
    { headers: { 'Cache-Control': 'private, max-age=0, must-revalidate' } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return addToCartAction(request, context, form);
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { page, addOns, csrfToken } = loaderData;
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped by jsonLdText */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.breadcrumbs }} />
      <CategoryPage
        page={page}
        csrfToken={csrfToken}
        fit={loaderData.fit ? <FitFinderSlot fit={loaderData.fit} page="category" /> : null}
        addOns={
          <Suspense fallback={null}>
            <Await resolve={addOns} errorElement={SKIP_ON_ERROR}>
              {(resolved) =>
                resolved ? <CategoryPage.AddOns addOns={resolved} csrfToken={csrfToken} /> : null
              }
            </Await>
          </Suspense>
        }
      />
    </>
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

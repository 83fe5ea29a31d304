import { Suspense, useEffect, useState } from 'react';
import { Await, Link, useActionData, useFetcher } from 'react-router';
import type { AddToCartResult } from '../../lib/catalogue/cart.ts';
import type { FitSlot } from '../../lib/catalogue/fit-query.ts';
import { type ProductPageView, variantFor } from '../../lib/catalogue/product.ts';
import type { TileView } from '../../lib/catalogue/tile.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { PRODUCT_SHARE_NETWORKS, productShareImage } from '../../lib/share/product-networks.ts';
import { ShareMenu } from '../share-menu.tsx';
import { SKIP_ON_ERROR } from '../skip-on-error.tsx';
import { StaticMarkup } from '../static-markup.tsx';
import { FitFinderSlot } from './fit-finder.tsx';
import { ImageSet } from './image-set.tsx';
import { PriceTag } from './price-tag.tsx';
import { type GridTile, ProductGrid } from './product-grid.tsx';
import { SizeChart } from './size-chart.tsx';

// The wishlist heart's enhancer (decision 0048): fetched with this page's code, it starts once the browser is
// idle and only touches the heart's server-rendered HTML, which React never re-renders.
if (typeof document !== 'undefined') void import('../../lib/wishlist/enhance.ts');

const QUANTITIES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

interface Props {
  view: ProductPageView;
  /** The shown colour's image (core/product-image.ts), null for a product without images. */
  imageId: string | null;
  breadcrumbs: Array<{ name: string; path: string }>;
  backInStock: { enabled: boolean; copy: string };
  origin: string;
  csrfToken: string | null;
  storesHref: string;
  /** Each share network's link, from the loader (product-share.server.ts). */
  shareLinks: Readonly<Record<string, string>>;
  related: Promise<TileView[] | null>;
  /** "Find your size" on a snowshoe's page (issue 45); null on other products. */
  fit: FitSlot | null;
  addOns: Promise<{ heading: string | null; tiles: GridTile[] } | null>;
  /** The reviews (issue 45), HTML rendered on the server (reviews.server.ts): no code of theirs reaches the browser. */
  reviews: string;
  /** The wishlist heart (issue 45), HTML from the loader (heart.server.ts); its enhancer is loaded after hydration. */
  wishlist: string;
}

/** Product page (§2): gallery, variant choice (colour in the URL), price, stock, add to cart, details. */
export function ProductPage(props: Props) {
  const { view, imageId, origin } = props;
  const t = useText();
  const segment = view.href.split('/')[1];
  const colour = view.colours.find((candidate) => candidate.slug === view.selectedColour) ?? null;
  const title = colour ? `${view.title}, ${colour.label}` : view.title;
  return (
    <div className="product container">
      {/* The breadcrumbs and the details are text and links: kept as the server drew them (decision 0056). */}
      <StaticMarkup>
        <nav aria-label={t('breadcrumb')} className="breadcrumbs">
          <ol>
            {props.breadcrumbs.map((crumb) => (
              <li key={crumb.path}>
                <Link to={`/${segment}/c${crumb.path}`}>{crumb.name}</Link>
              </li>
            ))}
            <li>
              <span aria-current="page">{view.title}</span>
            </li>
          </ol>
        </nav>
      </StaticMarkup>
      <div className="product__layout">
        {imageId ? (
          <ImageSet key={imageId} setId={imageId} alt={title} />
        ) : (
          <div className="image-set__frame" />
        )}
        <div className="product__info">
          <div className="product__tags">
            {view.tags.sale ? <span className="tile__tag tile__tag--sale">{t('sale')}</span> : null}
            {view.tags.new ? <span className="tile__tag tile__tag--new">{t('new')}</span> : null}
            {view.tags.redesigned ? <span className="tile__tag">{t('redesigned')}</span> : null}
          </div>
          <h1 className="product__title">{view.title}</h1>
          {view.tagline ? <p className="product__tagline">{view.tagline}</p> : null}
          {/* Sizes that cost different prices: the chosen size's shows in place of "From …", by CSS alone
              (product.css), so it follows the radio with or without JavaScript (decision 0042). */}
          <div
            className={view.sizePrices ? 'product__price product__price--sizes' : 'product__price'}
            data-testid="product-price"
          >
            {view.price ? (
              <PriceTag price={view.price} large />
            ) : view.contentPrice ? (
              <p className="price price--large">
                <span className="price__current">{view.contentPrice}</span>
              </p>
            ) : null}
            {view.sizePrices?.map((price, index) =>
              price ? (
                <PriceTag key={view.sizes[index]?.label} price={price} large />
              ) : (
                <p key={view.sizes[index]?.label} />
              ),
            )}
          </div>
          {view.colours.length > 0 ? (
            <fieldset className="product__colours">
              <legend>
                {t('colour')}: <strong>{colour?.label}</strong>
              </legend>
              <ul>
                {view.colours.map((option) => (
                  <li key={option.slug}>
                    <Link
                      to={option.href}
                      replace
                      preventScrollReset
                      className="swatch swatch--large"
                      style={{ '--swatch': option.hex } as React.CSSProperties}
                      aria-current={option.slug === view.selectedColour ? 'true' : undefined}
                      aria-label={option.label}
                      title={option.label}
                    />
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
          {props.fit ? <FitFinderSlot fit={props.fit} page="product" /> : null}
          {view.sellable ? (
            <AddToCart {...props} colourLabel={colour?.label ?? null} />
          ) : (
            <div className="product__dealer">
              <p>{t('sold through dealers')}</p>
              <Link className="button" to={props.storesHref}>
                {t('dealer locator')}
              </Link>
            </div>
          )}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by React from escaped strings */}
          <div dangerouslySetInnerHTML={{ __html: props.wishlist }} />
          <ShareMenu
            networks={PRODUCT_SHARE_NETWORKS}
            url={`${origin}${view.href}`}
            title={view.title}
            description={view.tagline}
            media={imageId ? productShareImage(origin, imageId) : ''}
            links={props.shareLinks}
          />
          <StaticMarkup>
            <section className="product__details" aria-labelledby="details-heading">
              <h2 id="details-heading">{t('product details')}</h2>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by sanitizeRichText */}
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: view.descriptionHtml }} />
              {view.specs.length > 0 ? (
                <table className="specs">
                  <caption>{t('specifications')}</caption>
                  <tbody>
                    {view.specs.map((spec) => (
                      <tr key={spec.title}>
                        <th scope="row">{spec.title}</th>
                        <td>{spec.value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              {view.sizes.length > 0 && !props.fit?.charted ? (
                <SizeChart sizes={view.sizes.map((size) => size.label)} />
              ) : null}
            </section>
          </StaticMarkup>
        </div>
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by React from escaped strings */}
      <div className="reviews-slot" dangerouslySetInnerHTML={{ __html: props.reviews }} />
      <Suspense fallback={null}>
        <Await resolve={props.addOns} errorElement={SKIP_ON_ERROR}>
          {(addOns) =>
            addOns ? (
              <section className="add-ons" aria-labelledby="product-add-ons">
                <h2 id="product-add-ons">{addOns.heading ?? t('complete your kit')}</h2>
                <ProductGrid
                  tiles={addOns.tiles}
                  list={{ id: 'add_on_products', name: addOns.heading ?? t('complete your kit') }}
                  addOn
                  csrfToken={props.csrfToken}
                />
              </section>
            ) : null
          }
        </Await>
      </Suspense>
      <Suspense fallback={null}>
        <Await resolve={props.related} errorElement={SKIP_ON_ERROR}>
          {(related) =>
            // §4: the related list shows only once at least one product resolved.
            related && related.length > 0 ? (
              <section className="related" aria-labelledby="related-heading">
                <h2 id="related-heading">{t('related products')}</h2>
                <ProductGrid
                  tiles={related}
                  list={{ id: 'related_products', name: 'Related Products' }}
                  label={t('related products')}
                  slider
                />
              </section>
            ) : null
          }
        </Await>
      </Suspense>
    </div>
  );
}

function AddToCart({
  view,
  colourLabel,
  csrfToken,
  backInStock,
  fit,
}: Props & { colourLabel: string | null }) {
  const t = useText();
  const fetcher = useFetcher<AddToCartResult>();
  // Without JavaScript the form posts as a document; its answer arrives as the route's action data.
  const posted = useActionData<AddToCartResult | undefined>();
  const sizes = view.sizes;
  // The fit finder's size comes first (issue 45), in stock or not: it is the size that fits.
  const fitSize = sizes.find((option) => option.label === fit?.size)?.label;
  // Sizes that cost different prices are chosen by the shopper (or the fit finder), not for them.
  const preferred = () =>
    fitSize ??
    (view.sizePrices
      ? null
      : (sizes.find((candidate) => candidate.available)?.label ?? sizes[0]?.label ?? null));
  const [size, setSize] = useState<string | null>(preferred);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new colour or a new fit answer picks its size again
  useEffect(() => {
    setSize(preferred());
  }, [colourLabel, fitSize]);
  const choose = sizes.length > 0 && size === null;
  const variant = choose ? null : variantFor(view.variants, colourLabel, sizes.length > 0 ? size : null);
  const inStock = choose ? view.inStock : Boolean(variant?.inStock && variant.purchasable);
  const result = fetcher.data ?? (posted && 'productId' in posted ? posted : undefined);
  // Shown as soon as the action has answered (issue 18 #4): after an action React Router reloads every loader of
  // the page (the product page's is the slowest) before the fetcher is idle, and the shopper must not wait for
  // that to learn the line is in the cart.
  const submitting = fetcher.state === 'submitting';
  const added = !submitting && result?.ok === true;
  // A fresh visitor's first add created the session; its token is in the answer before the page data has it.
  const csrf = (fetcher.data?.csrfToken ?? csrfToken) || '';
  return (
    <>
      <fetcher.Form method="post" className="add-to-cart">
        <input type="hidden" name="intent" value="add-to-cart" />
        <input type="hidden" name="product_id" value={view.id} />
        <input type="hidden" name="csrf" value={csrf} />
        {sizes.length > 0 ? (
          <fieldset className="product__sizes">
            <legend>{t('size')}</legend>
            <div className="size-options">
              {sizes.map((option) => {
                const id = variantFor(view.variants, colourLabel, option.label)?.id;
                return (
                  <label key={option.label} className={option.available ? 'size' : 'size size--out'}>
                    <input
                      type="radio"
                      name="variant_id"
                      value={id}
                      checked={size === option.label}
                      onChange={() => setSize(option.label)}
                      required
                    />
                    <span>{option.label}</span>
                    {option.available ? null : (
                      <span className="visually-hidden"> ({t('out of stock')})</span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : variant ? (
          <input type="hidden" name="variant_id" value={variant.id} />
        ) : null}
        <p className={choose ? 'stock' : inStock ? 'stock stock--in' : 'stock stock--out'} role="status">
          {choose ? t('select a size') : inStock ? t('in stock') : t('out of stock')}
        </p>
        <div className="add-to-cart__row">
          <label className="add-to-cart__qty">
            <span className="visually-hidden">{t('quantity')}</span>
            <select name="quantity" defaultValue="1">
              {QUANTITIES.map((quantity) => (
                <option key={quantity} value={quantity}>
                  {quantity}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button add-to-cart__button" disabled={!inStock || submitting}>
            {submitting ? t('adding') : t('add to cart')}
          </button>
        </div>
        <div aria-live="polite" className="add-to-cart__result">
          {added ? (
            <p className="add-to-cart__added">
              {t('added to cart')} <Link to={`/${view.href.split('/')[1]}/cart`}>{t('view cart')}</Link>
            </p>
          ) : result && !result.ok ? (
            <p className="form-error">{t(result.message ?? 'could not add to cart')}</p>
          ) : null}
        </div>
      </fetcher.Form>
      {!inStock && variant && backInStock.enabled ? (
        <BackInStock productId={view.id} variantId={variant.id} copy={backInStock.copy} />
      ) : null}
    </>
  );
}

function BackInStock({ productId, variantId, copy }: { productId: number; variantId: number; copy: string }) {
  const t = useText();
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  const done = fetcher.state === 'idle' && fetcher.data?.ok;
  return (
    <fetcher.Form method="post" className="back-in-stock">
      <h2 className="back-in-stock__title">{t('notify me')}</h2>
      {copy ? <p>{copy}</p> : null}
      <input type="hidden" name="intent" value="back-in-stock" />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="variant_id" value={variantId} />
      {done ? (
        <p role="status" className="form-success">
          {t('back in stock thanks')}
        </p>
      ) : (
        <div className="back-in-stock__row">
          <label className="field">
            <span>{t('email')}</span>
            <input type="email" name="email" required autoComplete="email" />
          </label>
          <button type="submit" className="button button--ghost">
            {t('notify me')}
          </button>
        </div>
      )}
      {fetcher.data && !fetcher.data.ok ? (
        <p className="form-error" role="alert">
          {t('enter a valid email')}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

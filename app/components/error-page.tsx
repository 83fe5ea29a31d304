import { isRouteErrorResponse, Link, useRouteLoaderData } from 'react-router';
import type { TileView } from '../lib/catalogue/tile.ts';
import { useText } from '../lib/locale/use-text.ts';
import type { ErrorContent } from '../lib/shell/error-content.server.ts';
import type { RootData } from '../root.tsx';
import catalogueCss from '../styles/catalogue.css?url';
import { ProductGrid } from './catalogue/product-grid.tsx';

const BRAND = 'Ridgeline';

/** SPEC §2/§8: which words an error status gets when the content has none. */
export function errorCopyFor(status: number) {
  if (status === 404) {
    return { heading: 'Page not found', title: `Page Not Found | ${BRAND}`, linkKey: 'go to homepage' };
  }
  if (status === 410) {
    return {
      heading: 'Product Not Available',
      title: `Product Not Available | ${BRAND}`,
      linkKey: 'go to homepage',
    };
  }
  return {
    heading: 'Oops! Something Broke',
    title: `Page Not Found | ${BRAND}`,
    linkKey: 'return to homepage',
  };
}

function contentOf(error: unknown): ErrorContent | null {
  if (!isRouteErrorResponse(error) || !error.data || typeof error.data !== 'object') return null;
  return (error.data as { content?: ErrorContent | null }).content ?? null;
}

/** §2 410: the products recommended instead of a discontinued one, when they came with the error. */
function recommendationsOf(error: unknown): TileView[] {
  if (!isRouteErrorResponse(error) || error.status !== 410 || !error.data || typeof error.data !== 'object')
    return [];
  const list = (error.data as { recommendations?: unknown }).recommendations;
  return Array.isArray(list) ? (list as TileView[]) : [];
}

export function ErrorPage({ error }: { error: unknown }) {
  const t = useText();
  const root = useRouteLoaderData<RootData>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const copy = errorCopyFor(status);
  const content = status === 404 || status === 410 ? contentOf(error) : null;
  const recommendations = recommendationsOf(error);
  const gone = status === 410 && recommendations.length > 0 && content?.recommendation;
  const heading = gone ? (content.recommendation?.header ?? copy.heading) : (content?.header ?? copy.heading);
  const html = gone ? content.recommendation?.mainHtml : content?.mainHtml;
  const home = root && root.locale.segment !== 'en-us' ? `/${root.locale.segment}` : '/';
  const detail =
    import.meta.env.DEV && status >= 500 && error instanceof Error ? (error.stack ?? error.message) : null;
  return (
    <div className="error-page">
      <title>{copy.title}</title>
      {content?.banner?.image ? (
        <div className="error-page__banner">
          <img src={content.banner.image} alt={content.banner.alt} width={1440} height={480} />
        </div>
      ) : null}
      <div className="container error-page__body">
        <p className="error-page__status">{`Error ${status}`}</p>
        <h1>{heading}</h1>
        {html ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by sanitizeRichText
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p>{status >= 500 ? t('server error body') : t('page missing body')}</p>
        )}
        <Link className="button" to={home}>
          {status >= 500 ? t(copy.linkKey) : (content?.linkText ?? t(copy.linkKey))}
        </Link>
        {detail ? <pre className="error-page__detail">{detail}</pre> : null}
      </div>
      {recommendations.length > 0 ? (
        <section className="container error-page__recommendations" aria-labelledby="recommendations-heading">
          <link rel="stylesheet" href={catalogueCss} precedence="default" />
          <h2 id="recommendations-heading">{content?.productHeader ?? t('you might also like')}</h2>
          <ProductGrid tiles={recommendations} list={{ id: 'recommendations', name: 'Recommendations' }} />
        </section>
      ) : null}
    </div>
  );
}

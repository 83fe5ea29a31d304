import { Form, Link } from 'react-router';
import { compareSearchWithout } from '#core/compare.ts';
import { mediaUrl, tileImage } from '#core/media-url.ts';
import type { AddToCartResult } from '../../lib/catalogue/cart.ts';
import type { CompareColumn, ComparePageData } from '../../lib/compare/compare.server.ts';
import { useText } from '../../lib/locale/use-text.ts';

interface Props {
  data: ComparePageData;
  csrfToken: string | null;
  added: AddToCartResult | null;
}

/**
 * Products side by side (issue 45, decision 0049): one table, a column per product, a row per spec; rows whose
 * values differ are marked. On a phone the table's own box scrolls sideways in steps of one column (CSS scroll
 * snap) beside the sticky labels; the page itself never does.
 */
export function ComparePage({ data, csrfToken, added }: Props) {
  const t = useText();
  const { columns, rows } = data;
  return (
    <div className="compare container">
      <h1>{t('compare title')}</h1>
      {data.notices.length > 0 ? (
        <div className="compare__notices" role="alert">
          {data.notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      ) : null}
      {columns.length === 0 ? (
        <p className="compare__empty">{t('compare empty')}</p>
      ) : (
        <>
          {columns.length > 1 && rows.some((row) => row.differs) ? (
            <p className="compare__legend">
              <span className="compare__legend-mark" aria-hidden="true" /> {t('compare differs legend')}
            </p>
          ) : null}
          {/* A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling box itself takes focus to scroll */}
          <section className="compare__scroller" tabIndex={0} aria-label={t('compare title')}>
            <table className="compare__table" style={{ '--columns': columns.length } as React.CSSProperties}>
              <thead>
                <tr>
                  <td className="compare__corner" />
                  {columns.map((column) => (
                    <th key={column.slug} scope="col" className="compare__product">
                      <ProductHead column={column} search={compareSearchWithout(data.slugs, column.slug)} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.label}
                    className={row.differs && columns.length > 1 ? 'compare__row--differs' : undefined}
                  >
                    <th scope="row">
                      {row.label}
                      {row.differs && columns.length > 1 ? (
                        <span className="visually-hidden"> ({t('compare differs')})</span>
                      ) : null}
                    </th>
                    {row.values.map((value, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column, in column order
                      <td key={index}>
                        {value ?? (
                          <>
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">{t('compare none')}</span>
                          </>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <th scope="row">{t('add to cart')}</th>
                  {columns.map((column) => (
                    <td key={column.slug}>
                      <AddToCart column={column} csrfToken={csrfToken} added={added} />
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </section>
        </>
      )}
      <p className="compare__back">
        <Link to={data.backHref}>{t('compare choose more')}</Link>
      </p>
    </div>
  );
}

function ProductHead({ column, search }: { column: CompareColumn; search: string }) {
  const t = useText();
  return (
    <div className="compare__head">
      <Link to={column.href} className="compare__link">
        {column.imageId ? (
          // Its own <img> rather than the tiles' components: sharing those split their chunk for every listing page.
          <img
            className="compare__image"
            src={mediaUrl(tileImage(column.imageId), { width: 480, height: 640 }) ?? undefined}
            alt=""
            width={480}
            height={640}
            loading="lazy"
          />
        ) : null}
        <span className="compare__name">{column.title}</span>
      </Link>
      {column.price ? (
        <p className="price">
          <span className={column.price.compareAt ? 'price__current price__current--sale' : 'price__current'}>
            {column.price.from ? t('price from', { price: column.price.current }) : column.price.current}
          </span>
          {column.price.compareAt ? (
            <>
              {' '}
              <span className="visually-hidden">{t('was price')} </span>
              <s className="price__was">{column.price.compareAt}</s>
            </>
          ) : null}
        </p>
      ) : column.contentPrice ? (
        <p className="price">
          <span className="price__current">{column.contentPrice}</span>
        </p>
      ) : null}
      {!column.inStock ? <p className="compare__stock">{t('out of stock')}</p> : null}
      <Link to={`?${search.replace(/^\?/, '')}`} className="compare__remove" replace>
        {t('compare remove')}
        <span className="visually-hidden">: {column.title}</span>
      </Link>
    </div>
  );
}

function AddToCart({
  column,
  csrfToken,
  added,
}: {
  column: CompareColumn;
  csrfToken: string | null;
  added: AddToCartResult | null;
}) {
  const t = useText();
  const inStock = column.variants.filter((variant) => variant.inStock);
  const answer = added?.productId === column.productId ? added : null;
  if (!column.sellable || inStock.length === 0)
    return (
      <Link to={column.href} className="button button--ghost">
        {t('compare view')}
        <span className="visually-hidden">: {column.title}</span>
      </Link>
    );
  const selectId = `compare-variant-${column.productId}`;
  return (
    <Form method="post" className="compare__cart" preventScrollReset>
      <input type="hidden" name="intent" value="add-to-cart" />
      <input type="hidden" name="product_id" value={column.productId} />
      <input type="hidden" name="csrf" value={answer?.csrfToken ?? csrfToken ?? ''} />
      <input type="hidden" name="quantity" value="1" />
      {inStock.length > 1 ? (
        <>
          <label htmlFor={selectId}>
            {t('select a size')}
            <span className="visually-hidden">: {column.title}</span>
          </label>
          <select id={selectId} name="variant_id" required defaultValue="">
            <option value="" disabled>
              –
            </option>
            {inStock.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variant.label}
              </option>
            ))}
          </select>
        </>
      ) : (
        <input type="hidden" name="variant_id" value={inStock[0]!.id} />
      )}
      <button type="submit" className="button">
        {t('add to cart')}
        <span className="visually-hidden">: {column.title}</span>
      </button>
      {answer ? (
        <p className={answer.ok ? 'compare__added' : 'form-error'} role="status">
          {answer.ok ? t('added to cart') : t(answer.message ?? 'could not add to cart')}
        </p>
      ) : null}
      <Link to={column.href} className="compare__view">
        {t('compare view')}
        <span className="visually-hidden">: {column.title}</span>
      </Link>
    </Form>
  );
}

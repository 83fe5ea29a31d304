import { tileImage } from '#core/media-url.ts';
import { responsiveImage, TILE_SIZES } from '#core/responsive-image.ts';
import type { Translate } from '../../lib/catalogue/fit-sentences.ts';
import type { TileView } from '../../lib/catalogue/tile.ts';
import { ResponsiveImg } from '../catalogue/responsive-img.tsx';

/**
 * The recently viewed row as plain HTML (decision 0049), rendered on the server like the fit finder's answer: the
 * page only fetches it and puts it in place, so it ships no tile code of its own. Tiles look like the grid's: the
 * stylesheets come with the row, since the cart page links none of them.
 */
export function RecentlyViewedMarkup({
  tiles,
  t,
  stylesheets,
}: {
  tiles: readonly TileView[];
  t: Translate;
  stylesheets: readonly string[];
}) {
  return (
    <section className="recently-viewed container" aria-labelledby="recently-viewed-heading">
      {stylesheets.filter(Boolean).map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      <h2 id="recently-viewed-heading">{t('recently viewed')}</h2>
      <ul className="recently-viewed__list">
        {tiles.map((tile) => {
          const image = tile.imageId ? responsiveImage(tileImage(tile.imageId)) : null;
          const price = tile.price;
          return (
            <li key={tile.uid}>
              <article className="tile">
                <a href={tile.href} className="tile__link">
                  <div className="tile__media">
                    {image ? (
                      <ResponsiveImg image={image} sizes={TILE_SIZES.slider} alt="" className="tile__image" />
                    ) : null}
                  </div>
                  <h3 className="tile__title">{tile.title}</h3>
                </a>
                <div className="tile__meta">
                  {price ? (
                    <p className="price">
                      {price.compareAt ? <span className="visually-hidden">{t('now price')} </span> : null}
                      <span
                        className={price.compareAt ? 'price__current price__current--sale' : 'price__current'}
                      >
                        {price.from ? t('price from', { price: price.current }) : price.current}
                      </span>
                      {price.compareAt ? (
                        <>
                          {' '}
                          <span className="visually-hidden">{t('was price')} </span>
                          <s className="price__was">{price.compareAt}</s>
                        </>
                      ) : null}
                    </p>
                  ) : tile.contentPrice ? (
                    <p className="price">
                      <span className="price__current">{tile.contentPrice}</span>
                    </p>
                  ) : null}
                  {!tile.inStock ? <p className="tile__stock">{t('out of stock')}</p> : null}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import type { TileLayout } from '#core/responsive-image.ts';
import { swatchHref, type TileView } from '../../lib/catalogue/tile.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { usePrefetchMode } from '../platform/use-connection.ts';
import { PriceTag } from './price-tag.tsx';
import { TileImage } from './tile-image.tsx';

interface Props {
  tile: TileView;
  priority?: boolean;
  /** The grid the tile sits in: how wide its image is shown (the image's `sizes`). */
  layout?: TileLayout;
  onSelect?: (tile: TileView) => void;
  /** Add-on grid: the quick-add button and its 'Added to cart!' state. */
  onQuickAdd?: (tile: TileView) => void;
  added?: boolean;
}

/**
 * Product tile (§2): the card links to the product; hovering, clicking or pressing Enter on a swatch shows that
 * colour (and the link carries it, §2 selected colour); up to 6 swatches (4 on phones) and a '+N' overflow.
 */
export function ProductTile({ tile, priority, layout = 'grid', onSelect, onQuickAdd, added }: Props) {
  const t = useText();
  const prefetch = usePrefetchMode();
  const [shown, setShown] = useState(tile.shownSwatch ?? 0);
  const swatch = tile.swatches[shown];
  const href = swatch ? swatchHref(tile, swatch) : tile.href;
  const imageId = swatch?.imageId ?? tile.imageId;
  return (
    <article className="tile">
      <Link to={href} className="tile__link" prefetch={prefetch} onClick={() => onSelect?.(tile)}>
        <div className="tile__media">
          <TileImage imageId={imageId} layout={layout} priority={priority} className="tile__image" />
          {tile.tag ? <span className={`tile__tag tile__tag--${tile.tag}`}>{t(tile.tag)}</span> : null}
        </div>
        <h3 className="tile__title">{tile.title}</h3>
        {/* The shown colour joins the link's name after its visible text (label in name, WCAG 2.5.3). */}
        {swatch ? <span className="visually-hidden">, {swatch.label}</span> : null}
      </Link>
      {tile.swatches.length > 0 ? (
        <ul className="tile__swatches" aria-label={t('colour')}>
          {tile.swatches.map((colour, index) => (
            <li key={colour.slug} className={index >= 4 ? 'tile__swatch--desktop' : undefined}>
              <button
                type="button"
                className="swatch"
                style={{ '--swatch': colour.hex } as React.CSSProperties}
                aria-pressed={index === shown}
                // The title is the button's name and its tooltip; an aria-label saying it again was bytes only.
                title={colour.label}
                onMouseEnter={() => setShown(index)}
                onFocus={() => setShown(index)}
                onClick={() => setShown(index)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') setShown(index);
                }}
              />
            </li>
          ))}
          {tile.overflow.desktop ? (
            <li className="tile__more tile__more--desktop">
              <Link to={tile.href} tabIndex={-1} aria-hidden="true">
                {tile.overflow.desktop}
              </Link>
            </li>
          ) : null}
          {tile.overflow.mobile ? (
            <li className="tile__more tile__more--mobile">
              <Link to={tile.href} tabIndex={-1} aria-hidden="true">
                {tile.overflow.mobile}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="tile__meta">
        {tile.price ? (
          <PriceTag price={tile.price} />
        ) : tile.contentPrice ? (
          <p className="price">
            <span className="price__current">{tile.contentPrice}</span>
          </p>
        ) : null}
        {!tile.inStock ? <p className="tile__stock">{t('out of stock')}</p> : null}
      </div>
      {onQuickAdd ? (
        added ? (
          <p className="tile__added" role="status">
            {t('added to cart')}
          </p>
        ) : (
          <button
            type="button"
            className="button button--ghost tile__quick-add"
            onClick={() => onQuickAdd(tile)}
            disabled={!tile.inStock}
          >
            {t('quick add')}
            <span className="visually-hidden">: {tile.title}</span>
          </button>
        )
      ) : null}
    </article>
  );
}

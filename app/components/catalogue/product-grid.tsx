import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { itemListEvent } from '#core/analytics-item.ts';
import { newlyShown, placeholderCount } from '#core/product-grid.ts';
import type { TileLayout } from '#core/responsive-image.ts';
import type { AddToCartResult } from '../../lib/catalogue/cart.ts';
import type { QuickAddVariant, TileView } from '../../lib/catalogue/tile.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { ProductTile } from './product-tile.tsx';
import { Slider } from './slider.tsx';
import { useTracking } from './use-tracking.ts';

export interface GridTile extends TileView {
  quickAdd?: QuickAddVariant[];
  /** A category's heart and "Compare" box as HTML from the loader (heart.server.ts `withTileActions`). */
  actions?: string;
}

interface Props {
  /** null while loading: skeleton placeholders (§2: 6, or 4 in slider mode). */
  tiles: GridTile[] | null;
  list: { id: string; name: string };
  slider?: boolean;
  /** The category's grid shares the row with the filters from 1024 px: its tiles are narrower. */
  besideFilters?: boolean;
  /** Add-on grid (§2): quick add. */
  addOn?: boolean;
  csrfToken?: string | null;
  /** Tiles above the fold get eager, high-priority images. */
  priorityCount?: number;
  heading?: string;
  headingLevel?: 2 | 3;
  /** The slider's accessible name when it has no heading of its own (list.name is for analytics). */
  label?: string;
  /** Drawn under each tile by the page that owns it (the category's heart and "Compare" box). */
  extra?: (tile: GridTile) => React.ReactNode;
}

/** Product grid (§2, §4): loading placeholders, then cards in a grid or a 1/2/4-card slider; list analytics. */
export function ProductGrid({
  tiles,
  list,
  slider,
  besideFilters,
  addOn,
  csrfToken,
  priorityCount = 0,
  heading,
  headingLevel = 2,
  label,
  extra,
}: Props) {
  const t = useText();
  const track = useTracking();
  const [quickAdd, setQuickAdd] = useState<GridTile | null>(null);
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());
  const loaded = tiles !== null;

  const listKey = tiles?.map((tile) => tile.uid).join(',') ?? '';
  const reported = useRef<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one view_item_list per list of products shown
  useEffect(() => {
    if (!tiles || tiles.length === 0) return;
    const uids = tiles.map((tile) => tile.uid);
    const fresh = newlyShown(reported.current, uids);
    reported.current = uids;
    if (fresh.length === 0) return;
    const added = new Set(fresh);
    track(
      itemListEvent(
        'view_item_list',
        list,
        tiles.filter((tile) => added.has(tile.uid)).map((tile) => tile.analytics),
      ),
    );
  }, [listKey, track]);

  const select = (tile: TileView) => {
    track(itemListEvent('select_item', list, [tile.analytics]));
    track({
      event: 'product_list_click',
      ecommerce: { item_list_id: list.id, item_list_name: list.name, items: [tile.analytics] },
    });
  };
  const openQuickAdd = (tile: GridTile) => {
    track({
      event: 'open_cart_add_on',
      ecommerce: { item_list_id: list.id, item_list_name: list.name, items: [tile.analytics] },
    });
    setQuickAdd(tile);
  };

  const layout: TileLayout = slider ? 'slider' : besideFilters ? 'grid-beside-filters' : 'grid';
  const cards = loaded
    ? tiles.map((tile, index) => (
        <ProductTile
          // A new filtered colour starts the tile again on that colour.
          key={`${tile.uid}-${tile.shownSwatch ?? 0}`}
          tile={tile}
          priority={index < priorityCount}
          layout={layout}
          onSelect={select}
          onQuickAdd={addOn ? () => openQuickAdd(tile) : undefined}
          added={added.has(tile.id)}
        />
      ))
    : Array.from({ length: placeholderCount({ slider }) }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="tile tile--placeholder" aria-hidden="true">
          <div className="tile__media" />
          <div className="skeleton-line" />
          <div className="skeleton-line skeleton-line--short" />
        </div>
      ));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="product-grid" data-loaded={loaded ? 'true' : 'false'} aria-busy={!loaded}>
      {heading ? <Heading className="product-grid__heading">{heading}</Heading> : null}
      {!loaded ? <p className="visually-hidden">{t('loading')}</p> : null}
      {slider ? (
        <Slider label={heading ?? label ?? list.name} variant="cards" loop={false} enabled={loaded}>
          {cards}
        </Slider>
      ) : (
        <ul className="product-grid__list">
          {cards.map((card, index) => (
            // A card keeps its item when cards are added before it (the category's previous page).
            <li key={card.key ?? index}>
              {card}
              {tiles && extra?.(tiles[index]!)}
            </li>
          ))}
        </ul>
      )}
      {quickAdd ? (
        <QuickAddPanel
          tile={quickAdd}
          csrfToken={csrfToken ?? null}
          onAdded={(id) => setAdded((previous) => new Set(previous).add(id))}
          onClose={() => setQuickAdd(null)}
        />
      ) : null}
    </div>
  );
}

function QuickAddPanel({
  tile,
  csrfToken,
  onAdded,
  onClose,
}: {
  tile: GridTile;
  csrfToken: string | null;
  onAdded: (productId: number) => void;
  onClose: () => void;
}) {
  const t = useText();
  const fetcher = useFetcher<AddToCartResult>();
  const dialog = useRef<HTMLDialogElement>(null);
  const variants = tile.quickAdd ?? [];
  const firstInStock = variants.find((variant) => variant.inStock);
  const [variantId, setVariantId] = useState<number | null>(firstInStock?.id ?? null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok && fetcher.data.productId === tile.id) {
      onAdded(tile.id);
      dialog.current?.close();
    }
  }, [fetcher.state, fetcher.data, onAdded, tile.id]);

  return (
    <dialog ref={dialog} className="quick-add" aria-labelledby="quick-add-title" onClose={onClose}>
      <fetcher.Form method="post" className="quick-add__form">
        <h2 id="quick-add-title">{tile.title}</h2>
        {tile.price ? <p className="price">{tile.price.current}</p> : null}
        <input type="hidden" name="intent" value="add-to-cart" />
        <input type="hidden" name="product_id" value={tile.id} />
        <input type="hidden" name="csrf" value={csrfToken ?? ''} />
        <input type="hidden" name="quantity" value="1" />
        {variants.length > 1 ? (
          <label className="field">
            <span>{t('select a size')}</span>
            <select
              name="variant_id"
              value={variantId ?? ''}
              onChange={(event) => setVariantId(Number(event.target.value))}
            >
              {variants.map((variant) => (
                <option key={variant.id} value={variant.id} disabled={!variant.inStock}>
                  {[variant.colour, variant.size].filter(Boolean).join(' / ')}
                  {variant.inStock ? '' : ` (${t('out of stock')})`}
                </option>
              ))}
            </select>
          </label>
        ) : variantId ? (
          <input type="hidden" name="variant_id" value={variantId} />
        ) : null}
        {fetcher.data && !fetcher.data.ok ? (
          <p className="form-error" role="alert">
            {t('could not add to cart')}
          </p>
        ) : null}
        <div className="quick-add__actions">
          <button type="submit" className="button" disabled={fetcher.state !== 'idle' || !firstInStock}>
            {t('add to cart')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
            {t('close')}
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}

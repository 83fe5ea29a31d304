import { tileImage } from '#core/media-url.ts';
import {
  type ResponsiveImage,
  responsiveImage,
  SLOW_CONNECTION_MAX_WIDTH,
  TILE_SIZES,
  type TileLayout,
} from '#core/responsive-image.ts';
import { useConnection } from '../platform/use-connection.ts';
import { ResponsiveImg } from './responsive-img.tsx';

const candidates = (imageId: string, fastConnection: boolean) =>
  responsiveImage(tileImage(imageId), fastConnection ? {} : { maxWidth: SLOW_CONNECTION_MAX_WIDTH });

// On the server a tile's candidates are kept: they are a function of the asset id and the connection alone, and a
// listing shows the same few hundred tiles again and again. Each page built the same five URLs per tile anew (the
// largest allocation of a category page's render, living until the page was written: long enough to reach the
// old generation and wait there for a full garbage collection). At most KEPT_MAX (~1 KB each). Browsers draw a
// tile once or twice: the cache stays out of their bundle (`import.meta.env.SSR` is false there).
const KEPT_MAX = 4096;
const kept = new Map<string, ResponsiveImage | null>();

function keptCandidates(imageId: string, fastConnection: boolean): ResponsiveImage | null {
  const key = `${fastConnection ? 'fast' : 'slow'}:${imageId}`;
  const found = kept.get(key);
  if (found !== undefined) return found;
  const image = candidates(imageId, fastConnection);
  if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value as string);
  kept.set(key, image);
  return image;
}

/**
 * A tile's image: one <img> whose width candidates and `sizes` let the browser fetch the size the tile is shown
 * at (core/responsive-image). A slow connection (§4) caps the candidates at about the tile's 1x size.
 */
export function TileImage({
  imageId,
  layout,
  priority,
  className,
}: {
  /** The media service's asset id of the colour shown; null when the product has no image (the box stays empty). */
  imageId: string | null;
  layout: TileLayout;
  priority?: boolean | undefined;
  className?: string;
}) {
  const { fastConnection } = useConnection();
  if (imageId === null) return null;
  const image = import.meta.env.SSR
    ? keptCandidates(imageId, fastConnection)
    : candidates(imageId, fastConnection);
  if (!image) return null;
  return (
    <ResponsiveImg
      image={image}
      sizes={TILE_SIZES[layout]}
      alt=""
      priority={priority}
      className={className}
    />
  );
}

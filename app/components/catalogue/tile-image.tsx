import type { ImageDescriptor } from '#core/media-url.ts';
import {
  responsiveImage,
  SLOW_CONNECTION_MAX_WIDTH,
  TILE_SIZES,
  type TileLayout,
} from '#core/responsive-image.ts';
import { useConnection } from '../platform/use-connection.ts';
import { ResponsiveImg } from './responsive-img.tsx';

/**
 * A tile's image: one <img> whose width candidates and `sizes` let the browser fetch the size the tile is shown
 * at (core/responsive-image). A slow connection (§4) caps the candidates at about the tile's 1x size.
 */
export function TileImage({
  descriptor,
  layout,
  priority,
  className,
}: {
  descriptor: ImageDescriptor;
  layout: TileLayout;
  priority?: boolean | undefined;
  className?: string;
}) {
  const { fastConnection } = useConnection();
  const image = responsiveImage(descriptor, fastConnection ? {} : { maxWidth: SLOW_CONNECTION_MAX_WIDTH });
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

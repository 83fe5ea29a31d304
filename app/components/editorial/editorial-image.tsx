import type { ImageView } from '../../lib/editorial/content-view.ts';
import { ResponsiveImg } from '../catalogue/responsive-img.tsx';

/**
 * A content image (banner, post, team member, search result): the catalogue's responsive image, lazy unless it is
 * above the fold. Always decoded off the main thread, also when eager: heroes and banners are large.
 */
export function EditorialImage({
  image,
  eager = false,
  className,
  sizes,
}: {
  image: ImageView | null;
  eager?: boolean;
  className?: string;
  sizes?: string;
}) {
  if (!image) return null;
  return (
    <ResponsiveImg
      image={image}
      sizes={sizes}
      alt={image.alt}
      priority={eager}
      decoding="async"
      className={className}
    />
  );
}

import type { ImageView } from '../../lib/editorial/content-view.ts';

/** A sized media image; lazy unless it is above the fold. */
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
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

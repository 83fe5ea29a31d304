import type { ResponsiveImage } from '#core/responsive-image.ts';

/**
 * An <img> with width candidates and `sizes` (core/responsive-image): the browser fetches the width it shows.
 * The page's largest image (`priority`) loads eagerly at high priority, and React preloads it from the head.
 */
export function ResponsiveImg({
  image,
  sizes,
  alt,
  priority,
  className,
}: {
  image: ResponsiveImage;
  sizes: string;
  alt: string;
  priority?: boolean | undefined;
  className?: string | undefined;
}) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

import type { ResponsiveImage } from '#core/responsive-image.ts';

/**
 * An <img> with its candidates (core/responsive-image: widths with a `sizes`, or 1x/2x without one): the browser
 * fetches the pixels it shows. The page's largest image (`priority`) loads eagerly at high priority, and React
 * preloads it from the head. A priority image decodes with the paint that shows it (`sync`) unless the caller
 * says otherwise.
 */
export function ResponsiveImg({
  image,
  sizes,
  alt,
  priority,
  decoding,
  className,
}: {
  image: ResponsiveImage;
  sizes?: string | undefined;
  alt: string;
  priority?: boolean | undefined;
  decoding?: 'sync' | 'async' | undefined;
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
      decoding={decoding ?? (priority ? 'sync' : 'async')}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

import type { ImageDescriptor } from '#core/media-url.ts';
import { GALLERY_SIZES, galleryImage } from '#core/responsive-image.ts';
import { useConnection } from '../platform/use-connection.ts';

export interface GalleryImageProps {
  descriptor: ImageDescriptor;
  alt: string;
  priority: boolean;
}

/**
 * One image of a product's gallery: an <img> whose width candidates and `sizes` let the browser fetch the size
 * the gallery is shown at (core/responsive-image), the page's largest image when `priority` (React preloads it
 * from the head).
 */
export function GalleryImage({ descriptor, alt, priority }: GalleryImageProps) {
  const { fastConnection } = useConnection();
  const image = galleryImage(descriptor, fastConnection);
  if (!image) return null;
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={GALLERY_SIZES}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

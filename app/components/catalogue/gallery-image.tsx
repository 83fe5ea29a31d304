import type { ImageDescriptor } from '#core/media-url.ts';
import { GALLERY_SIZES, galleryImage } from '#core/responsive-image.ts';
import { useConnection } from '../platform/use-connection.ts';
import { ResponsiveImg } from './responsive-img.tsx';

export interface GalleryImageProps {
  descriptor: ImageDescriptor;
  alt: string;
  priority: boolean;
}

/** One image of a product's gallery, fetched at the width the gallery is shown at; the page's largest when `priority`. */
export function GalleryImage({ descriptor, alt, priority }: GalleryImageProps) {
  const { fastConnection } = useConnection();
  const image = galleryImage(descriptor, fastConnection);
  if (!image) return null;
  return <ResponsiveImg image={image} sizes={GALLERY_SIZES} alt={alt} priority={priority} />;
}

import { preload } from 'react-dom';
import { type ImageDescriptor, imageSources, mediaUrl, sourcePreloads } from '#core/media-url.ts';
import { useConnection } from '../platform/use-connection.ts';

interface Props {
  descriptor: ImageDescriptor;
  alt: string;
  /** The size the <img> fallback is drawn at (layout box; CSS scales it). */
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
  sizesAttr?: string;
}

/**
 * A sized <picture> from the media service: one <source> per breakpoint with 1x/2x URLs (core/media-url), the
 * dpi of the visitor's connection (§4), lazy unless it is the page's largest image.
 */
export function MediaImage({ descriptor, alt, width, height, priority, className }: Props) {
  const connection = useConnection();
  const withDpi = { ...descriptor, dpi: descriptor.dpi ?? connection.dpi };
  const sources = imageSources(withDpi);
  const src = mediaUrl(withDpi, { width, height }, withDpi.dpi?.[1]) ?? '';
  // The page's largest image is asked for from the head, before the inline CSS and the markup above it: the
  // browser cannot preload-scan a <picture>'s choice by itself (React preloads a plain <img>, not a picture's).
  if (priority)
    for (const source of sourcePreloads(withDpi))
      preload(source.href, {
        as: 'image',
        imageSrcSet: source.srcSet,
        media: source.media,
        fetchPriority: 'high',
      });
  return (
    <picture className={className}>
      {sources.map((source) => (
        <source key={source.media} media={source.media} srcSet={source.srcSet} />
      ))}
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}

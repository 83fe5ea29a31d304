import { lazy, Suspense, useEffect, useState } from 'react';
import { type ImageDescriptor, mediaBaseUrl } from '#core/media-url.ts';
import { GALLERY_SIZES, galleryImage } from '#core/responsive-image.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { useConnection } from '../platform/use-connection.ts';
import { GalleryImage } from './gallery-image.tsx';

// §4: the slider mounts only once every image has loaded, so its code can arrive then too.
const Slider = lazy(() => import('./slider.tsx').then((module) => ({ default: module.Slider })));
const ZoomableImage = lazy(() =>
  import('./zoomable-image.tsx').then((module) => ({ default: module.ZoomableImage })),
);

const AUTOPLAY_MS = 3000;

const descriptor = (id: string): ImageDescriptor => ({ id, qlt: 90, bg: 'rgb(255,255,255)' });

interface SetItem {
  type: 'img' | 'video';
  name: string;
  alt?: string;
}

/**
 * Product image set (§4): the main image is server-rendered; with more than one item the slider mounts only
 * once every image of the set has loaded. Arrow keys, autoplay with pause/resume, loop, double-tap zoom 1–3.
 */
export function ImageSet({ setId, alt }: { setId: string; alt: string }) {
  const t = useText();
  const { fastConnection } = useConnection();
  const [items, setItems] = useState<SetItem[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    const controller = new AbortController();
    (async () => {
      try {
        const response = await fetch(`${mediaBaseUrl()}/s/ridgeline/${encodeURIComponent(setId)}`, {
          signal: controller.signal,
        });
        if (!response.ok) return;
        const set = (await response.json()) as { items?: SetItem[] };
        const images = (set.items ?? []).filter((item) => item.type === 'img');
        if (images.length < 2) return;
        await Promise.all(
          images.map(
            (item) =>
              new Promise<void>((resolve, reject) => {
                const image = new Image();
                image.onload = () => resolve();
                image.onerror = () => reject(new Error(`image ${item.name} failed`));
                // The candidates and sizes the slider's <img> will have: the browser picks the same file.
                const candidates = galleryImage(descriptor(item.name), fastConnection);
                if (!candidates) return reject(new Error(`image ${item.name} has no address`));
                image.sizes = GALLERY_SIZES;
                image.srcset = candidates.srcSet;
                image.src = candidates.src;
              }),
          ),
        );
        if (!cancelled) setItems(images);
      } catch {
        // The main image stays; no slider.
      }
    })();
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [setId, fastConnection]);

  const pending = (
    <div className="image-set" data-slider="pending">
      <div className="image-set__frame">
        <GalleryImage descriptor={descriptor(setId)} alt={alt} priority />
      </div>
    </div>
  );
  if (!items) return pending;
  return (
    <Suspense fallback={pending}>
      <div className="image-set" data-slider="ready">
        <Slider label={t('product images')} variant="gallery" loop autoplayMs={AUTOPLAY_MS}>
          {items.map((item, index) => (
            <ZoomableImage
              key={item.name}
              descriptor={descriptor(item.name)}
              alt={item.alt ?? alt}
              priority={index === 0}
            />
          ))}
        </Slider>
      </div>
    </Suspense>
  );
}

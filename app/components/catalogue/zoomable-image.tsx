import { useRef, useState } from 'react';
import { isDoubleTap, nextZoom, type TouchTrack } from '../../lib/catalogue/gestures.ts';
import { useGesture } from '../platform/use-gesture.ts';
import { GalleryImage, type GalleryImageProps } from './gallery-image.tsx';

/**
 * One image of a product's image set (§4): a double tap — two taps, each within 10 px (§9) — zooms 1 → 2 → 3 → 1
 * around the tapped point; a swipe is left to the slider, and the mouse events a browser echoes after a touch
 * are ignored. Loaded with the slider, once the set's images are in.
 */
export function ZoomableImage({ descriptor, alt, priority }: GalleryImageProps) {
  const [scale, setScale] = useState(1);
  const [origin, setOrigin] = useState('50% 50%');
  const lastTap = useRef<TouchTrack | null>(null);
  const frame = useRef<HTMLDivElement>(null);

  const zoomAt = (clientX: number, clientY: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (box)
      setOrigin(`${((clientX - box.left) / box.width) * 100}% ${((clientY - box.top) / box.height) * 100}%`);
    setScale((current) => nextZoom(current));
  };
  const gesture = useGesture((found, event) => {
    if (!event) return;
    if (found.kind !== 'tap') {
      lastTap.current = null;
      return;
    }
    const tap = { x: event.clientX, y: event.clientY, at: event.timeStamp };
    if (isDoubleTap(lastTap.current, tap)) {
      lastTap.current = null;
      zoomAt(event.clientX, event.clientY);
    } else lastTap.current = tap;
  });
  return (
    <div
      ref={frame}
      className="image-set__frame"
      data-zoom={scale}
      {...gesture.handlers}
      style={{ touchAction: scale > 1 ? 'none' : 'pan-y pinch-zoom' }}
    >
      <div className="image-set__zoom" style={{ transform: `scale(${scale})`, transformOrigin: origin }}>
        <GalleryImage descriptor={descriptor} alt={alt} priority={priority} />
      </div>
    </div>
  );
}

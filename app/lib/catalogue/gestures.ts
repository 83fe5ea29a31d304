import { TOUCH as CORE_TOUCH, classifyGesture as classifyPath, isEmulatedMouse } from '#core/gestures.ts';

/** §9 touch tolerances (core/gestures.ts) plus the double-tap window of image zoom. */
export const TOUCH = { ...CORE_TOUCH, doubleTapMs: 300 } as const;

export { isEmulatedMouse };

export type Gesture = 'tap' | 'long-tap' | 'swipe-left' | 'swipe-right' | 'swipe-up' | 'swipe-down' | 'none';

export interface TouchTrack {
  x: number;
  y: number;
  at: number;
}

/** What a touch from `start` to `end` was, by the rules of core/gestures.ts. */
export function classifyGesture(start: TouchTrack, end: TouchTrack): Gesture {
  const found = classifyPath([start, end], true);
  if (found.kind === 'swipe') return `swipe-${found.direction}`;
  return found.kind === 'tap' || found.kind === 'long-tap' ? found.kind : 'none';
}

/** Two taps within 300 ms and 10 px of each other make a double tap. */
export function isDoubleTap(previous: TouchTrack | null, tap: TouchTrack): boolean {
  if (!previous) return false;
  return (
    tap.at - previous.at <= TOUCH.doubleTapMs &&
    Math.hypot(tap.x - previous.x, tap.y - previous.y) <= TOUCH.tapTolerance
  );
}

/** §4 image zoom: double tap steps 1 → 2 → 3 → 1. */
export const ZOOM = { min: 1, max: 3 } as const;
export function nextZoom(scale: number): number {
  return scale >= ZOOM.max ? ZOOM.min : Math.min(ZOOM.max, Math.floor(scale) + 1);
}
export function clampZoom(scale: number): number {
  return Math.min(ZOOM.max, Math.max(ZOOM.min, scale));
}

/** Slide index after a step, looping or stopping at the ends. */
export function stepIndex(index: number, step: number, count: number, loop: boolean): number {
  if (count <= 0) return 0;
  const next = index + step;
  if (loop) return ((next % count) + count) % count;
  return Math.min(count - 1, Math.max(0, next));
}

/** §9 touch tolerances: tap 10 px, swipe 30 px, hold and long-tap 400 ms, mouse ignored 350 ms after touch. */
export const TOUCH = {
  tapTolerance: 10,
  swipeTolerance: 30,
  holdMs: 400,
  longTapMs: 400,
  mouseAfterTouchMs: 350,
  doubleTapMs: 300,
} as const;

export type Gesture = 'tap' | 'long-tap' | 'swipe-left' | 'swipe-right' | 'swipe-up' | 'swipe-down' | 'none';

export interface TouchTrack {
  x: number;
  y: number;
  at: number;
}

/** What a touch from `start` to `end` was: a tap stays within 10 px, a swipe travels 30 px or more. */
export function classifyGesture(start: TouchTrack, end: TouchTrack): Gesture {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const distance = Math.hypot(dx, dy);
  if (distance <= TOUCH.tapTolerance) {
    return end.at - start.at >= TOUCH.longTapMs ? 'long-tap' : 'tap';
  }
  if (Math.abs(dx) >= TOUCH.swipeTolerance && Math.abs(dx) >= Math.abs(dy)) {
    return dx < 0 ? 'swipe-left' : 'swipe-right';
  }
  if (Math.abs(dy) >= TOUCH.swipeTolerance) return dy < 0 ? 'swipe-up' : 'swipe-down';
  return 'none';
}

/** §9: mouse events that follow a touch within 350 ms are the browser's emulation and are ignored. */
export function isEmulatedMouse(lastTouchAt: number | null, now: number): boolean {
  return lastTouchAt !== null && now - lastTouchAt < TOUCH.mouseAfterTouchMs;
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

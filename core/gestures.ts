/**
 * Touch gestures from the points a pointer went through (SPEC §9 touch tolerances). Pure: components record
 * `{x, y, at}` samples from pointer events and ask what the sequence was.
 */
export const TOUCH = {
  /** A tap, long tap or hold stays within this many px of where it started. */
  tapTolerance: 10,
  /** A swipe travels at least this many px along its main axis. */
  swipeTolerance: 30,
  /** A still pointer held this long is a hold (while down). */
  holdMs: 400,
  /** A still pointer released after this long is a long tap, not a tap. */
  longTapMs: 400,
  /** Mouse events this soon after a touch are the browser's emulation of it. */
  mouseAfterTouchMs: 350,
} as const;

export interface GesturePoint {
  x: number;
  y: number;
  /** Milliseconds, any clock, increasing. */
  at: number;
}

export type SwipeDirection = 'left' | 'right' | 'up' | 'down';

export type Gesture =
  | { kind: 'pending' }
  | { kind: 'tap' }
  | { kind: 'long-tap' }
  | { kind: 'hold' }
  | { kind: 'swipe'; direction: SwipeDirection; distance: number }
  | { kind: 'none' };

/**
 * What a pointer sequence is. `ended` says whether the pointer has been released (the last point is where).
 * While down: 'hold' once it stayed within the tap tolerance for 400 ms, else 'pending'. Once released: 'tap'
 * or 'long-tap' when it never strayed past 10 px, 'swipe' when it ended 30 px or more away along one axis,
 * 'none' for anything between (a drag that went nowhere).
 */
export function classifyGesture(points: readonly GesturePoint[], ended: boolean): Gesture {
  const start = points[0];
  const last = points.at(-1);
  if (!start || !last) return { kind: ended ? 'none' : 'pending' };
  const strayed = points.some(
    (point) => Math.hypot(point.x - start.x, point.y - start.y) > TOUCH.tapTolerance,
  );
  const held = last.at - start.at;
  if (!ended) return !strayed && held >= TOUCH.holdMs ? { kind: 'hold' } : { kind: 'pending' };
  if (!strayed) return held >= TOUCH.longTapMs ? { kind: 'long-tap' } : { kind: 'tap' };
  const dx = last.x - start.x;
  const dy = last.y - start.y;
  if (Math.abs(dx) >= Math.abs(dy) && Math.abs(dx) >= TOUCH.swipeTolerance)
    return { kind: 'swipe', direction: dx < 0 ? 'left' : 'right', distance: Math.abs(dx) };
  if (Math.abs(dy) > Math.abs(dx) && Math.abs(dy) >= TOUCH.swipeTolerance)
    return { kind: 'swipe', direction: dy < 0 ? 'up' : 'down', distance: Math.abs(dy) };
  return { kind: 'none' };
}

/** §9: a mouse event within 350 ms after the last touch is emulated by the browser and must be ignored. */
export function isEmulatedMouse(lastTouchAt: number | null, now: number): boolean {
  return lastTouchAt !== null && now >= lastTouchAt && now - lastTouchAt < TOUCH.mouseAfterTouchMs;
}

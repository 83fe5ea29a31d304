import { type PointerEvent, useEffect, useRef } from 'react';
import { classifyGesture, type Gesture, type GesturePoint, isEmulatedMouse, TOUCH } from '#core/gestures.ts';

export interface GestureHandlers {
  onPointerDown(event: PointerEvent): void;
  onPointerMove(event: PointerEvent): void;
  onPointerUp(event: PointerEvent): void;
  onPointerCancel(): void;
}

/**
 * Pointer handlers that record a touch's path and report what it was (core/gestures, §9 tolerances): a hold as
 * soon as it happens, then tap, long tap or swipe on release. Mouse pointers are reported too, except the ones a
 * browser emulates within 350 ms after a touch. `isEmulated(event)` tells other handlers (click, hover) the same.
 */
export function useGesture(onGesture: (gesture: Gesture, event: PointerEvent | null) => void) {
  const points = useRef<GesturePoint[]>([]);
  const lastTouchAt = useRef<number | null>(null);
  const holdTimer = useRef<number | null>(null);
  const handler = useRef(onGesture);
  handler.current = onGesture;

  const stopHold = () => {
    if (holdTimer.current !== null) window.clearTimeout(holdTimer.current);
    holdTimer.current = null;
  };
  useEffect(
    () => () => {
      if (holdTimer.current !== null) window.clearTimeout(holdTimer.current);
    },
    [],
  );

  const point = (event: PointerEvent): GesturePoint => ({
    x: event.clientX,
    y: event.clientY,
    at: event.timeStamp,
  });
  const handlers: GestureHandlers = {
    onPointerDown(event) {
      if (event.pointerType === 'touch') lastTouchAt.current = event.timeStamp;
      else if (isEmulatedMouse(lastTouchAt.current, event.timeStamp)) return;
      points.current = [point(event)];
      stopHold();
      const startedAt = event.timeStamp;
      holdTimer.current = window.setTimeout(() => {
        holdTimer.current = null;
        const path = points.current;
        const last = path.at(-1);
        if (!last) return;
        const gesture = classifyGesture([...path, { ...last, at: startedAt + TOUCH.holdMs }], false);
        if (gesture.kind === 'hold') handler.current(gesture, null);
      }, TOUCH.holdMs);
    },
    onPointerMove(event) {
      if (points.current.length > 0) points.current.push(point(event));
    },
    onPointerUp(event) {
      if (points.current.length === 0) return;
      if (event.pointerType === 'touch') lastTouchAt.current = event.timeStamp;
      stopHold();
      const path = [...points.current, point(event)];
      points.current = [];
      handler.current(classifyGesture(path, true), event);
    },
    onPointerCancel() {
      points.current = [];
      stopHold();
    },
  };
  return {
    handlers,
    /** True for a mouse or click event that only echoes the last touch. */
    isEmulated: (event: { timeStamp: number }) => isEmulatedMouse(lastTouchAt.current, event.timeStamp),
  };
}

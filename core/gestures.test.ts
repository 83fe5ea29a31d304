import { describe, expect, it } from 'vitest';
import { classifyGesture, type GesturePoint, isEmulatedMouse, TOUCH } from './gestures.ts';

const path = (...points: Array<[number, number, number]>): GesturePoint[] =>
  points.map(([x, y, at]) => ({ x, y, at }));

describe('classifyGesture (§9 touch tolerances)', () => {
  it('calls a short release within 10 px a tap, and 11 px not', () => {
    expect(classifyGesture(path([0, 0, 0], [6, 8, 120]), true)).toEqual({ kind: 'tap' });
    expect(classifyGesture(path([0, 0, 0], [11, 0, 120]), true).kind).not.toBe('tap');
  });

  it('a pointer that strays past 10 px and comes back is not a tap', () => {
    expect(classifyGesture(path([0, 0, 0], [15, 0, 50], [2, 0, 100]), true)).toEqual({ kind: 'none' });
  });

  it('turns a still touch into a hold at 400 ms while down, a long tap when released after it', () => {
    expect(classifyGesture(path([0, 0, 0], [3, 3, TOUCH.holdMs - 1]), false)).toEqual({ kind: 'pending' });
    expect(classifyGesture(path([0, 0, 0], [3, 3, TOUCH.holdMs]), false)).toEqual({ kind: 'hold' });
    expect(classifyGesture(path([0, 0, 0], [3, 3, 399]), true)).toEqual({ kind: 'tap' });
    expect(classifyGesture(path([0, 0, 0], [3, 3, 400]), true)).toEqual({ kind: 'long-tap' });
  });

  it('a moving pointer never holds', () => {
    expect(classifyGesture(path([0, 0, 0], [40, 0, 500]), false)).toEqual({ kind: 'pending' });
  });

  it('swipes from 30 px along the main axis, in its direction', () => {
    expect(classifyGesture(path([100, 0, 0], [70, 5, 150]), true)).toEqual({
      kind: 'swipe',
      direction: 'left',
      distance: 30,
    });
    expect(classifyGesture(path([0, 0, 0], [45, -10, 150]), true)).toMatchObject({ direction: 'right' });
    expect(classifyGesture(path([0, 0, 0], [5, -31, 150]), true)).toMatchObject({ direction: 'up' });
    expect(classifyGesture(path([0, 0, 0], [5, 60, 150]), true)).toMatchObject({ direction: 'down' });
    expect(classifyGesture(path([0, 0, 0], [29, 0, 150]), true)).toEqual({ kind: 'none' });
  });

  it('has nothing to say about no points', () => {
    expect(classifyGesture([], true)).toEqual({ kind: 'none' });
    expect(classifyGesture([], false)).toEqual({ kind: 'pending' });
  });
});

describe('isEmulatedMouse', () => {
  it('ignores mouse events within 350 ms after a touch, not after', () => {
    expect(isEmulatedMouse(null, 1000)).toBe(false);
    expect(isEmulatedMouse(1000, 1000 + TOUCH.mouseAfterTouchMs - 1)).toBe(true);
    expect(isEmulatedMouse(1000, 1000 + TOUCH.mouseAfterTouchMs)).toBe(false);
  });
});

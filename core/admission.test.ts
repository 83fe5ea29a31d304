import { describe, expect, it } from 'vitest';
import {
  type AdmissionState,
  admissionLane,
  decideAdmission,
  EXPECTED_WAIT_SHARE_SHEDDING,
  expectedWaitMs,
  nextServiceMs,
} from './admission.ts';

const settings = { concurrency: 2, maxQueue: 4, maxWaitMs: 100 };
const state = (over: Partial<AdmissionState>): AdmissionState => ({
  running: 0,
  waiting: 0,
  waitingPriority: 0,
  serviceMs: 20,
  shedding: false,
  ...over,
});

describe('decideAdmission', () => {
  it('runs at once while a slot is free and nobody waits', () => {
    expect(decideAdmission(state({ running: 1 }), settings, 'ordinary')).toEqual({ action: 'run' });
  });

  it('waits in line when every slot is taken, or behind those already waiting', () => {
    expect(decideAdmission(state({ running: 2 }), settings, 'ordinary')).toEqual({ action: 'wait' });
    // A free slot is not taken past someone waiting for it (first come, first served).
    expect(decideAdmission(state({ running: 1, waiting: 1 }), settings, 'ordinary')).toEqual({
      action: 'wait',
    });
  });

  it('refuses at once when the expected wait is over the limit', () => {
    // Slots open every 40 / 2 = 20 ms: the 5th in line would wait ~100 ms, the 6th ~120 ms.
    const slow = state({ running: 2, waiting: 4, serviceMs: 40 });
    expect(expectedWaitMs(4, slow, settings)).toBe(100);
    expect(decideAdmission(slow, { ...settings, maxQueue: 10 }, 'ordinary')).toEqual({ action: 'wait' });
    expect(decideAdmission({ ...slow, waiting: 5 }, { ...settings, maxQueue: 10 }, 'ordinary')).toEqual({
      action: 'refuse',
      reason: 'wait-too-long',
    });
  });

  it('past capacity, refuses at once when the expected wait is over half the limit', () => {
    // Slots open every 20 / 2 = 10 ms: the 5th in line would wait ~50 ms (half of 100), the 6th ~60 ms.
    const busy = state({ running: 2, waiting: 4, serviceMs: 20, shedding: true });
    expect(expectedWaitMs(4, busy, settings)).toBe(settings.maxWaitMs * EXPECTED_WAIT_SHARE_SHEDDING);
    expect(decideAdmission(busy, { ...settings, maxQueue: 10 }, 'ordinary')).toEqual({ action: 'wait' });
    const sixth = { ...busy, waiting: 5 };
    expect(decideAdmission(sixth, { ...settings, maxQueue: 10 }, 'ordinary')).toEqual({
      action: 'refuse',
      reason: 'wait-too-long',
    });
    // Below capacity the same line still has room.
    expect(decideAdmission({ ...sixth, shedding: false }, { ...settings, maxQueue: 10 }, 'ordinary')).toEqual(
      {
        action: 'wait',
      },
    );
  });

  it('refuses at once when the line is full', () => {
    expect(decideAdmission(state({ running: 2, waiting: 4, serviceMs: 1 }), settings, 'ordinary')).toEqual({
      action: 'refuse',
      reason: 'line-full',
    });
  });

  it('lets a checkout pass ordinary waiters, and make room in a full line', () => {
    const full = state({ running: 2, waiting: 4, serviceMs: 40 });
    // Behind nobody in its lane: its wait is short even though the ordinary line is long.
    expect(decideAdmission(full, settings, 'priority')).toEqual({ action: 'wait-evicting' });
    expect(decideAdmission(state({ running: 2, waiting: 1 }), settings, 'priority')).toEqual({
      action: 'wait',
    });
    // A line full of checkouts refuses a checkout too.
    expect(
      decideAdmission(state({ running: 2, waitingPriority: 4, serviceMs: 1 }), settings, 'priority'),
    ).toEqual({
      action: 'refuse',
      reason: 'line-full',
    });
  });

  it('keeps half the line for browsing: checkouts (a cookie nobody has checked yet) never take all of it', () => {
    const half = state({ running: 2, waitingPriority: 2, serviceMs: 1 });
    expect(decideAdmission(half, settings, 'priority')).toEqual({ action: 'refuse', reason: 'line-full' });
    expect(decideAdmission({ ...half, waitingPriority: 1 }, settings, 'priority')).toEqual({
      action: 'wait',
    });
    // Browsing still joins behind them, and cannot be pushed out by them once they hold their half.
    expect(decideAdmission(half, settings, 'ordinary')).toEqual({ action: 'wait' });
    expect(decideAdmission({ ...half, waiting: 2 }, settings, 'priority')).toEqual({
      action: 'refuse',
      reason: 'line-full',
    });
    // A line of one still has room for a checkout.
    expect(decideAdmission(state({ running: 2 }), { ...settings, maxQueue: 1 }, 'priority')).toEqual({
      action: 'wait',
    });
  });
});

describe('admissionLane', () => {
  it('puts a shopper with a session in cart and checkout first, and nothing else', () => {
    expect(admissionLane('/en-us/checkout', true)).toBe('priority');
    expect(admissionLane('/en-us/cart', true)).toBe('priority');
    expect(admissionLane('/api/cart/abc/items', true)).toBe('priority');
    expect(admissionLane('/en-us/checkout', false)).toBe('ordinary');
    expect(admissionLane('/en-us/p/trail-24', true)).toBe('ordinary');
    expect(admissionLane('/en-us/cartography', true)).toBe('ordinary');
  });
});

describe('nextServiceMs', () => {
  it('moves an eighth of the way to each new sample', () => {
    expect(nextServiceMs(20, 100)).toBe(30);
    expect(nextServiceMs(20, 20)).toBe(20);
  });
});

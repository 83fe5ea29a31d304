import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, shouldReload } from './reload-guard.ts';

describe('§4 §9 reload guard: the same path is not reloaded within 10 s', () => {
  it('reloads when nothing was reloaded before', () => {
    expect(shouldReload('/en-us/cart', null, 1000)).toBe(true);
    expect(shouldReload('/en-us/cart', undefined, 1000)).toBe(true);
  });

  it('blocks the same path within 10 seconds', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldReload('/en-us/cart', { path: '/en-us/cart', at: 1000 }, 1000 + 9_999)).toBe(false);
  });

  it('allows the same path again after 10 seconds', () => {
    expect(shouldReload('/en-us/cart', { path: '/en-us/cart', at: 1000 }, 11_000)).toBe(true);
  });

  it('allows another path at once', () => {
    expect(shouldReload('/en-us/p/trail-24', { path: '/en-us/cart', at: 1000 }, 1001)).toBe(true);
  });
});

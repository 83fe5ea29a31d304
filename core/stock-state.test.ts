import { describe, expect, it } from 'vitest';
import { stockStateOf } from './stock-state.ts';

describe('stockStateOf', () => {
  const variant = (level: number, threshold = 5) => ({ level, threshold });

  it('is always in stock when the product does not track stock', () => {
    expect(stockStateOf('none', [variant(0)])).toBe('in');
  });

  it('is out when no variant has a unit left', () => {
    expect(stockStateOf('variant', [variant(0), variant(0)])).toBe('out');
    expect(stockStateOf('variant', [])).toBe('out');
  });

  it('is low when one variant is at or below its own threshold, sold-out ones included', () => {
    expect(stockStateOf('variant', [variant(20), variant(5)])).toBe('low');
    expect(stockStateOf('variant', [variant(20), variant(0)])).toBe('low');
    expect(stockStateOf('variant', [variant(20), variant(6)])).toBe('in');
    expect(stockStateOf('variant', [variant(8, 10), variant(20)])).toBe('low');
  });
});

import { describe, expect, it } from 'vitest';
import { connectionState } from './connection.ts';

describe('§4 connection speed to dpi', () => {
  it('is fast at effective type 4 or more: dpi 96 (1x) and 144 (2x)', () => {
    expect(connectionState(4)).toEqual({ fastConnection: true, dpi: { 1: 96, 2: 144 } });
    expect(connectionState(5).fastConnection).toBe(true);
    expect(connectionState('4g')).toEqual({ fastConnection: true, dpi: { 1: 96, 2: 144 } });
  });

  it('is slow below 4: dpi 72 for both', () => {
    expect(connectionState(3)).toEqual({ fastConnection: false, dpi: { 1: 72, 2: 72 } });
    expect(connectionState('3g').fastConnection).toBe(false);
    expect(connectionState('slow-2g').dpi).toEqual({ 1: 72, 2: 72 });
    expect(connectionState('unknown').fastConnection).toBe(false);
  });

  it('assumes fast when the browser reports nothing', () => {
    expect(connectionState(undefined).fastConnection).toBe(true);
    expect(connectionState(null).fastConnection).toBe(true);
    expect(connectionState('').fastConnection).toBe(true);
  });

  it('returns a fresh dpi map each time', () => {
    const a = connectionState(4);
    a.dpi[1] = 1;
    expect(connectionState(4).dpi[1]).toBe(96);
  });
});

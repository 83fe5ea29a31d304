import { describe, expect, it } from 'vitest';
import { versionedDisplayText } from './display-text-version.ts';

describe('display text version', () => {
  it('is the same for the same text and differs when any string changes', () => {
    const first = versionedDisplayText({ 'cart.add': 'Add to cart', greeting: 'Hi' });
    expect(versionedDisplayText({ 'cart.add': 'Add to cart', greeting: 'Hi' })).toEqual(first);
    expect(versionedDisplayText({ 'cart.add': 'Add to bag', greeting: 'Hi' }).version).not.toBe(
      first.version,
    );
    expect(JSON.parse(first.json)).toEqual({ 'cart.add': 'Add to cart', greeting: 'Hi' });
    expect(first.text).toEqual({ 'cart.add': 'Add to cart', greeting: 'Hi' });
  });

  it('is short and safe in a URL', () => {
    expect(versionedDisplayText({ key: 'ü ✓ "quoted" / ?&' }).version).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});

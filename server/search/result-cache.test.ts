import { describe, expect, it } from 'vitest';
import { ResultCache } from './result-cache.ts';

describe('search result cache', () => {
  it('answers only for the index version an entry was stored under', () => {
    const cache = new ResultCache<string>(10);
    cache.set('q=snowshoe', 3, 'answer');
    expect(cache.get('q=snowshoe', 3)).toBe('answer');
    expect(cache.get('q=snowshoe', 4)).toBeUndefined();
    // A miss on a newer version drops the stale entry, even for a later read of the old version.
    expect(cache.get('q=snowshoe', 3)).toBeUndefined();
  });

  it('forgets the least recently used entry first', () => {
    const cache = new ResultCache<number>(2);
    cache.set('a', 1, 1);
    cache.set('b', 1, 2);
    expect(cache.get('a', 1)).toBe(1);
    cache.set('c', 1, 3);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe(1);
    expect(cache.size).toBe(2);
  });

  it('keeps nothing when its capacity is zero', () => {
    const cache = new ResultCache<number>(0);
    cache.set('a', 1, 1);
    expect(cache.get('a', 1)).toBeUndefined();
  });
});

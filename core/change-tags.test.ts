import { describe, expect, it } from 'vitest';
import { changeLogStep, createTagClock, productTag, stockTag, tagsOfChanges } from './change-tags.ts';

describe('tags of product changes', () => {
  it('moves only the stock count when a level stays on the same side of zero', () => {
    expect(tagsOfChanges([{ productId: 7, shown: false }])).toEqual([stockTag(7)]);
  });

  it('moves what pages show of a product when a price or an in-stock state changed', () => {
    expect(tagsOfChanges([{ productId: 7, shown: true }]).sort()).toEqual(
      [productTag(7), stockTag(7)].sort(),
    );
  });

  it('names each product once however many rows name it', () => {
    const tags = tagsOfChanges([
      { productId: 3, shown: false },
      { productId: 3, shown: false },
      { productId: 4, shown: true },
    ]);
    expect(tags.sort()).toEqual(['product:4', 'stock:3', 'stock:4']);
  });
});

describe('a step along the change log', () => {
  it('does nothing before the first read and while the log stands still', () => {
    expect(changeLogStep(null, 12, 100)).toBe('none');
    expect(changeLogStep(12, 12, 100)).toBe('none');
  });

  it('reads the rows past what it saw', () => {
    expect(changeLogStep(12, 15, 100)).toBe('read');
    expect(changeLogStep(12, 112, 100)).toBe('read');
  });

  it('drops everything when the rows it needs may be gone or the log went back', () => {
    expect(changeLogStep(12, 113, 100)).toBe('all');
    expect(changeLogStep(12, 3, 100)).toBe('all');
  });
});

describe('the tag clock', () => {
  it('keeps a value fresh while none of its tags moved', () => {
    const clock = createTagClock();
    const since = clock.now();
    clock.move([productTag(2)]);
    expect(clock.fresh([productTag(1), stockTag(1)], since)).toBe(true);
    expect(clock.fresh([], since)).toBe(true);
  });

  it('makes a value stale when one of its tags moved after it began, not before', () => {
    const clock = createTagClock();
    clock.move([productTag(1)]);
    const since = clock.now();
    expect(clock.fresh([productTag(1)], since)).toBe(true);
    clock.move([productTag(1)]);
    expect(clock.fresh([productTag(3), productTag(1)], since)).toBe(false);
    expect(clock.fresh([productTag(1)], clock.now())).toBe(true);
  });

  it('makes everything begun before a move of all tags stale, and what begins after it fresh', () => {
    const clock = createTagClock();
    clock.move([productTag(1)]);
    const before = clock.now();
    clock.moveAll();
    expect(clock.fresh([], before)).toBe(false);
    expect(clock.fresh([productTag(1)], clock.now())).toBe(true);
  });
});

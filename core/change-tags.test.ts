import { describe, expect, it } from 'vitest';
import {
  type ContentChange,
  changeLogStep,
  contentTag,
  contentTypeTag,
  createContentChangeWindow,
  createTagClock,
  productTag,
  stockTag,
  tagsOfChanges,
  tagsOfContentAnswer,
  tagsOfContentChanges,
} from './change-tags.ts';

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

const publication = (uid: string, at: number, kind = 'published'): ContentChange => ({
  kind,
  contentType: 'blog_post',
  uid,
  locale: 'en-us',
  environment: 'production',
  at,
});

describe('the publication log window', () => {
  it('acts on nothing at the first look, then on each row once however many looks it falls within', () => {
    const window = createContentChangeWindow(60_000);
    expect(window.cutoff()).toBeNull();
    expect(window.take([publication('old', 1_000)], 10_000)).toEqual([]);
    expect(window.cutoff()).toBe(10_000 - 60_000);
    const post = publication('new', 11_000);
    expect(window.take([publication('old', 1_000), post], 12_000)).toEqual([post]);
    expect(window.take([post], 13_000)).toEqual([]);
  });

  it('acts again on an entry published anew or unpublished, and forgets rows older than the window', () => {
    const window = createContentChangeWindow(1_000);
    window.take([], 0);
    expect(window.take([publication('a', 100)], 200)).toHaveLength(1);
    expect(window.take([publication('a', 300)], 400)).toHaveLength(1);
    expect(window.take([publication('a', 300, 'unpublished')], 500)).toHaveLength(1);
    // Forgotten once past the window: the look no longer asks for it (its cutoff is later than the row).
    window.take([], 5_000);
    expect(window.cutoff()).toBe(4_000);
    expect(window.take([publication('a', 300)], 5_100)).toHaveLength(1);
  });
});

describe('tags of content', () => {
  it('moves an entry and the lists of its type when it is published or unpublished', () => {
    expect(tagsOfContentChanges([publication('p1', 1), publication('p1', 2)]).sort()).toEqual(
      [contentTag('p1'), contentTypeTag('blog_post')].sort(),
    );
  });

  it('names the type of a list query and every entry, reference and asset in its answer', () => {
    const answer = {
      entries: [
        { uid: 'post', author: [{ uid: 'ada', photo: { uid: 'asset1', url: '/a.jpg' } }], tags: ['x'] },
      ],
      count: 1,
    };
    expect(tagsOfContentAnswer('blog_post', { url: '/blog/post' }, answer).sort()).toEqual(
      [contentTypeTag('blog_post'), contentTag('post'), contentTag('ada'), contentTag('asset1')].sort(),
    );
    expect(tagsOfContentAnswer('blog_post', undefined, { entries: [] })).toEqual([
      contentTypeTag('blog_post'),
    ]);
  });

  it('names the uids a query asks for by name instead of its type, found or not', () => {
    expect(tagsOfContentAnswer('product', { uid: 'p9' }, { entries: [] })).toEqual([contentTag('p9')]);
    expect(tagsOfContentAnswer('product', { uid: { $in: ['a', 'b'] } }, { entries: [] }).sort()).toEqual(
      [contentTag('a'), contentTag('b')].sort(),
    );
    expect(
      tagsOfContentAnswer('page', { $or: [{ uid: 'a' }, { uid: { $in: ['b'] } }] }, { entries: [] }).sort(),
    ).toEqual([contentTag('a'), contentTag('b')].sort());
  });

  it('names the type when a query asks by uid and by something else', () => {
    const type = [contentTypeTag('page')];
    expect(tagsOfContentAnswer('page', { uid: 'a', url: '/x' }, {})).toEqual(type);
    expect(tagsOfContentAnswer('page', { $or: [{ uid: 'a' }, { url: '/x' }] }, {})).toEqual(type);
    expect(tagsOfContentAnswer('page', { $or: [{ uid: 'a' }, 'b'] }, {})).toEqual(type);
    expect(tagsOfContentAnswer('page', { uid: { $in: ['a', 2] } }, {})).toEqual(type);
    expect(tagsOfContentAnswer('page', { uid: { $in: ['a'], $nin: ['b'] } }, {})).toEqual(type);
    expect(tagsOfContentAnswer('page', { uid: { $ne: 'a' } }, {})).toEqual(type);
    expect(tagsOfContentAnswer('page', { uid: 3 }, {})).toEqual(type);
  });

  it('names only the uids in an answer of no type (an asset, a sync page), and stops at a depth', () => {
    expect(tagsOfContentAnswer(null, undefined, { asset: { uid: 'img' } })).toEqual([contentTag('img')]);
    let deep: unknown = { uid: 'bottom' };
    for (let i = 0; i < 20; i++) deep = { next: deep };
    expect(tagsOfContentAnswer(null, undefined, deep)).toEqual([]);
  });
});

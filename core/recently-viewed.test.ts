import { describe, expect, it } from 'vitest';
import { parseRecentViews, RECENTLY_VIEWED_LIMIT, recentSlugs, recordView } from './recently-viewed.ts';

describe('parseRecentViews', () => {
  it('reads nothing from empty, broken or foreign storage', () => {
    expect(parseRecentViews(null)).toEqual([]);
    expect(parseRecentViews('')).toEqual([]);
    expect(parseRecentViews('{not json')).toEqual([]);
    expect(parseRecentViews('{"slug":"a"}')).toEqual([]);
  });

  it('keeps well-formed entries once, newest first, and drops the rest', () => {
    const raw = JSON.stringify([
      { slug: 'old', at: 1 },
      null,
      { slug: 'Bad Slug', at: 5 },
      { slug: 'no-time' },
      { slug: 'inf', at: Number.POSITIVE_INFINITY },
      { slug: 'new', at: 9 },
      { slug: 'old', at: 3 },
    ]);
    expect(parseRecentViews(raw)).toEqual([
      { slug: 'new', at: 9 },
      { slug: 'old', at: 1 },
    ]);
  });

  it('keeps at most the limit', () => {
    const raw = JSON.stringify(Array.from({ length: 20 }, (_, index) => ({ slug: `p${index}`, at: index })));
    const views = parseRecentViews(raw);
    expect(views).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(views[0]).toEqual({ slug: 'p19', at: 19 });
  });
});

describe('recordView', () => {
  it('moves a product viewed again to the front, once', () => {
    const views = recordView(
      [
        { slug: 'a', at: 2 },
        { slug: 'b', at: 1 },
      ],
      'b',
      3,
    );
    expect(views).toEqual([
      { slug: 'b', at: 3 },
      { slug: 'a', at: 2 },
    ]);
  });

  it('drops the oldest past the limit and ignores an invalid slug', () => {
    let views = recordView([], 'first', 0);
    for (let index = 1; index <= RECENTLY_VIEWED_LIMIT; index++)
      views = recordView(views, `p${index}`, index);
    expect(views).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(views.map((view) => view.slug)).not.toContain('first');
    expect(recordView(views, '../x', 99)).toEqual(views);
  });
});

describe('recentSlugs', () => {
  it('leaves out the product on screen', () => {
    const views = [
      { slug: 'a', at: 3 },
      { slug: 'b', at: 2 },
    ];
    expect(recentSlugs(views, 'a')).toEqual(['b']);
    expect(recentSlugs(views, null)).toEqual(['a', 'b']);
  });
});

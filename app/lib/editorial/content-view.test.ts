import { describe, expect, it } from 'vitest';
import {
  hoursLines,
  imageView,
  inRegion,
  pageParam,
  paginate,
  refUids,
  relatedPosts,
} from './content-view.ts';

describe('editorial content views', () => {
  it('pages a list and refuses pages out of range', () => {
    const items = Array.from({ length: 13 }, (_, index) => index);
    expect(paginate(items, 1, 9)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6, 7, 8], page: 1, totalPages: 2 });
    expect(paginate(items, 2, 9)?.items).toEqual([9, 10, 11, 12]);
    expect(paginate(items, 3, 9)).toBeNull();
    expect(paginate([], 1, 9)).toEqual({ items: [], page: 1, totalPages: 1 });
    expect(pageParam(null)).toBe(1);
    expect(pageParam('2')).toBe(2);
    expect(paginate(items, pageParam('two'), 9)).toBeNull();
  });

  it('relates posts by category then tags, newest first, never the post itself or twice', () => {
    const post = { uid: 'a', categories: ['gear'], tags: ['care'], date: '2025-01-01' };
    const others = [
      post,
      { uid: 'b', categories: ['trail'], tags: ['care'], date: '2025-03-01' },
      { uid: 'c', categories: ['gear'], tags: [], date: '2024-01-01' },
      { uid: 'd', categories: ['gear'], tags: [], date: '2025-02-01' },
      { uid: 'd', categories: ['gear'], tags: [], date: '2025-02-01' },
      { uid: 'e', categories: [], tags: [], date: '2026-01-01' },
    ];
    expect(relatedPosts(post, others, 3).map((item) => item.uid)).toEqual(['d', 'c', 'b']);
  });

  it('keeps entries of the content region and reads references, hours and images', () => {
    expect(inRegion({ regions: ['us', 'ca'] }, 'ca')).toBe(true);
    expect(inRegion({ regions: ['us'] }, 'jp')).toBe(false);
    expect(inRegion({}, 'jp')).toBe(true);
    expect(refUids([{ uid: 'x' }, { title: 'no uid' }, 'bad'])).toEqual(['x']);
    expect(
      hoursLines([
        { days_of_week: 'Monday – Friday', opening_time: '09:00', closing_time: '18:00' },
        { days_of_week: 'Sunday' },
        { opening_time: '10:00' },
      ]),
    ).toEqual(['Monday – Friday: 09:00–18:00', 'Sunday']);
    expect(imageView('', 100, 100)).toBeNull();
    const image = imageView('banner-powder-day', 400, 200, 'Powder');
    expect(image).toMatchObject({ width: 400, height: 200, alt: 'Powder' });
    expect(image?.src).toMatch(/^\/media\/i\/ridgeline\/banner-powder-day\?w=400&sm=aspect&aspect=400%3A200/);
    expect(image?.srcSet).toContain('w=800');
  });

  it('offers an image at the given pixel widths, each in the same crop, when it has widths', () => {
    const image = imageView('lifestyle-night-trail', 640, 400, '', [320, 1000]);
    expect(image?.src).toMatch(/\?w=640&sm=aspect&aspect=640%3A400&/);
    expect(
      image?.srcSet
        .split(', ')
        .map((candidate) =>
          candidate.replace(/^.*\?w=(\d+)&.*aspect=(\d+)%3A(\d+)&.* (\d+w)$/, '$1 $2:$3 $4'),
        ),
    ).toEqual(['320 320:200 320w', '1000 1000:625 1000w']);
  });
});

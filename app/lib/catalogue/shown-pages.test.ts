import { describe, expect, it } from 'vitest';
import { type ShownPage, withShownPage } from './shown-pages.ts';

const page = (number: number, tiles: string[]): ShownPage<string> => ({
  page: number,
  tiles,
  more: `?page=${number + 1}`,
  previous: number > 1 ? `?page=${number - 1}` : null,
});
const numbers = (pages: ShownPage<string>[]) => pages.map((shown) => shown.page);

describe('pages shown by show more', () => {
  it('adds the next page after those shown and the previous page before them', () => {
    const two = withShownPage([page(1, ['a'])], page(2, ['b']));
    expect(numbers(two)).toEqual([1, 2]);
    expect(two.flatMap((shown) => shown.tiles)).toEqual(['a', 'b']);
    expect(numbers(withShownPage([page(3, ['c'])], page(2, ['b'])))).toEqual([2, 3]);
  });
  it('replaces a page already shown with its fresh data, in place', () => {
    const fresh = withShownPage([page(1, ['a']), page(2, ['b'])], page(1, ['a2']));
    expect(fresh.flatMap((shown) => shown.tiles)).toEqual(['a2', 'b']);
  });
  it('starts again on a page that does not join those shown', () => {
    expect(numbers(withShownPage([page(1, ['a']), page(2, ['b'])], page(5, ['e'])))).toEqual([5]);
    expect(numbers(withShownPage([page(4, ['d'])], page(1, ['a'])))).toEqual([1]);
  });
});

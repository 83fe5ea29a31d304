import { describe, expect, it } from 'vitest';
import { newsletterView } from './newsletter-view.ts';

describe('newsletter view (§3 email signup settings)', () => {
  it('keeps the lists with an id and a name and the copy', () => {
    expect(
      newsletterView({
        lists: [
          { id: 'news-na', name: 'Ridgeline News' },
          { id: '', name: 'Broken' },
        ],
        copy: { heading: 'Fresh tracks', body: 'Trail reports', consent: 'Privacy policy applies.' },
      }),
    ).toEqual({
      heading: 'Fresh tracks',
      body: 'Trail reports',
      consent: 'Privacy policy applies.',
      lists: [{ id: 'news-na', name: 'Ridgeline News' }],
    });
  });

  it('offers no form without settings or lists', () => {
    expect(newsletterView(null)).toBeNull();
    expect(newsletterView({ lists: [] })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { DATA_LAYER_NAME, DEFAULT_VIEW_EVENT, isValidTagManagerId, pageViewEvent } from './tag-manager.ts';

describe('§5 tag manager id', () => {
  it.each(['GTM-ABC123', 'GTM-K9', 'GTM-0'])('accepts %s', (id) => {
    expect(isValidTagManagerId(id)).toBe(true);
  });

  it.each([
    'gtm-ABC123',
    'GTM-abc123',
    'GTM-',
    'GTM_ABC',
    'UA-12345-1',
    ' GTM-ABC',
    'GTM-AB C',
    '',
    42,
    null,
  ])('rejects %j', (id) => {
    expect(isValidTagManagerId(id)).toBe(false);
  });
});

describe('§7 page view event', () => {
  it('goes to dataLayer as content-view with the route name and full path', () => {
    expect(DATA_LAYER_NAME).toBe('dataLayer');
    expect(DEFAULT_VIEW_EVENT).toBe('content-view');
    expect(pageViewEvent({ name: 'product' }, '/en-us/p/trail-24?color=red')).toEqual({
      event: 'content-view',
      'content-name': '/en-us/p/trail-24?color=red',
      'content-view-name': 'product',
    });
  });

  it('prefers the tag-manager name from route metadata, then falls back to the path', () => {
    expect(pageViewEvent({ name: 'product', gtmName: 'PDP' }, '/x')['content-view-name']).toBe('PDP');
    // The fit finder's weights stay out of page views; its other fields and the page's own parameters stay in.
    expect(
      pageViewEvent({ name: 'product' }, '/de-de/p/frontier?color=red&weight=95&pack=10&unit=kg&snow=powder')[
        'content-name'
      ],
    ).toBe('/de-de/p/frontier?color=red&unit=kg&snow=powder');
    expect(pageViewEvent({}, '/de-de/c/snowshoes?weight=95')).toMatchObject({
      'content-name': '/de-de/c/snowshoes',
      'content-view-name': '/de-de/c/snowshoes',
    });
    expect(pageViewEvent({}, '/x')['content-view-name']).toBe('/x');
  });
});

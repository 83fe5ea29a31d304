import { describe, expect, it } from 'vitest';
import { missingTranslations } from './missing-translations.ts';

const entry = (contentType: string, uid: string, title: string, locale: string) => ({
  contentType,
  uid,
  title,
  locale,
});

describe('missingTranslations', () => {
  const defaults = { account: 'Account', cart: 'Cart', 'sign in': 'Sign in', 'shop all': 'Shop all' };

  it('lists display text keys first: those whose entry falls back, and those no entry holds yet', () => {
    const result = missingTranslations({
      locale: 'de',
      defaults,
      displayText: [
        entry('display_text', 'dt-account', 'Account', 'de'),
        entry('display_text', 'dt-cart', 'Cart', 'en-us'),
        entry('display_text', 'dt-sign-in', 'Sign In', 'en-us'),
        entry('display_text', 'dt-unused', 'Not a key pages use', 'en-us'),
      ],
      entries: [],
    });
    expect(result.displayText).toEqual([
      { key: 'cart', fallback: 'Cart', uid: 'dt-cart' },
      { key: 'shop all', fallback: 'Shop all', uid: null },
      { key: 'sign in', fallback: 'Sign in', uid: 'dt-sign-in' },
    ]);
  });

  it('counts a key as translated when any of its entries has a copy in the locale', () => {
    const result = missingTranslations({
      locale: 'fr',
      defaults: { cart: 'Cart' },
      displayText: [
        entry('display_text', 'dt-cart-old', 'Cart', 'en-us'),
        entry('display_text', 'dt-cart', 'cart', 'fr'),
        entry('display_text', 'dt-cart-other', 'Cart', 'en-us'),
      ],
      entries: [],
    });
    expect(result.displayText).toEqual([]);
  });

  it('then the other entries without their own copy, by type, by title; types with none left out', () => {
    const result = missingTranslations({
      locale: 'ja',
      defaults: {},
      displayText: [],
      entries: [
        {
          contentType: 'banner',
          items: [
            entry('banner', 'b2', 'Winter', 'en-us'),
            entry('banner', 'b1', 'Autumn', 'en-us'),
            entry('banner', 'b3', 'Translated', 'ja'),
          ],
        },
        { contentType: 'team', items: [entry('team', 't1', 'Ana', 'ja')] },
        { contentType: 'display_text', items: [entry('display_text', 'dt', 'Cart', 'en-us')] },
        {
          contentType: 'blog',
          items: [entry('blog', 'p2', 'Same', 'en-us'), entry('blog', 'p1', 'Same', 'en-us')],
        },
      ],
    });
    expect(result.entries).toEqual([
      {
        contentType: 'banner',
        items: [entry('banner', 'b1', 'Autumn', 'en-us'), entry('banner', 'b2', 'Winter', 'en-us')],
      },
      {
        contentType: 'blog',
        items: [entry('blog', 'p1', 'Same', 'en-us'), entry('blog', 'p2', 'Same', 'en-us')],
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  opensInNewTab,
  SHARE_NETWORKS,
  SHARE_POPUP,
  ShareError,
  shareLink,
  shareNetworkKey,
  sharePopupFeatures,
} from './share-links.ts';

const page = { url: 'https://ridgeline.example/en-us/p/trail-24', title: 'Trail 24 & more' };
const u = encodeURIComponent(page.url);
const t = encodeURIComponent(page.title);

describe('§7 share networks', () => {
  it('offers about 30 networks, including the common share-menu ones', () => {
    const names = Object.keys(SHARE_NETWORKS);
    expect(names.length).toBeGreaterThanOrEqual(30);
    for (const name of [
      'facebook',
      'twitter',
      'x',
      'linkedin',
      'pinterest',
      'reddit',
      'whatsapp',
      'telegram',
      'email',
      'sms',
      'messenger',
      'viber',
      'line',
      'tumblr',
      'vk',
      'weibo',
      'xing',
      'pocket',
      'flipboard',
      'hackernews',
      'skype',
      'odnoklassniki',
      'buffer',
      'evernote',
      'instapaper',
      'wordpress',
      'yammer',
      'baidu',
      'quora',
      'threads',
      'bluesky',
      'mastodon',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('builds every network link with the url encoded in it', () => {
    for (const network of Object.keys(SHARE_NETWORKS)) {
      const link = shareLink({ network, ...page, description: 'd', media: 'https://m.example/i.jpg' });
      expect(link).toContain(u);
      expect(link).not.toMatch(/@(u|t|d|q|h|m|tu)\b/);
    }
  });

  it('fills url, title, description and media into their places', () => {
    const link = shareLink({ network: 'pinterest', ...page, media: 'https://m.example/i.jpg' });
    expect(link).toBe(
      `https://pinterest.com/pin/create/button/?url=${u}&media=${encodeURIComponent('https://m.example/i.jpg')}&description=${t}`,
    );
    expect(shareLink({ network: 'whatsapp', ...page, description: 'Light and fast' })).toBe(
      `https://api.whatsapp.com/send?text=${t}%0D%0A${u}%0D%0ALight%20and%20fast`,
    );
    expect(shareLink({ network: 'email', ...page })).toBe(`mailto:?subject=${t}&body=${u}%0D%0A`);
  });

  it('never reads $ in shared text as a replacement pattern', () => {
    expect(shareLink({ network: 'reddit', url: 'https://a.example', title: "$& $' $1" })).toContain(
      encodeURIComponent("$& $' $1"),
    );
  });
});

describe('§5 §8 share inputs', () => {
  it('matches the network name case-insensitively', () => {
    expect(shareNetworkKey('Facebook')).toBe('facebook');
    expect(shareLink({ network: 'LinkedIn', ...page })).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    );
  });

  it("throws 'Network {name} does not exist' for an unknown network", () => {
    expect(() => shareLink({ network: 'MySpace', ...page })).toThrow('Network myspace does not exist');
    expect(() => shareNetworkKey('toString')).toThrow(ShareError);
    expect(() => opensInNewTab('orkut')).toThrow('Network orkut does not exist');
  });

  it('requires network, url and title', () => {
    expect(() => shareLink({ network: 'reddit', url: '', title: 'x' })).toThrow(
      'Missing required share input: url',
    );
    expect(() => shareLink({ network: '', url: '', title: '' })).toThrow('network, url, title');
    expect(() => shareLink({ network: 'reddit', url: 'https://a', title: '' })).toThrow(ShareError);
  });
});

describe('§5 twitter hashtag and via rules', () => {
  it('drops the hashtags and via parts when empty', () => {
    expect(shareLink({ network: 'twitter', ...page })).toBe(
      `https://twitter.com/intent/tweet?text=${t}&url=${u}`,
    );
    expect(shareLink({ network: 'x', ...page })).toBe(`https://x.com/intent/tweet?text=${t}&url=${u}`);
  });

  it('keeps them when given', () => {
    expect(
      shareLink({ network: 'twitter', ...page, hashtags: 'snowshoe,winter', twitterUser: 'ridgeline' }),
    ).toBe(`https://twitter.com/intent/tweet?text=${t}&url=${u}&hashtags=snowshoe%2Cwinter&via=ridgeline`);
    expect(shareLink({ network: 'twitter', ...page, twitterUser: 'ridgeline' })).toBe(
      `https://twitter.com/intent/tweet?text=${t}&url=${u}&via=ridgeline`,
    );
  });
});

describe('§5 facebook hashtag rule', () => {
  it('uses only the first hashtag, prefixed with an encoded hash', () => {
    const link = shareLink({ network: 'facebook', ...page, quote: 'Go far', hashtags: 'snowshoe,winter' });
    expect(link).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${u}&title=${t}&description=&quote=Go%20far&hashtag=%23snowshoe`,
    );
  });

  it('leaves the hashtag empty without hashtags', () => {
    expect(shareLink({ network: 'facebook', ...page })).toMatch(/&hashtag=$/);
  });
});

describe('§4 which networks open in a tab', () => {
  it('opens sms, messenger, viber and email in a new tab', () => {
    for (const network of ['sms', 'messenger', 'Viber', 'email']) expect(opensInNewTab(network)).toBe(true);
  });

  it('opens http networks in a popup', () => {
    for (const network of ['facebook', 'twitter', 'whatsapp', 'baidu'])
      expect(opensInNewTab(network)).toBe(false);
  });

  it('gives iOS the sms:& form', () => {
    expect(shareLink({ network: 'sms', ...page }, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')).toMatch(
      /^sms:&body=/,
    );
    expect(shareLink({ network: 'sms', ...page }, 'Mozilla/5.0 (Linux; Android 14)')).toMatch(/^sms:\?body=/);
  });
});

describe('§9 share popup', () => {
  it('is 626 by 436 px, polled every 500 ms, centred on the screen', () => {
    expect(SHARE_POPUP).toEqual({ width: 626, height: 436, pollMs: 500 });
    expect(sharePopupFeatures({ width: 1626, height: 1436 })).toBe(
      'height=436,width=626,left=500,top=500,screenX=500,screenY=500',
    );
    expect(sharePopupFeatures({ width: 1626, height: 1436, left: 100, top: 10 })).toContain(
      'left=600,top=510',
    );
  });

  it('fits the popup on a phone screen, never at a negative offset (issue 18 #7)', () => {
    expect(sharePopupFeatures({ width: 390, height: 844 })).toBe(
      'height=436,width=390,left=0,top=204,screenX=0,screenY=204',
    );
    expect(sharePopupFeatures({ width: 320, height: 300 })).toBe(
      'height=300,width=320,left=0,top=0,screenX=0,screenY=0',
    );
  });
});

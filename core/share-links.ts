/**
 * Share links (SPEC §3 share link inputs, §4 share popup, §5, §8), following the share library of the original:
 * the same link templates and placeholders, the same hashtag rules and error message, as pure functions.
 *
 * Placeholders: @u url, @t title, @d description, @q quote, @h hashtags, @m media, @tu twitter user.
 */

export const SHARE_NETWORKS = {
  baidu: 'https://cang.baidu.com/do/add?iu=@u&it=@t',
  bluesky: 'https://bsky.app/intent/compose?text=@t%0D%0A@u',
  buffer: 'https://bufferapp.com/add?text=@t&url=@u',
  email: 'mailto:?subject=@t&body=@u%0D%0A@d',
  evernote: 'https://www.evernote.com/clip.action?url=@u&title=@t',
  facebook: 'https://www.facebook.com/sharer/sharer.php?u=@u&title=@t&description=@d&quote=@q&hashtag=@h',
  flipboard: 'https://share.flipboard.com/bookmarklet/popout?v=2&url=@u&title=@t',
  hackernews: 'https://news.ycombinator.com/submitlink?u=@u&t=@t',
  instapaper: 'https://www.instapaper.com/edit?url=@u&title=@t&description=@d',
  line: 'https://line.me/R/msg/text/?@t%0D%0A@u%0D%0A@d',
  linkedin: 'https://www.linkedin.com/sharing/share-offsite/?url=@u',
  // Mastodon has no single server; this share page lets the visitor pick theirs.
  mastodon: 'https://mastodonshare.com/?text=@t&url=@u',
  messenger: 'fb-messenger://share/?link=@u',
  odnoklassniki: 'https://connect.ok.ru/dk?st.cmd=WidgetSharePreview&st.shareUrl=@u&st.comments=@t',
  pinterest: 'https://pinterest.com/pin/create/button/?url=@u&media=@m&description=@t',
  pocket: 'https://getpocket.com/save?url=@u&title=@t',
  quora: 'https://www.quora.com/share?url=@u&title=@t',
  reddit: 'https://www.reddit.com/submit?url=@u&title=@t',
  skype: 'https://web.skype.com/share?url=@t%0D%0A@u%0D%0A@d',
  sms: 'sms:?body=@t%0D%0A@u%0D%0A@d',
  telegram: 'https://t.me/share/url?url=@u&text=@t%0D%0A@d',
  threads: 'https://www.threads.net/intent/post?text=@t%0D%0A@u',
  tumblr: 'https://www.tumblr.com/share/link?url=@u&name=@t&description=@d',
  twitter: 'https://twitter.com/intent/tweet?text=@t&url=@u&hashtags=@h@tu',
  viber: 'viber://forward?text=@t%0D%0A@u%0D%0A@d',
  vk: 'https://vk.com/share.php?url=@u&title=@t&description=@d&image=@m&noparse=true',
  weibo: 'https://service.weibo.com/share/share.php?url=@u&title=@t&pic=@m',
  whatsapp: 'https://api.whatsapp.com/send?text=@t%0D%0A@u%0D%0A@d',
  wordpress: 'https://wordpress.com/press-this.php?u=@u&t=@t&s=@d&i=@m',
  x: 'https://x.com/intent/tweet?text=@t&url=@u&hashtags=@h@tu',
  xing: 'https://www.xing.com/social/share/spi?op=share&url=@u&title=@t',
  yammer: 'https://www.yammer.com/messages/new?login=true&status=@t%0D%0A@u%0D%0A@d',
} as const;

export type ShareNetwork = keyof typeof SHARE_NETWORKS;

/** §9 share popup size and the §4 poll interval while it is open. */
export const SHARE_POPUP = { width: 626, height: 436, pollMs: 500 } as const;

export interface ShareInput {
  network: string;
  url: string;
  title: string;
  description?: string;
  quote?: string;
  /** Comma-separated, without '#'. */
  hashtags?: string;
  twitterUser?: string;
  media?: string;
}

export class ShareError extends Error {
  override name = 'ShareError';
}

/** §5: network names match case-insensitively. */
export function shareNetworkKey(network: string): ShareNetwork {
  const key = network.toLowerCase();
  if (!Object.hasOwn(SHARE_NETWORKS, key)) throw new ShareError(`Network ${key} does not exist`);
  return key as ShareNetwork;
}

/** Whether the network is one of the twitter-style ones (twitter and its new name x). */
const isTweet = (key: ShareNetwork) => key === 'twitter' || key === 'x';

/**
 * Builds the share URL. Throws for an unknown network (§8) and when a required input (network, url, title) is
 * missing (§5). Twitter drops its hashtags and via parts when they are empty; Facebook takes only the first
 * hashtag, prefixed with an encoded '#'. `userAgent` lets iOS get the `sms:&body=` form it needs.
 */
export function shareLink(input: ShareInput, userAgent = ''): string {
  const missing = (['network', 'url', 'title'] as const).filter((field) => !input[field]);
  if (missing.length > 0) throw new ShareError(`Missing required share input: ${missing.join(', ')}`);
  const key = shareNetworkKey(input.network);
  const hashtags = input.hashtags ?? '';
  const twitterUser = input.twitterUser ?? '';

  let link: string = SHARE_NETWORKS[key];
  const ua = userAgent.toLowerCase();
  if (key === 'sms' && (ua.includes('iphone') || ua.includes('ipad'))) link = link.replace(':?', ':&');
  if (isTweet(key)) {
    if (!hashtags) link = link.replace('&hashtags=@h', '');
    if (!twitterUser) link = link.replace('@tu', '');
  }

  const encodedHashtags =
    key === 'facebook' && hashtags
      ? `%23${encodeURIComponent(hashtags.split(',')[0] as string)}`
      : encodeURIComponent(hashtags);
  // Replacement functions, so that '$' in shared text is never read as a replacement pattern.
  return link
    .replace(/@tu/g, () => `&via=${encodeURIComponent(twitterUser)}`)
    .replace(/@u/g, () => encodeURIComponent(input.url))
    .replace(/@t/g, () => encodeURIComponent(input.title))
    .replace(/@d/g, () => encodeURIComponent(input.description ?? ''))
    .replace(/@q/g, () => encodeURIComponent(input.quote ?? ''))
    .replace(/@h/g, () => encodedHashtags)
    .replace(/@m/g, () => encodeURIComponent(input.media ?? ''));
}

/**
 * §4: networks whose link does not start with http (sms, messenger, viber, email) open in a new tab or their
 * app; the others open in a popup window.
 */
export function opensInNewTab(network: string): boolean {
  return !SHARE_NETWORKS[shareNetworkKey(network)].startsWith('http');
}

/** Window features of the popup, centred on the visitor's screen. */
export function sharePopupFeatures(screen: {
  width: number;
  height: number;
  left?: number;
  top?: number;
}): string {
  // A phone's screen is narrower than the popup: it fills the screen from its edge, never at a negative offset.
  const width = Math.max(0, Math.min(SHARE_POPUP.width, Math.round(screen.width)));
  const height = Math.max(0, Math.min(SHARE_POPUP.height, Math.round(screen.height)));
  const left = Math.round(Math.max(0, (screen.width - width) / 2) + (screen.left ?? 0));
  const top = Math.round(Math.max(0, (screen.height - height) / 2) + (screen.top ?? 0));
  return `height=${height},width=${width},left=${left},top=${top},screenX=${left},screenY=${top}`;
}

import { absoluteMediaUrl, mediaBaseUrl } from '#core/media-url.ts';
import type { ShareMenuNetwork } from '../../components/share-menu.tsx';

/** The product page's share networks, in order. Names are brands; 'Email' is a word and comes from display text. */
export const PRODUCT_SHARE_NETWORKS = [
  { id: 'facebook', label: 'Facebook' },
  { id: 'x', label: 'X' },
  { id: 'pinterest', label: 'Pinterest' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'email', label: 'Email', text: 'share email' },
  { id: 'sms', label: 'SMS' },
] as const satisfies readonly ShareMenuNetwork[];

/** The picture a share of the product carries: its image at 1200 px, from the media service or its CDN. */
export function productShareImage(origin: string, imageId: string): string {
  return absoluteMediaUrl(origin, `${mediaBaseUrl()}/i/ridgeline/${encodeURIComponent(imageId)}?w=1200`);
}

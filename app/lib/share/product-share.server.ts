import { type ShareInput, shareLink } from '#core/share-links.ts';
import { PRODUCT_SHARE_NETWORKS } from './product-networks.ts';

/**
 * The product page's share links, built by its loader: the menu's networks are then links that work without
 * JavaScript, and the links' grammar (core/share-links.ts) stays out of the page's JavaScript (it loads only when
 * the menu opens, for the popup).
 */
export function productShareLinks(input: Omit<ShareInput, 'network'>): Record<string, string> {
  return Object.fromEntries(
    PRODUCT_SHARE_NETWORKS.map(({ id }) => [id, shareLink({ ...input, network: id })]),
  );
}

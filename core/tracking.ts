/**
 * Carriers the store ships with and their public tracking pages: the account and order-status pages link a
 * shipment's tracking number there, and so does the shipping e-mail. The back office offers only these (issue 40:
 * a carrier typed by hand broke the tracking link with a typo); a shipment recorded before that under another
 * name keeps its name and has no link.
 */
const TRACKING: Record<string, (number: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  'Canada Post': (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  Purolator: (n) => `https://www.purolator.com/en/shipping/tracker?pin=${n}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`,
  DPD: (n) => `https://tracking.dpd.de/status/en_US/parcel/${n}`,
  GLS: (n) => `https://gls-group.com/track/${n}`,
  'Japan Post': (n) =>
    `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${n}&locale=en`,
  'Australia Post': (n) => `https://auspost.com.au/mypost/track/details/${n}`,
};

/** The carriers with a tracking link, as a back-office form offers them. */
export const KNOWN_CARRIERS: readonly string[] = Object.keys(TRACKING);

/** The carrier's name as the list spells it, or null when it is not one of the list's. */
export function knownCarrier(carrier: string): string | null {
  const wanted = carrier.trim().toLowerCase();
  return KNOWN_CARRIERS.find((name) => name.toLowerCase() === wanted) ?? null;
}

export function trackingUrl(carrier: string, number: string): string | null {
  const name = knownCarrier(carrier);
  return name ? TRACKING[name]!(encodeURIComponent(number)) : null;
}

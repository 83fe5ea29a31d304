/**
 * Carriers the store ships with and their public tracking pages: the account and order-status pages link a
 * shipment's tracking number there, and so does the shipping e-mail. An unknown carrier has no link.
 */
const TRACKING: Record<string, (number: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${encodeURIComponent(n)}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(n)}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(n)}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${encodeURIComponent(n)}`,
  'Canada Post': (n) =>
    `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${encodeURIComponent(n)}`,
};

/** The carriers with a tracking link, as a back-office form offers them. */
export const KNOWN_CARRIERS: readonly string[] = Object.keys(TRACKING);

export function trackingUrl(carrier: string, number: string): string | null {
  const build = Object.entries(TRACKING).find(
    ([name]) => name.toLowerCase() === carrier.trim().toLowerCase(),
  )?.[1];
  return build ? build(number) : null;
}

/** Regional price lists derived from the USD list price, ending in .95 as a shop's prices do. */
export const PRICE_FACTORS = { us: 1, ca: 1.36, eu_region_1: 0.94 } as const;
export type PriceRegion = keyof typeof PRICE_FACTORS;

export function regionalPrice(usd: number, region: PriceRegion): number {
  if (region === 'us') return usd;
  const whole = Math.ceil(usd * PRICE_FACTORS[region]);
  return whole - 0.05;
}

import { describe, expect, it } from 'vitest';
import { KNOWN_CARRIERS, knownCarrier, trackingUrl } from './tracking.ts';

describe('tracking links', () => {
  it('links each known carrier, whatever the case, with the number encoded', () => {
    expect(trackingUrl('ups', '1Z 99')).toBe('https://www.ups.com/track?tracknum=1Z%2099');
    expect(trackingUrl(' FedEx ', '7946')).toBe('https://www.fedex.com/fedextrack/?trknbr=7946');
    for (const carrier of KNOWN_CARRIERS) expect(trackingUrl(carrier, 'X1'), carrier).toContain('X1');
  });

  it('has no link for a carrier it does not know', () => {
    expect(trackingUrl('Pigeon Post', '1')).toBeNull();
  });
});

describe('the carrier list', () => {
  it('names a carrier as the list spells it, and nothing for one it does not hold', () => {
    expect(knownCarrier(' canada post ')).toBe('Canada Post');
    expect(knownCarrier('DPD')).toBe('DPD');
    expect(knownCarrier('UPSS')).toBeNull();
    expect(KNOWN_CARRIERS).toEqual(expect.arrayContaining(['Purolator', 'GLS', 'Japan Post']));
  });
});

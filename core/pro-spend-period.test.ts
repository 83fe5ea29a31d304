import { describe, expect, it } from 'vitest';
import { proSpendPeriod } from './pro-spend-period.ts';

const at = (iso: string) => new Date(iso);

describe('proSpendPeriod', () => {
  it('is the year of the pro term that contains now, counted back from the expiration date', () => {
    // The demo employee: expiry more than a year ahead; today's orders must count.
    expect(proSpendPeriod(at('2027-12-31T23:59:59Z'), at('2026-11-25T12:00:00Z'))).toEqual({
      start: at('2025-12-31T23:59:59Z'),
      end: at('2026-12-31T23:59:59Z'),
    });
    // Inside the last year of the term: the year before the expiry date.
    expect(proSpendPeriod(at('2027-06-30T00:00:00Z'), at('2026-11-25T12:00:00Z'))).toEqual({
      start: at('2026-06-30T00:00:00Z'),
      end: at('2027-06-30T00:00:00Z'),
    });
  });

  it('always contains now, whatever the expiry (past, far ahead, a leap day, none)', () => {
    const nows = [
      '2026-01-01T00:00:00Z',
      '2026-11-25T12:00:00Z',
      '2028-02-29T10:00:00Z',
      '2031-12-31T23:59:59Z',
    ];
    const expiries = [
      null,
      '2024-02-29T00:00:00Z',
      '2026-11-25T12:00:00Z',
      '2027-12-31T23:59:59Z',
      '2040-03-01T00:00:00Z',
    ];
    for (const now of nows.map(at)) {
      for (const expiry of expiries) {
        const { start, end } = proSpendPeriod(expiry ? at(expiry) : null, now);
        expect(start < now && now <= end, `${expiry} at ${now.toISOString()}`).toBe(true);
        expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
      }
    }
  });

  it('ends exactly at the expiry instant on its last day, and a moment later begins the next year', () => {
    const expiry = at('2026-11-25T12:00:00Z');
    expect(proSpendPeriod(expiry, expiry).end).toEqual(expiry);
    expect(proSpendPeriod(expiry, at('2026-11-25T12:00:01Z')).start).toEqual(expiry);
  });

  it('is the calendar year without an expiration date', () => {
    expect(proSpendPeriod(null, at('2026-11-25T12:00:00Z'))).toEqual({
      start: at('2026-01-01T00:00:00Z'),
      end: at('2027-01-01T00:00:00Z'),
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_STORE_TIME_ZONE,
  daysBetween,
  endOfStoreDay,
  formatStoreDate,
  formatStoreTime,
  isTimeZone,
  parseStoreDateTime,
  startOfStoreDay,
  storeDay,
  toDateTimeLocal,
} from './store-time.ts';

const DENVER = 'America/Denver';
const STOCKHOLM = 'Europe/Stockholm';

describe('isTimeZone', () => {
  it('knows IANA names and UTC, and refuses anything else', () => {
    expect(isTimeZone(DEFAULT_STORE_TIME_ZONE)).toBe(true);
    expect(isTimeZone(DENVER)).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(' Europe/Stockholm')).toBe(false);
  });
});

describe('showing an instant on the store clock', () => {
  const at = new Date('2026-07-01T05:30:00Z');

  it('shows the wall time and day of the zone', () => {
    expect(formatStoreTime(at, 'UTC')).toBe('2026-07-01 05:30');
    // Denver is UTC−6 in summer: still the evening before.
    expect(formatStoreTime(at, DENVER)).toBe('2026-06-30 23:30');
    expect(formatStoreDate(at.toISOString(), DENVER)).toBe('2026-06-30');
    expect(storeDay(at, STOCKHOLM)).toBe('2026-07-01');
    expect(toDateTimeLocal(at, STOCKHOLM)).toBe('2026-07-01T07:30');
  });

  it('shows a dash for no instant', () => {
    expect(formatStoreTime(null, DENVER)).toBe('—');
    expect(formatStoreTime(undefined, DENVER)).toBe('—');
    expect(formatStoreTime('', DENVER)).toBe('—');
    expect(formatStoreDate(null, DENVER)).toBe('—');
    expect(formatStoreDate('', DENVER)).toBe('—');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatStoreTime(new Date('2026-01-15T07:00:00Z'), DENVER)).toBe('2026-01-15 00:00');
  });
});

describe('parseStoreDateTime', () => {
  it('reads a datetime-local value as the wall time of the zone', () => {
    expect(parseStoreDateTime('2026-01-15T09:00', DENVER)?.toISOString()).toBe('2026-01-15T16:00:00.000Z');
    expect(parseStoreDateTime('2026-07-15T09:00', DENVER)?.toISOString()).toBe('2026-07-15T15:00:00.000Z');
    expect(parseStoreDateTime('2026-07-15 09:00:30', 'UTC')?.toISOString()).toBe('2026-07-15T09:00:30.000Z');
  });

  it('reads a date as its midnight', () => {
    expect(parseStoreDateTime('2026-07-15', STOCKHOLM)?.toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });

  it('refuses what is not a real date and time', () => {
    expect(parseStoreDateTime('yesterday', DENVER)).toBeNull();
    expect(parseStoreDateTime('2026-02-30', DENVER)).toBeNull();
    expect(parseStoreDateTime('2026-13-01', DENVER)).toBeNull();
    expect(parseStoreDateTime('2026-01-01T24:00', DENVER)).toBeNull();
    expect(parseStoreDateTime('2026-01-01T10:60', DENVER)).toBeNull();
    expect(parseStoreDateTime('2026-01-01T10:00:60', DENVER)).toBeNull();
  });

  it('moves a time the clocks skip on by the gap (spring forward)', () => {
    // 2026-03-08 02:00 MST jumps to 03:00 MDT: 02:30 does not exist, it reads as 03:30 MDT.
    const skipped = parseStoreDateTime('2026-03-08T02:30', DENVER)!;
    expect(skipped.toISOString()).toBe('2026-03-08T09:30:00.000Z');
    expect(formatStoreTime(skipped, DENVER)).toBe('2026-03-08 03:30');
  });

  it('takes the first of a time the clocks pass twice (fall back)', () => {
    // 2026-11-01 02:00 MDT falls back to 01:00 MST: 01:30 happens at 07:30Z and at 08:30Z.
    expect(parseStoreDateTime('2026-11-01T01:30', DENVER)?.toISOString()).toBe('2026-11-01T07:30:00.000Z');
    expect(parseStoreDateTime('2026-10-25T02:30', STOCKHOLM)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips every wall time it shows', () => {
    const at = new Date('2026-03-29T01:15:00Z');
    expect(parseStoreDateTime(toDateTimeLocal(at, STOCKHOLM), STOCKHOLM)).toEqual(at);
  });
});

describe('store days', () => {
  it('bounds a day from its midnight to the next', () => {
    expect(startOfStoreDay('2026-07-15', DENVER).toISOString()).toBe('2026-07-15T06:00:00.000Z');
    expect(endOfStoreDay('2026-07-15', DENVER).toISOString()).toBe('2026-07-16T06:00:00.000Z');
  });

  it('gives clock-change days their 23 and 25 hours', () => {
    const hours = (day: string) =>
      (endOfStoreDay(day, DENVER).getTime() - startOfStoreDay(day, DENVER).getTime()) / 3_600_000;
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
  });

  it('starts a day whose midnight the clocks skip at its first instant', () => {
    // Santiago springs forward at midnight: 2026-09-06 begins at 01:00 local.
    const start = startOfStoreDay('2026-09-06', 'America/Santiago');
    expect(formatStoreTime(start, 'America/Santiago')).toBe('2026-09-06 01:00');
  });

  it('refuses a day that is not one', () => {
    expect(() => startOfStoreDay('2026-02-30', DENVER)).toThrow(RangeError);
  });

  it('counts calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

/**
 * The store's clock (STORE_TIME_ZONE, an IANA name such as `America/Denver`): every date the back office shows or
 * takes is a wall-clock time there, while the database keeps instants (UTC). Pure, on Intl only, so the server
 * and the browser agree.
 *
 * - show an instant: `formatStoreTime(at, zone)` → `2026-03-08 14:05`, `formatStoreDate(at, zone)` → `2026-03-08`
 * - fill a `datetime-local` or `date` input: `toDateTimeLocal(at, zone)`, `storeDay(at, zone)`
 * - read one: `parseStoreDateTime('2026-03-08T02:30', zone)` → a Date (or null when it is no date)
 * - a day's bounds for a query: `startOfStoreDay(day, zone)` (inclusive), `endOfStoreDay(day, zone)` (exclusive)
 */

/** What an install that never set STORE_TIME_ZONE keeps: the UTC it always showed. */
export const DEFAULT_STORE_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether Intl knows the zone: an IANA name (`Europe/Stockholm`) or `UTC`. */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTimeOf(at: Date, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(at))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const wallAsUtc = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const at = new Date(Math.floor(ms / 1000) * 1000);
  return wallAsUtc(wallTimeOf(at, zone)) - at.getTime();
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** The store's calendar day of an instant, `YYYY-MM-DD`. */
export function storeDay(at: Date | string, zone: string): string {
  const wall = wallTimeOf(toDate(at), zone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** An instant as a `datetime-local` input's value in the store's zone, `YYYY-MM-DDTHH:mm`. */
export function toDateTimeLocal(at: Date | string, zone: string): string {
  const wall = wallTimeOf(toDate(at), zone);
  return `${storeDay(at, zone)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** An instant as the back office shows it, `YYYY-MM-DD HH:mm` on the store's clock; '—' for none. */
export function formatStoreTime(at: Date | string | null | undefined, zone: string): string {
  if (at === null || at === undefined || at === '') return '—';
  return toDateTimeLocal(at, zone).replace('T', ' ');
}

/** An instant's store day as the back office shows it; '—' for none. */
export function formatStoreDate(at: Date | string | null | undefined, zone: string): string {
  if (at === null || at === undefined || at === '') return '—';
  return storeDay(at, zone);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant a wall-clock time in the store's zone names, from a `date` (`YYYY-MM-DD`, its midnight) or
 * `datetime-local` (`YYYY-MM-DDTHH:mm[:ss]`) value; null when it is not a real date and time.
 *
 * Where a clock change makes the wall time ambiguous it is decided as Temporal's 'compatible' does, so a schedule
 * never depends on the server: a time the clocks skip (02:30 on a spring-forward night) moves on by the gap (to
 * 03:30), and a time they pass twice (01:30 on a fall-back night) is its first occurrence.
 */
export function parseStoreDateTime(value: string, zone: string): Date | null {
  const match = LOCAL.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  const wall: WallTime = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
  };
  const local = wallAsUtc(wall);
  // Date.UTC rolls 2026-02-30 over to March: such a value is no date.
  const check = new Date(local);
  if (
    check.getUTCFullYear() !== wall.year ||
    check.getUTCMonth() + 1 !== wall.month ||
    check.getUTCDate() !== wall.day ||
    wall.hour > 23 ||
    wall.minute > 59 ||
    wall.second > 59
  )
    return null;
  // The offsets a day either side: no zone changes its clock twice within two days.
  const earlierOffset = offsetAt(local - 86_400_000, zone);
  const laterOffset = offsetAt(local + 86_400_000, zone);
  const candidates = [local - earlierOffset, local - laterOffset]
    .filter((ms) => wallAsUtc(wallTimeOf(new Date(ms), zone)) === local)
    .sort((a, b) => a - b);
  // No candidate: the clocks skipped this time; the offset in force before the change carries it past the gap.
  return new Date(candidates[0] ?? local - earlierOffset);
}

/** The first instant of a store day (`YYYY-MM-DD`): midnight there, or the first time after a skipped midnight. */
export function startOfStoreDay(day: string, zone: string): Date {
  const start = parseStoreDateTime(day, zone);
  if (!start) throw new RangeError(`Not a day: ${day}`);
  return start;
}

/** The first instant after a store day: the next day's start (days are 23 or 25 hours long at clock changes). */
export function endOfStoreDay(day: string, zone: string): Date {
  return startOfStoreDay(addDays(day, 1), zone);
}

/** A calendar day `count` days after (or, negative, before) `day`, `YYYY-MM-DD`. */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + count)).toISOString().slice(0, 10);
}

/** The days from `first` to `last`, both included; none when `last` comes before `first`. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * A dealer entry as an editor saves it (SPEC §2 stores page): its coordinates placed from the postal data the
 * store locator already uses (seed/search/postal-centroids.json) when they are missing or the postal code moved,
 * and opening hours as rows of days, opening and closing time. Pure: the table and the previous copy come in.
 */
import type { FieldProblem } from './content-schema.ts';

export interface PostalCentroid {
  country: string;
  prefix: string;
  place: string;
  lat: number;
  lng: number;
}

/** Lower case, letters and digits only: 'H2X 1Y4' → 'h2x1y4', '837 52' → '83752'. */
export function normalisePostalCode(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The table's entry with the longest prefix of the postal code in that country (null: any); null when none. */
export function postalCentroid(
  postalCode: string,
  country: string | null,
  table: readonly PostalCentroid[],
): PostalCentroid | null {
  const code = normalisePostalCode(postalCode);
  if (!code) return null;
  let best: PostalCentroid | null = null;
  let bestLength = 0;
  for (const entry of table) {
    if (country !== null && entry.country !== country) continue;
    const prefix = normalisePostalCode(entry.prefix);
    if (prefix.length > bestLength && code.startsWith(prefix)) {
      best = entry;
      bestLength = prefix.length;
    }
  }
  return best;
}

/** The day choices of an opening-hours row (single days and the usual ranges, as the store shows them). */
export const OPENING_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Monday – Friday',
  'Monday – Saturday',
  'Saturday – Sunday',
  'Every day',
] as const;

/** 24-hour clock time, two digits each: 09:00, 18:30. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Problems of the `hours_of_operation` rows: a known day, HH:MM times, opening before closing, no day twice. */
export function openingHoursProblems(hours: unknown): FieldProblem[] {
  if (hours === undefined || hours === null) return [];
  if (!Array.isArray(hours))
    return [{ path: ['hours_of_operation'], message: 'Opening hours must be a list of rows.' }];
  const problems: FieldProblem[] = [];
  const days = new Set<string>();
  hours.forEach((value, index) => {
    const row = record(value);
    const at = (field: string) => ['hours_of_operation', index, field];
    const day = text(row.days_of_week);
    if (!(OPENING_DAYS as readonly string[]).includes(day))
      problems.push({
        path: at('days_of_week'),
        message: `Days must be one of: ${OPENING_DAYS.join(', ')}.`,
      });
    else if (days.has(day))
      problems.push({ path: at('days_of_week'), message: `${day} has a row already: one row per day.` });
    days.add(day);
    const opens = text(row.opening_time);
    const closes = text(row.closing_time);
    if (!CLOCK_TIME.test(opens))
      problems.push({
        path: at('opening_time'),
        message: 'Opens: enter a time as HH:MM, e.g. 09:00.',
      });
    if (!CLOCK_TIME.test(closes))
      problems.push({
        path: at('closing_time'),
        message: 'Closes: enter a time as HH:MM, e.g. 18:00.',
      });
    if (CLOCK_TIME.test(opens) && CLOCK_TIME.test(closes) && opens >= closes)
      problems.push({
        path: at('closing_time'),
        message: `Closes must be later than the opening time (${opens}).`,
      });
  });
  return problems;
}

const coordinate = (value: unknown, limit: number): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
};

/**
 * A dealer's fields as they will be stored: coordinates looked up from the postal code when they are empty, or
 * when the postal code (or country) changed and the editor did not move the coordinates by hand; an unknown
 * postal code is refused on its field. Opening hours are checked row by row.
 */
export function placeDealer(
  fields: Record<string, unknown>,
  previous: Record<string, unknown> | null,
  table: readonly PostalCentroid[],
): { fields: Record<string, unknown> } | { problems: FieldProblem[] } {
  const problems = openingHoursProblems(fields.hours_of_operation);
  const address = record(fields.address);
  const postalCode = text(address.postal_code);
  const country = text(address.country).toLowerCase();
  if (!postalCode) problems.push({ path: ['address', 'postal_code'], message: 'Postal code is required.' });
  if (!/^[a-z]{2}$/.test(country))
    problems.push({
      path: ['address', 'country'],
      message: 'Enter a two-letter country code in lower case, e.g. us.',
    });
  const location = record(fields.location);
  const lat = coordinate(location.lat, 90);
  const lng = coordinate(location.lng, 180);
  const before = previous ? record(previous.address) : {};
  const beforeLocation = previous ? record(previous.location) : {};
  const postalMoved =
    previous !== null &&
    (normalisePostalCode(text(before.postal_code)) !== normalisePostalCode(postalCode) ||
      text(before.country).toLowerCase() !== country);
  const movedByHand =
    previous === null ||
    coordinate(beforeLocation.lat, 90) !== lat ||
    coordinate(beforeLocation.lng, 180) !== lng;
  const lookUp = lat === null || lng === null || (postalMoved && !movedByHand);
  if (problems.length > 0) return { problems };
  if (!lookUp) return { fields: { ...fields, location: { lat, lng } } };
  const found = postalCentroid(postalCode, country, table);
  if (!found)
    return {
      problems: [
        {
          path: ['address', 'postal_code'],
          message: `Postal code ${postalCode} is not one the store locator knows in ${country.toUpperCase()}: check it, or enter the coordinates by hand.`,
        },
      ],
    };
  return { fields: { ...fields, location: { lat: found.lat, lng: found.lng } } };
}

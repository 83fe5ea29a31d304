import { describe, expect, it } from 'vitest';
import { openingHoursProblems, type PostalCentroid, placeDealer, postalCentroid } from './dealer-entry.ts';

const TABLE: PostalCentroid[] = [
  { country: 'us', prefix: '129', place: 'Plattsburgh, NY', lat: 44.7, lng: -73.45 },
  { country: 'us', prefix: '05', place: 'Vermont', lat: 44, lng: -72.7 },
  { country: 'us', prefix: '054', place: 'Burlington, VT', lat: 44.48, lng: -73.21 },
  { country: 'ca', prefix: 'H2', place: 'Montréal', lat: 45.5, lng: -73.57 },
];

const HOURS = [
  { days_of_week: 'Monday – Saturday', opening_time: '09:00', closing_time: '18:00' },
  { days_of_week: 'Sunday', opening_time: '10:00', closing_time: '16:00' },
];

const dealer = (postal_code: string, location: Record<string, unknown> = {}, country = 'us') => ({
  title: 'Trail Shop',
  address: { street_address: '1 Main Street', city: 'Town', postal_code, country },
  location,
  hours_of_operation: HOURS,
});

describe('postal centroids', () => {
  it('take the longest prefix in the country, ignoring spaces and case', () => {
    expect(postalCentroid('05401', 'us', TABLE)?.place).toBe('Burlington, VT');
    expect(postalCentroid('05672', 'us', TABLE)?.place).toBe('Vermont');
    expect(postalCentroid('h2x 1y4', 'ca', TABLE)?.place).toBe('Montréal');
    expect(postalCentroid('H2X 1Y4', 'us', TABLE)).toBeNull();
    expect(postalCentroid('H2X 1Y4', null, TABLE)?.place).toBe('Montréal');
    expect(postalCentroid('99999', 'us', TABLE)).toBeNull();
    expect(postalCentroid(' - ', 'us', TABLE)).toBeNull();
  });
});

describe('opening hours', () => {
  it('accept the seeded rows', () => {
    expect(openingHoursProblems(HOURS)).toEqual([]);
    expect(openingHoursProblems(undefined)).toEqual([]);
  });

  it('refuse unknown days, days twice, times not HH:MM and closing before opening, on the field', () => {
    expect(
      openingHoursProblems([
        { days_of_week: 'Funday', opening_time: '9:00', closing_time: '24:00' },
        { days_of_week: 'Sunday', opening_time: '18:00', closing_time: '09:30' },
        { days_of_week: 'Sunday', opening_time: '10:00', closing_time: '10:00' },
      ]),
    ).toEqual([
      {
        path: ['hours_of_operation', 0, 'days_of_week'],
        message: expect.stringMatching(/^Days must be one of: Monday/),
      },
      {
        path: ['hours_of_operation', 0, 'opening_time'],
        message: 'Opens: enter a time as HH:MM, e.g. 09:00.',
      },
      {
        path: ['hours_of_operation', 0, 'closing_time'],
        message: 'Closes: enter a time as HH:MM, e.g. 18:00.',
      },
      {
        path: ['hours_of_operation', 1, 'closing_time'],
        message: 'Closes must be later than the opening time (18:00).',
      },
      {
        path: ['hours_of_operation', 2, 'days_of_week'],
        message: 'Sunday has a row already: one row per day.',
      },
      {
        path: ['hours_of_operation', 2, 'closing_time'],
        message: 'Closes must be later than the opening time (10:00).',
      },
    ]);
    expect(openingHoursProblems('Mon-Fri 9-5')).toEqual([
      { path: ['hours_of_operation'], message: 'Opening hours must be a list of rows.' },
    ]);
  });
});

describe('placing a dealer', () => {
  it('looks coordinates up when they are empty', () => {
    expect(placeDealer(dealer('12946'), null, TABLE)).toEqual({
      fields: { ...dealer('12946'), location: { lat: 44.7, lng: -73.45 } },
    });
    expect(placeDealer(dealer('12946', { lat: '', lng: null }), null, TABLE)).toEqual({
      fields: { ...dealer('12946'), location: { lat: 44.7, lng: -73.45 } },
    });
  });

  it('keeps coordinates an editor entered, and those of an unchanged postal code', () => {
    const placed = { lat: 44.2795, lng: -73.9799 };
    expect(placeDealer(dealer('12946', placed), null, TABLE)).toEqual({ fields: dealer('12946', placed) });
    const before = dealer('12946', placed);
    const renamed = { ...dealer('12946', placed), title: 'Trail Shop & Café' };
    expect(placeDealer(renamed, before, TABLE)).toEqual({ fields: renamed });
    // The postal code moved and the editor moved the pin too: the editor's pin stays.
    const moved = dealer('05401', { lat: 44.4772, lng: -73.2121 });
    expect(placeDealer(moved, before, TABLE)).toEqual({ fields: moved });
  });

  it('looks coordinates up again when the postal code changed', () => {
    const before = dealer('12946', { lat: 44.2795, lng: -73.9799 });
    expect(placeDealer(dealer('054 01', { lat: 44.2795, lng: -73.9799 }), before, TABLE)).toEqual({
      fields: dealer('054 01', { lat: 44.48, lng: -73.21 }),
    });
  });

  it('refuses an unknown postal code on its field when it must look it up', () => {
    expect(placeDealer(dealer('99999'), null, TABLE)).toEqual({
      problems: [
        {
          path: ['address', 'postal_code'],
          message:
            'Postal code 99999 is not one the store locator knows in US: check it, or enter the coordinates by hand.',
        },
      ],
    });
    expect(placeDealer(dealer('', {}, 'usa'), null, TABLE)).toEqual({
      problems: [
        { path: ['address', 'postal_code'], message: 'Postal code is required.' },
        { path: ['address', 'country'], message: 'Enter a two-letter country code in lower case, e.g. us.' },
      ],
    });
  });

  it('refuses bad opening hours before placing', () => {
    const bad = {
      ...dealer('12946'),
      hours_of_operation: [{ days_of_week: 'Sunday', opening_time: '18:00', closing_time: '09:00' }],
    };
    expect(placeDealer(bad, null, TABLE)).toEqual({
      problems: [
        {
          path: ['hours_of_operation', 0, 'closing_time'],
          message: 'Closes must be later than the opening time (18:00).',
        },
      ],
    });
  });
});

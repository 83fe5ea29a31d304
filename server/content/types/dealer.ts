/** Field schema of a dealer of the store locator: address, coordinates, services and opening hours. */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import {
  COUNTRY_CODE_FORMAT,
  contentType,
  group,
  number,
  regions,
  select,
  TIME_FORMAT,
  text,
  WEB_ADDRESS_FORMAT,
} from './fields.ts';

export const DEALER_SERVICES = ['retail', 'demo', 'rental'];

export const dealer: ContentTypeSchema = contentType(
  'dealer',
  'Dealer',
  'A store that sells the brand, with its location.',
  [
    group(
      'address',
      'Address',
      [
        text('street_address', 'Street address', { mandatory: true, max_length: 200 }),
        text('city', 'City', { mandatory: true, max_length: 100 }),
        text('state', 'State or province', { max_length: 100 }),
        text('postal_code', 'Postal code', { max_length: 20 }),
        text('country', 'Country', { mandatory: true, max_length: 2, ...COUNTRY_CODE_FORMAT }),
      ],
      { mandatory: true },
    ),
    group(
      'location',
      'Coordinates',
      [
        number('lat', 'Latitude', { mandatory: true, min: -90, max: 90 }),
        number('lng', 'Longitude', { mandatory: true, min: -180, max: 180 }),
      ],
      { description: 'Looked up from the postal code when left empty.' },
    ),
    text('phone', 'Phone', { max_length: 40 }),
    text('website', 'Website', { max_length: 500, ...WEB_ADDRESS_FORMAT }),
    select('services', 'Services', DEALER_SERVICES, { multiple: true }),
    regions(),
    group(
      'hours_of_operation',
      'Opening hours',
      [
        text('days_of_week', 'Days', { mandatory: true, max_length: 60 }),
        text('opening_time', 'Opens', { mandatory: true, max_length: 5, ...TIME_FORMAT }),
        text('closing_time', 'Closes', { mandatory: true, max_length: 5, ...TIME_FORMAT }),
      ],
      { multiple: true, max_instance: 14 },
    ),
  ],
  { titleName: 'Name' },
);

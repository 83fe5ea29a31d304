import { describe, expect, it } from 'vitest';
import { footerView } from './footer-view.ts';

describe('footer view (§3 brand settings)', () => {
  it('lays out contact, hours and social links', () => {
    const view = footerView({
      display_name: 'Ridgeline Snowshoe Co.',
      contact: {
        phone: '+1 (802) 555-0142',
        email: 'help@ridgeline.example',
        address: {
          street_address: '48 Mill Brook Road',
          city: 'Waterbury',
          state: 'VT',
          postal_code: '05676',
          country: 'United States',
        },
        hours_of_operation: [
          { days_of_week: 'Monday – Friday', opening_time: '08:00', closing_time: '18:00' },
          { days_of_week: 'Sunday', opening_time: 'Closed', closing_time: 'Closed' },
        ],
      },
      social_media: [
        { network: 'Instagram', url: 'https://www.instagram.com/x' },
        { network: 'Evil', url: 'javascript:alert(1)' },
      ],
    });
    expect(view.address).toEqual(['48 Mill Brook Road', 'Waterbury, VT 05676', 'United States']);
    expect(view.hours).toEqual([
      { days: 'Monday – Friday', hours: '08:00–18:00' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
    expect(view.social).toEqual([{ network: 'Instagram', url: 'https://www.instagram.com/x' }]);
  });

  it('keeps a usable footer when brand settings are empty', () => {
    expect(footerView({})).toEqual({
      displayName: 'Ridgeline Snowshoe Co.',
      phone: null,
      email: null,
      address: [],
      hours: [],
      social: [],
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  csvSafeCell,
  decodeOrderCursor,
  encodeOrderCursor,
  orderFilterQuery,
  orderSearchOf,
} from './order-filter.ts';
import { orderFilterSchema, parseOrderFilter } from './order-filter-schema.ts';

describe('the orders list filter', () => {
  it('reads a query string: repeated status, trimmed search, blanks ignored, default limit', () => {
    const parsed = parseOrderFilter(
      new URLSearchParams('q=%20Anna%20&status=7&status=11&status=&region=ca&paymentMethod=&to=2026-03-01'),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ q: 'Anna', status: [7, 11], region: 'ca', to: '2026-03-01', limit: 50 });
    expect(parseOrderFilter(new URLSearchParams('')).data).toEqual({ status: [], limit: 50 });
    expect(parseOrderFilter(new URLSearchParams('status=11,9,3')).data?.status).toEqual([11, 9, 3]);
  });

  it('refuses unknown statuses, regions, methods, impossible dates, reversed ranges and wild limits', () => {
    for (const query of [
      'status=99',
      'status=x',
      'region=jp',
      'paymentMethod=card',
      'from=2026-02-30',
      'from=01/02/2026',
      'from=2026-03-02&to=2026-03-01',
      'after=abc',
      'limit=0',
      'limit=201',
      `q=${'a'.repeat(201)}`,
    ])
      expect(parseOrderFilter(new URLSearchParams(query)).success, query).toBe(false);
    expect(orderFilterSchema.safeParse({ from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
  });

  it('writes a filter back as a query string for links', () => {
    expect(
      orderFilterQuery(
        {
          q: 'anna',
          status: [7, 11],
          paymentMethod: 'bank_transfer',
          region: 'us',
          from: '2026-01-01',
          to: '2026-01-31',
        },
        { after: '1-2', limit: 20 },
      ),
    ).toBe(
      'q=anna&status=7&status=11&paymentMethod=bank_transfer&region=us&from=2026-01-01&to=2026-01-31&after=1-2&limit=20',
    );
    expect(orderFilterQuery({})).toBe('');
  });

  it('tells an order number, an email prefix and a name apart', () => {
    expect(orderSearchOf('1234')).toEqual({ kind: 'number', id: 1234 });
    expect(orderSearchOf(' #1234 ')).toEqual({ kind: 'number', id: 1234 });
    expect(orderSearchOf('Anna@Example')).toEqual({ kind: 'email', prefix: 'anna@example' });
    expect(orderSearchOf('anna.sm')).toEqual({ kind: 'email', prefix: 'anna.sm' });
    expect(orderSearchOf('Anna')).toEqual({ kind: 'name', first: 'anna', last: null });
    expect(orderSearchOf('Anna  van den Berg')).toEqual({
      kind: 'name',
      first: 'anna',
      last: 'van den berg',
    });
    expect(orderSearchOf('St. John')).toEqual({ kind: 'name', first: 'st.', last: 'john' });
  });

  it('round-trips a keyset cursor and refuses a malformed one', () => {
    const cursor = encodeOrderCursor('1773568800123456', 5002);
    expect(decodeOrderCursor(cursor)).toEqual({ micros: '1773568800123456', id: 5002 });
    expect(decodeOrderCursor('1773568800123456')).toBeNull();
    expect(decodeOrderCursor('x-1')).toBeNull();
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    for (const cell of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx'])
      expect(csvSafeCell(cell)).toEqual({ value: `'${cell}`, guarded: true });
    expect(csvSafeCell('Anna')).toEqual({ value: 'Anna', guarded: false });
    expect(csvSafeCell('a=b')).toEqual({ value: 'a=b', guarded: false });
  });
});

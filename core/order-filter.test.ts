import { describe, expect, it } from 'vitest';
import {
  csvSafeCell,
  decodeOrderCursor,
  encodeOrderCursor,
  ORDER_SORT_LABELS,
  ORDER_SORTS,
  orderFilterQuery,
  orderSearchOf,
  sortOf,
} from './order-filter.ts';
import { orderFilterSchema, parseOrderFilter } from './order-filter-schema.ts';

describe('the orders list filter', () => {
  it('reads a query string: repeated status, trimmed search, blanks ignored, default limit', () => {
    const parsed = parseOrderFilter(
      new URLSearchParams('q=%20Anna%20&status=7&status=11&status=&region=ca&paymentMethod=&to=2026-03-01'),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      q: 'Anna',
      status: [7, 11],
      ids: [],
      payment: [],
      fulfillment: [],
      region: 'ca',
      to: '2026-03-01',
      limit: 50,
    });
    expect(parseOrderFilter(new URLSearchParams('')).data).toEqual({
      status: [],
      ids: [],
      payment: [],
      fulfillment: [],
      limit: 50,
    });
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

describe('the orders list filter: standing, queue, tag and sort (issue 40)', () => {
  const issues = (query: string) => {
    const parsed = parseOrderFilter(new URLSearchParams(query));
    expect(parsed.success, query).toBe(false);
    return parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('runs as asked, else the shipping queue oldest paid first and any other list newest first', () => {
    expect(ORDER_SORTS).toEqual(['newest', 'oldest', 'paid-oldest']);
    for (const sort of ORDER_SORTS) {
      expect(ORDER_SORT_LABELS[sort]).toEqual(expect.any(String));
      expect(sortOf({ sort, queue: 'to-ship' })).toBe(sort);
      expect(sortOf({ sort, queue: undefined })).toBe(sort);
    }
    expect(sortOf({ sort: undefined, queue: 'to-ship' })).toBe('paid-oldest');
    expect(sortOf({ sort: undefined, queue: undefined })).toBe('newest');
    expect(sortOf({})).toBe('newest');
  });

  it('reads payment and fulfilment statuses, repeated or with commas, and the queue, tag and sort', () => {
    const parsed = parseOrderFilter(
      new URLSearchParams(
        'payment=paid,partially_refunded&payment=&fulfillment=unfulfilled&fulfillment=partially_fulfilled,&queue=to-ship&tag=%20vip%20&sort=oldest',
      ),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      status: [],
      ids: [],
      payment: ['paid', 'partially_refunded'],
      fulfillment: ['unfulfilled', 'partially_fulfilled'],
      queue: 'to-ship',
      tag: 'vip',
      sort: 'oldest',
      limit: 50,
    });
    // Blank fields mean no filter.
    expect(parseOrderFilter(new URLSearchParams('queue=&tag=&sort=&payment=&fulfillment=')).data).toEqual({
      status: [],
      ids: [],
      payment: [],
      fulfillment: [],
      limit: 50,
    });
    expect(parseOrderFilter(new URLSearchParams(`tag=${'a'.repeat(40)}`)).success).toBe(true);
  });

  it('refuses unknown values with messages a person can act on', () => {
    expect(issues('status=abc')).toEqual([['status.0', 'Choose a status from the list']]);
    expect(issues('status=1.5')).toEqual([['status.0', 'Choose a status from the list']]);
    expect(issues('status=11,99')).toEqual([['status.1', 'Choose a status from the list']]);
    expect(issues('payment=cash')).toEqual([['payment.0', 'Choose a payment status from the list']]);
    expect(issues('payment=paid,nope')).toEqual([['payment.1', 'Choose a payment status from the list']]);
    expect(issues('fulfillment=shipped')).toEqual([
      ['fulfillment.0', 'Choose a fulfilment status from the list'],
    ]);
    expect(issues('queue=to-pack')).toEqual([['queue', 'Not a queue of this list']]);
    expect(issues('sort=cheapest')).toEqual([['sort', 'Choose an order from the list']]);
    expect(issues(`tag=${'a'.repeat(41)}`)).toEqual([['tag', 'A tag has at most 40 characters']]);
    expect(issues('paymentMethod=card')).toEqual([
      ['paymentMethod', 'Choose a payment method from the list'],
    ]);
    expect(issues('region=jp')).toEqual([['region', 'Choose a region from the list']]);
    expect(issues('limit=abc')).toEqual([['limit', 'Give a number of orders per page']]);
    expect(issues('limit=2.5')).toEqual([['limit', 'Give a whole number of orders per page']]);
  });

  it('writes the queue, statuses, tag and sort back for links, and reads them back the same', () => {
    const filter = {
      q: 'anna',
      status: [11],
      queue: 'to-ship' as const,
      payment: ['paid' as const, 'partially_refunded' as const],
      fulfillment: ['unfulfilled' as const],
      tag: 'vip',
      sort: 'oldest' as const,
      region: 'us' as const,
      ids: [5, 7],
    };
    const query = orderFilterQuery(filter, { limit: 20 });
    expect(query).toBe(
      'q=anna&status=11&id=5&id=7&queue=to-ship&payment=paid&payment=partially_refunded&fulfillment=unfulfilled&tag=vip&sort=oldest&region=us&limit=20',
    );
    expect(parseOrderFilter(new URLSearchParams(query)).data).toEqual({ ...filter, limit: 20 });
    // The sort a list runs in anyway is left out of its links: the queue's oldest paid first, a list's newest.
    expect(orderFilterQuery({ queue: 'to-ship', sort: 'paid-oldest' })).toBe('queue=to-ship');
    expect(orderFilterQuery({ sort: 'newest' })).toBe('');
    expect(orderFilterQuery({ sort: 'paid-oldest' })).toBe('sort=paid-oldest');
    expect(
      orderFilterQuery({ payment: [], fulfillment: [], queue: undefined, tag: '', sort: undefined }),
    ).toBe('');
  });
});

describe('a filter typed or linked carelessly', () => {
  it('takes a tag of spaces as no tag, and a status named twice once', () => {
    const parsed = parseOrderFilter(
      new URLSearchParams(
        'tag=%20%20&payment=paid&payment=paid&payment=paid,paid,paid,paid&status=11&status=11',
      ),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ payment: ['paid'], status: [11] });
    expect(parsed.data?.tag).toBeUndefined();
  });
});

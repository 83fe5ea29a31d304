import { describe, expect, it } from 'vitest';
import {
  type AuditNames,
  type AuditRecord,
  auditNameRequests,
  describeAudit,
  formatAuditMoney,
} from './audit-sentence.ts';

const ADA = { actorName: 'Ada', actorEmail: 'ada@shop.test', actorStaffId: 1 };

const entry = (fields: Partial<AuditRecord> & Pick<AuditRecord, 'action' | 'entity'>): AuditRecord => ({
  entityId: '1',
  before: null,
  after: null,
  ...ADA,
  ...fields,
});

const NAMES: AuditNames = {
  products: { '101': 'Summit Trail 25' },
  variants: { '371': { name: 'Summit Trail 25 in red', productId: 101 } },
  orders: { '106': { currency: 'USD' } },
  customers: { '7': 'Jane Doe' },
  staff: { '1': 'Ada', '2': 'Bob' },
  content: { 'header/site-header/sv': 'Site header' },
  groups: { '1': 'Retail', '4': 'Pro US' },
  shippingMethods: { '3': 'Standard' },
  shippingZones: { '2': 'Europe' },
};

const sentence = (fields: Parameters<typeof entry>[0], names: AuditNames = NAMES) =>
  describeAudit(entry(fields), names).sentence;

describe('describeAudit: stock', () => {
  it('says a delivery in a sentence, with the field and a link to the stock page', () => {
    const described = describeAudit(
      entry({
        action: 'stock.delivery',
        entity: 'variant',
        entityId: '371',
        before: { level: 3 },
        after: { variantId: 371, sku: 'ST25-RED', reason: 'delivery', level: 12 },
      }),
      NAMES,
    );
    expect(described.sentence).toBe('Ada set stock of Summit Trail 25 in red to 12 (was 3): delivery');
    // The variant, its SKU and the reason are in the sentence: the fields are what changed.
    expect(described.changes).toEqual([{ field: 'Stock', before: '3', after: '12' }]);
    expect(described.link).toEqual({
      href: '/admin/products/101/stock',
      label: 'Stock of Summit Trail 25 in red',
    });
  });

  it('adds the note, and names a variant it could not look up by its SKU', () => {
    const described = describeAudit(
      entry({
        action: 'stock.damage',
        entity: 'variant',
        entityId: '9',
        before: { level: 5 },
        after: { sku: 'X-1', level: 4, note: 'dropped' },
      }),
    );
    expect(described.sentence).toBe('Ada set stock of X-1 to 4 (was 5): damage (dropped)');
    expect(described.changes).toEqual([
      { field: 'Stock', before: '5', after: '4' },
      { field: 'Note', before: '—', after: 'dropped' },
    ]);
    expect(described.link).toBeNull();
    expect(
      sentence({ action: 'stock.count', entity: 'variant', entityId: '9', before: { sku: 'B' } }, {}),
    ).toBe('Ada set stock of B to — (was —): stock count');
    expect(sentence({ action: 'stock.count', entity: 'variant', entityId: '9' }, {})).toMatch(
      /of variant 9 /,
    );
  });

  it('lists a batch per SKU', () => {
    const described = describeAudit(
      entry({
        action: 'stock.batch',
        entity: 'stock',
        entityId: '2 changes',
        before: [
          { variantId: 1, level: 0 },
          { variantId: 2, level: 5 },
        ],
        after: [
          { variantId: 1, sku: 'A', level: 3, reason: 'count' },
          { variantId: 2, level: 6, reason: 'return' },
        ],
      }),
    );
    expect(described.sentence).toBe('Ada changed stock of 2 variants');
    expect(described.changes).toEqual([
      { field: 'Stock of A', before: '0', after: '3' },
      { field: 'Stock of variant 2', before: '5', after: '6' },
    ]);
    expect(described.link).toBeNull();
    expect(sentence({ action: 'stock.batch', entity: 'stock', after: null })).toBe(
      'Ada changed stock of 0 variants',
    );
    expect(describeAudit(entry({ action: 'stock.batch', entity: 'stock' })).changes).toEqual([]);
  });

  it('falls back for a stock reason it does not know', () => {
    expect(sentence({ action: 'stock.theft', entity: 'variant', entityId: '371' })).toBe(
      'Ada did stock.theft on Summit Trail 25 in red',
    );
  });

  it('says a low-stock threshold, the default included', () => {
    expect(
      sentence({
        action: 'variant.low-stock-threshold',
        entity: 'variant',
        entityId: '371',
        before: { sku: 'S', lowStockThreshold: null },
        after: { sku: 'S', lowStockThreshold: 4 },
      }),
    ).toBe('Ada set the low-stock threshold of Summit Trail 25 in red to 4 (was the default)');
    expect(
      sentence({
        action: 'variant.low-stock-threshold',
        entity: 'variant',
        entityId: '371',
        before: { lowStockThreshold: 4 },
        after: { lowStockThreshold: null },
      }),
    ).toBe('Ada set the low-stock threshold of Summit Trail 25 in red to the default (was 4)');
  });
});

describe('describeAudit: products and prices', () => {
  const product = (action: string, before: unknown = null, after: unknown = null) =>
    sentence({ action, entity: 'product', entityId: '101', before, after });

  it('says every product change with its name', () => {
    expect(product('product.create', null, { name: 'Summit Trail 25' })).toBe('Ada created Summit Trail 25');
    expect(product('product.publish')).toBe('Ada published Summit Trail 25');
    expect(product('product.duplicate', { name: 'Summit Trail' }, { name: 'Summit Trail (copy)' })).toBe(
      'Ada duplicated “Summit Trail” as Summit Trail 25',
    );
    expect(product('product.duplicate')).toBe('Ada duplicated a product as Summit Trail 25');
    expect(product('product.unpublish')).toBe('Ada unpublished Summit Trail 25');
    expect(product('product.flags')).toBe('Ada changed the tags of Summit Trail 25');
    expect(product('product.fit-chart', null, { name: 'Deep snow' })).toBe(
      'Ada changed the fit chart of Summit Trail 25 (series “Deep snow”)',
    );
    expect(product('product.fit-chart')).toBe('Ada changed the fit chart of Summit Trail 25');
    expect(product('product.fit-series', null, { seriesId: 4, name: 'Deep snow' })).toBe(
      'Ada sized Summit Trail 25 by “Deep snow”',
    );
    expect(product('product.fit-series', null, { seriesId: 4 })).toBe(
      'Ada sized Summit Trail 25 by another series',
    );
    expect(product('product.fit-series', { seriesId: 4 }, null)).toBe(
      'Ada removed the fit chart of Summit Trail 25',
    );
    expect(product('product.category', { categoryId: 3 }, { categoryId: 36 })).toBe(
      'Ada moved Summit Trail 25 to category 36',
    );
    expect(product('product.image.upload')).toBe('Ada added an image to Summit Trail 25');
    expect(product('product.image.move')).toBe('Ada reordered the images of Summit Trail 25');
    expect(product('product.image.remove')).toBe('Ada removed an image from Summit Trail 25');
    expect(product('product.image.colour', null, { colour: 'Red' })).toBe(
      'Ada chose another image for Red of Summit Trail 25',
    );
    expect(product('product.image.colour')).toBe('Ada chose another image for a colour of Summit Trail 25');
    expect(product('product.prices')).toBe('Ada changed prices of Summit Trail 25');
  });

  it('names the option value added or retired', () => {
    expect(
      product(
        'product.option-value.add',
        { option: 'Colour', values: ['Red'] },
        { option: 'Colour', values: ['Red', 'Blue'] },
      ),
    ).toBe('Ada added Blue to Colour of Summit Trail 25');
    expect(
      product(
        'product.option-value.retire',
        { option: 'Colour', values: ['Red', 'Blue'] },
        { option: 'Colour', values: ['Red'] },
      ),
    ).toBe('Ada retired Blue from Colour of Summit Trail 25');
    expect(product('product.option-value.add')).toBe('Ada added a value to an option of Summit Trail 25');
    expect(product('product.option-value.retire')).toBe(
      'Ada retired a value from an option of Summit Trail 25',
    );
  });

  it('says a price in its currency, and shows sale dates on the store clock', () => {
    const described = describeAudit(
      entry({
        action: 'product.price',
        entity: 'product',
        entityId: '101',
        before: {
          regionId: 'us',
          currency: 'USD',
          retail: 49,
          sale: null,
          saleStartsAt: null,
          saleEndsAt: null,
        },
        after: {
          regionId: 'us',
          currency: 'USD',
          retail: 59,
          sale: 45,
          saleStartsAt: '2026-07-01T06:00:00.000Z',
          saleEndsAt: null,
        },
      }),
      NAMES,
      'America/Denver',
    );
    expect(described.sentence).toBe('Ada set the price of Summit Trail 25 in us to $59.00 (was $49.00)');
    expect(described.changes).toEqual([
      { field: 'Price', before: '$49.00', after: '$59.00' },
      { field: 'Sale price', before: '—', after: '$45.00' },
      { field: 'Sale starts', before: '—', after: '2026-07-01 00:00' },
    ]);
    expect(described.link).toEqual({ href: '/admin/products/101', label: 'Summit Trail 25' });
    expect(
      product('product.price', { regionId: 'us' }, { regionId: 'eu_region_1', currency: 'EUR', retail: 50 }),
    ).toBe('Ada priced Summit Trail 25 in eu_region_1 at 50,00 €');
    expect(product('product.price')).toBe('Ada priced Summit Trail 25 in a region at —');
  });

  it("names a variant's own price, and its return to the product's price", () => {
    const us = { regionId: 'us', currency: 'USD', variant: 'Black / 30 in' };
    expect(product('product.variant-price', { ...us, productPrice: 179.95 }, { ...us, retail: 199.95 })).toBe(
      'Ada priced Summit Trail 25 Black / 30 in in us at $199.95',
    );
    expect(product('product.variant-price', { ...us, retail: 199.95 }, { ...us, retail: 209.95 })).toBe(
      'Ada set the price of Summit Trail 25 Black / 30 in in us to $209.95 (was $199.95)',
    );
    expect(product('product.variant-price', { ...us, retail: 199.95 }, { ...us, productPrice: 179.95 })).toBe(
      "Ada set Summit Trail 25 Black / 30 in in us back to the product's price",
    );
    expect(product('product.variant-price', null, { retail: 5 })).toBe(
      'Ada priced Summit Trail 25 a variant in a region at 5',
    );
  });

  it('says a sale ended, and a CSV import', () => {
    expect(product('product.sale-removed', { regionId: 'ca' }, {})).toBe(
      'Ada ended the sale of Summit Trail 25 in ca',
    );
    expect(product('product.sale-removed', null, { regionId: 'us' })).toBe(
      'Ada ended the sale of Summit Trail 25 in us',
    );
    expect(product('product.sale-removed')).toBe('Ada ended the sale of Summit Trail 25 in a region');
    const imported = describeAudit(
      entry({
        action: 'catalogue.import',
        entity: 'catalogue',
        entityId: 'csv',
        before: { rows: [{ sku: 'A', price: 10 }] },
        after: { file: 'spring.csv', changedRows: 1, rows: 20, changes: [{ sku: 'A', price: 12 }] },
      }),
    );
    expect(imported.sentence).toBe('Ada imported “spring.csv”: 1 row changed');
    expect(imported.link).toEqual({ href: '/admin/products', label: 'Products' });
    expect(imported.changes).toContainEqual({ field: 'Rows 1 › Sku', before: 'A', after: '—' });
    expect(sentence({ action: 'catalogue.import', entity: 'catalogue', after: { changedRows: 3 } })).toBe(
      'Ada imported a CSV file: 3 rows changed',
    );
  });

  it('counts no rows for an import entry without its figures', () => {
    expect(sentence({ action: 'catalogue.import', entity: 'catalogue' })).toBe(
      'Ada imported a CSV file: 0 rows changed',
    );
  });

  it('names a product it could not look up by its id or name', () => {
    expect(sentence({ action: 'product.publish', entity: 'product', entityId: '5' }, {})).toBe(
      'Ada published product 5',
    );
  });
});

describe('describeAudit: orders', () => {
  const order = (action: string, after: unknown = {}) =>
    describeAudit(
      entry({
        action,
        entity: 'order',
        entityId: '106',
        before: { status: 'Pending', statusId: 1, version: 2 },
        after,
      }),
      NAMES,
    );

  it('says each lifecycle step, money in the order’s currency', () => {
    expect(order('order.paid').sentence).toBe('Ada marked order 106 paid');
    expect(order('order.shipped', { carrier: 'UPS' }).sentence).toBe('Ada shipped order 106 with UPS');
    expect(order('order.shipped').sentence).toBe('Ada shipped order 106');
    expect(order('order.delivered').sentence).toBe('Ada marked order 106 delivered');
    expect(order('order.cancelled', { reason: 'Out of stock' }).sentence).toBe(
      'Ada cancelled order 106: Out of stock',
    );
    expect(order('order.cancelled').sentence).toBe('Ada cancelled order 106');
    expect(order('order.refunded', { amount: 20, reason: 'Late' }).sentence).toBe(
      'Ada refunded $20.00 of order 106: Late',
    );
    expect(order('order.refunded', { amount: 20 }).sentence).toBe('Ada refunded $20.00 of order 106');
    expect(order('order.paid').link).toEqual({ href: '/admin/orders/106', label: 'order 106' });
  });

  it('leaves out the order’s bookkeeping fields and flattens refund lines', () => {
    const refunded = order('order.refunded', {
      status: 'Refunded',
      statusId: 4,
      version: 3,
      amount: 20,
      lines: [{ orderItemId: 5, quantity: 1 }],
    });
    expect(refunded.changes).toEqual([
      { field: 'Status', before: 'Pending', after: 'Refunded' },
      { field: 'Amount', before: '—', after: '$20.00' },
      { field: 'Lines 1 › Order item id', before: '—', after: '5' },
      { field: 'Lines 1 › Quantity', before: '—', after: '1' },
    ]);
  });

  it('falls back for an order action it does not know', () => {
    expect(order('order.held').sentence).toBe('Ada did order.held on order 106');
  });
});

describe('describeAudit: customers', () => {
  const customer = (action: string, before: unknown = null, after: unknown = null, names = NAMES) =>
    describeAudit(entry({ action, entity: 'customer', entityId: '7', before, after }), names);

  it('says every customer change with the customer’s name and a link', () => {
    const moved = customer('customer.group-changed', { groupId: 1 }, { groupId: 4 });
    expect(moved.sentence).toBe('Ada moved Jane Doe to Pro US (was Retail)');
    expect(moved.changes).toEqual([{ field: 'Group', before: 'Retail', after: 'Pro US' }]);
    expect(moved.link).toEqual({ href: '/admin/customers/7', label: 'Jane Doe' });
    expect(customer('customer.group-changed', { groupId: 1 }, { groupId: 9 }, {}).sentence).toBe(
      'Ada moved customer 7 to group 9 (was group 1)',
    );
    expect(customer('customer.password-reset-sent').sentence).toBe('Ada sent Jane Doe a password-reset link');
    expect(customer('customer.disabled').sentence).toBe('Ada disabled the account of Jane Doe');
    expect(customer('customer.enabled').sentence).toBe('Ada enabled the account of Jane Doe');
    expect(customer('customer.exported').sentence).toBe('Ada exported the personal data of Jane Doe');
    expect(customer('customer.erased').sentence).toBe('Ada erased Jane Doe');
  });

  it('says pro decisions', () => {
    expect(customer('pro.approved').sentence).toBe('Ada approved the pro application of Jane Doe');
    expect(customer('pro.rejected', null, { reason: 'No company' }).sentence).toBe(
      'Ada rejected the pro application of Jane Doe: No company',
    );
    expect(customer('pro.rejected').sentence).toBe('Ada rejected the pro application of Jane Doe');
    expect(customer('pro.terms-changed', { spendLimit: 100 }, { spendLimit: 200 }).sentence).toBe(
      'Ada changed the pro terms of Jane Doe',
    );
  });

  it('shows instants on the store clock and booleans as yes or no', () => {
    const disabled = describeAudit(
      entry({
        action: 'customer.disabled',
        entity: 'customer',
        entityId: '7',
        before: { disabledAt: null, mfa: false },
        after: { disabledAt: '2026-01-15T07:00:00.000Z', mfa: true },
      }),
      NAMES,
      'America/Denver',
    );
    expect(disabled.changes).toEqual([
      { field: 'Disabled at', before: '—', after: '2026-01-15 00:00' },
      { field: 'Mfa', before: 'no', after: 'yes' },
    ]);
  });
});

describe('describeAudit: groups and shipping', () => {
  it('says rule changes and lists the rules field by field', () => {
    const added = describeAudit(
      entry({
        action: 'customer-group.rule-added',
        entity: 'customer-group',
        entityId: '4',
        before: [],
        after: [{ type: 'all', method: 'percent', amount: '10' }],
      }),
      NAMES,
    );
    expect(added.sentence).toBe('Ada added a discount rule to Pro US');
    expect(added.changes).toEqual([
      { field: 'Rule 1 › Type', before: '—', after: 'all' },
      { field: 'Rule 1 › Method', before: '—', after: 'percent' },
      { field: 'Rule 1 › Amount', before: '—', after: '10' },
    ]);
    expect(added.link).toEqual({ href: '/admin/groups/4', label: 'Pro US' });
    expect(sentence({ action: 'customer-group.rule-removed', entity: 'customer-group', entityId: '8' })).toBe(
      'Ada removed a discount rule from customer group 8',
    );
  });

  it('says shipping changes and links to the shipping page', () => {
    const method = describeAudit(
      entry({
        action: 'shipping.method',
        entity: 'shipping-method',
        entityId: '3',
        before: { id: 3, name: 'Standard', enabled: true, ranges: [{ lower_limit: 0, shipping_cost: 5 }] },
        after: { id: 3, name: 'Standard', enabled: false, ranges: [{ lower_limit: 0, shipping_cost: 6 }] },
      }),
      NAMES,
    );
    expect(method.sentence).toBe('Ada changed shipping method Standard');
    expect(method.changes).toEqual([
      { field: 'Enabled', before: 'yes', after: 'no' },
      { field: 'Ranges 1 › Shipping cost', before: '5', after: '6' },
    ]);
    expect(method.link).toEqual({ href: '/admin/shipping', label: 'Shipping' });
    expect(
      sentence(
        { action: 'shipping.method', entity: 'shipping-method', entityId: '9', after: { name: 'Express' } },
        {},
      ),
    ).toBe('Ada changed shipping method Express');
    expect(sentence({ action: 'shipping.method', entity: 'shipping-method', entityId: '9' }, {})).toBe(
      'Ada changed shipping method shipping method 9',
    );
    expect(sentence({ action: 'shipping.zone', entity: 'shipping-zone', entityId: '2' })).toBe(
      'Ada changed the countries of shipping zone Europe',
    );
    expect(
      sentence(
        { action: 'shipping.zone', entity: 'shipping-zone', entityId: '5', after: { name: 'Nordics' } },
        {},
      ),
    ).toBe('Ada changed the countries of shipping zone Nordics');
    expect(sentence({ action: 'shipping.zone', entity: 'shipping-zone', entityId: '5' }, {})).toBe(
      'Ada changed the countries of shipping zone shipping zone 5',
    );
    expect(
      sentence({
        action: 'shipping.free-minimum',
        entity: 'shipping-region',
        entityId: 'us',
        before: { freeShippingMinimum: 75 },
        after: { freeShippingMinimum: 100 },
      }),
    ).toBe('Ada set the free-shipping minimum of region us to 100 (was 75)');
    const groups = describeAudit(
      entry({
        action: 'shipping.free-groups',
        entity: 'shipping-region',
        entityId: 'us',
        before: { isEnabled: false, groupIds: [] },
        after: { isEnabled: true, groupIds: [1, 4] },
      }),
      NAMES,
    );
    expect(groups.sentence).toBe('Ada changed which groups of region us ship free');
    expect(groups.changes).toEqual([
      { field: 'Applies', before: 'no', after: 'yes' },
      { field: 'Groups without free shipping', before: 'none', after: 'Retail, Pro US' },
    ]);
  });
});

describe('describeAudit: content', () => {
  const content = (action: string, before: unknown = null, after: unknown = null) =>
    describeAudit(
      entry({ action, entity: 'content_entry', entityId: 'header/site-header/sv', before, after }),
      NAMES,
    );

  it('names the entry by its title, type and locale and links to it', () => {
    const saved = content(
      'content.entry.save',
      { version: 3, title: 'Header' },
      { version: 4, title: 'Header' },
    );
    expect(saved.sentence).toBe('Ada saved Header (header, sv) as version 4');
    expect(saved.changes).toEqual([{ field: 'Version', before: '3', after: '4' }]);
    expect(saved.link).toEqual({
      href: '/admin/content/header/site-header/sv',
      label: 'Header (header, sv)',
    });
    expect(content('content.entry.create', null, { version: 1, title: 'Header' }).sentence).toBe(
      'Ada created Header (header, sv)',
    );
    expect(content('content.entry.restore', null, { version: 5 }).sentence).toBe(
      'Ada restored an earlier version of Site header (header, sv) as version 5',
    );
    expect(content('content.entry.save').sentence).toBe('Ada saved Site header (header, sv) as version ?');
    expect(content('content.entry.restore').sentence).toMatch(/as version \?$/);
    expect(content('content.entry.localise').sentence).toBe(
      'Ada made a copy of its own of Site header (header, sv)',
    );
    expect(content('content.entry.unlocalise', { title: 'Rubrik' }).sentence).toBe(
      'Ada removed the copy of its own of Rubrik (header, sv)',
    );
    expect(content('content.entry.publish', null, { environments: ['production', 'staging'] }).sentence).toBe(
      'Ada published Site header (header, sv) to production, staging',
    );
    expect(content('content.entry.unpublish', { environments: ['staging'] }).sentence).toBe(
      'Ada unpublished Site header (header, sv) from staging',
    );
  });

  it('links nowhere for a deleted entry', () => {
    const deleted = content('content.entry.delete', { title: 'Old header' });
    expect(deleted.sentence).toBe('Ada deleted Old header (header, sv)');
    expect(deleted.link).toBeNull();
  });

  it('falls back on the uid, and links nowhere for an id it cannot read', () => {
    const odd = describeAudit(
      entry({ action: 'content.entry.save', entity: 'content_entry', entityId: 'odd' }),
    );
    expect(odd.sentence).toBe('Ada saved odd (odd, undefined) as version ?');
    expect(odd.link).toBeNull();
    expect(
      describeAudit(entry({ action: 'content.entry.save', entity: 'content_entry', entityId: 'a/b/c' }))
        .sentence,
    ).toBe('Ada saved b (a, c) as version ?');
  });

  it('says asset changes by title', () => {
    const asset = (action: string, before: unknown = null, after: unknown = null) =>
      describeAudit(entry({ action, entity: 'content_asset', entityId: 'blt1', before, after }));
    expect(asset('content.asset.upload', null, { title: 'Hero' }).sentence).toBe('Ada uploaded asset “Hero”');
    expect(asset('content.asset.upload', null, { title: 'Hero' }).link).toEqual({
      href: '/admin/content/assets',
      label: 'Assets',
    });
    expect(asset('content.asset.publish').sentence).toBe('Ada published asset asset blt1');
    expect(asset('content.asset.unpublish').sentence).toBe('Ada unpublished asset asset blt1');
    const deleted = asset('content.asset.delete', { title: 'Hero', publishedTo: ['production'] });
    expect(deleted.sentence).toBe('Ada deleted asset “Hero”');
    expect(deleted.link).toBeNull();
  });
});

describe('describeAudit: staff', () => {
  const staff = (action: string, fields: Partial<AuditRecord> = {}) =>
    describeAudit(entry({ action, entity: 'staff', entityId: '2', ...fields }), NAMES);

  it('says what an owner did to another account', () => {
    expect(staff('create', { after: { name: 'Bob', role: 'editor' } }).sentence).toBe(
      'Ada added Bob as editor',
    );
    expect(staff('create').sentence).toBe('Ada added Bob as staff');
    expect(staff('role', { before: { role: 'editor' }, after: { role: 'owner' } }).sentence).toBe(
      'Ada made Bob owner (was editor)',
    );
    expect(staff('role').sentence).toBe('Ada made Bob another role (was unknown)');
    expect(staff('disable').sentence).toBe('Ada disabled the account of Bob');
    expect(staff('enable').sentence).toBe('Ada enabled the account of Bob');
    expect(staff('reset-password').sentence).toBe('Ada gave Bob a new one-time password');
    expect(staff('reset-totp').sentence).toBe('Ada removed the two-factor sign-in of Bob');
    expect(staff('change-password').sentence).toBe('Ada changed the password of Bob');
    expect(staff('enrol-totp').sentence).toBe('Ada set up two-factor sign-in for Bob');
    expect(staff('disable').link).toEqual({ href: '/admin/staff', label: 'Staff' });
  });

  it('says what staff did to their own account', () => {
    const own = { actorName: 'Bob', actorStaffId: 2 };
    expect(staff('change-password', own).sentence).toBe('Bob chose a new password');
    expect(staff('enrol-totp', own).sentence).toBe('Bob set up two-factor sign-in');
  });

  it('says sign-ins and invitations', () => {
    expect(staff('sign-in').sentence).toBe('Bob signed in');
    expect(staff('sign-in-failed').sentence).toBe('A sign-in as Bob failed');
    expect(staff('sign-in-throttled').sentence).toBe('Sign-in as Bob was paused after too many attempts');
    expect(staff('code-failed').sentence).toBe('A wrong sign-in code was entered for Bob');
    expect(staff('invitation-sent', { entityId: '9', after: { email: 'cy@shop.test' } }).sentence).toBe(
      'Ada invited cy@shop.test to the back office',
    );
    expect(
      describeAudit(
        entry({ action: 'invitation-sent', entity: 'staff', entityId: '9', after: { name: 'Cy' } }),
      ).sentence,
    ).toBe('Ada invited Cy to the back office');
    expect(
      describeAudit(
        entry({ action: 'sign-in-failed', entity: 'staff', entityId: '9', after: { email: 'x@y.z' } }),
      ).sentence,
    ).toBe('A sign-in as x@y.z failed');
    expect(describeAudit(entry({ action: 'sign-in', entity: 'staff', entityId: '9' })).sentence).toBe(
      'staff member 9 signed in',
    );
  });

  it('falls back for a staff action it does not know', () => {
    expect(staff('staff.updated').sentence).toBe('Ada did staff.updated on Bob');
  });
});

describe('describeAudit: the actor and unknown actions', () => {
  it('names an actor without a name by email, and one with neither as someone', () => {
    expect(sentence({ action: 'product.publish', entity: 'product', entityId: '101', actorName: null })).toBe(
      'ada@shop.test published Summit Trail 25',
    );
    expect(
      sentence({
        action: 'product.publish',
        entity: 'product',
        entityId: '101',
        actorName: ' ',
        actorEmail: '',
      }),
    ).toBe('Someone published Summit Trail 25');
  });

  it('reads a new action as a sentence and still lists its fields', () => {
    const unknown = describeAudit(
      entry({
        action: 'customer-group.renamed',
        entity: 'customer_group_v2',
        entityId: '2',
        before: { name: 'A', extra: { nested: [1, 2] } },
        after: { name: 'B', extra: { nested: [1, 2], blob: [[1]] } },
      }),
    );
    expect(unknown.sentence).toBe('Ada did customer-group.renamed on customer group v2 2');
    expect(unknown.link).toBeNull();
    expect(unknown.changes).toEqual([
      { field: 'Name', before: 'A', after: 'B' },
      { field: 'Extra › Blob 1', before: '—', after: '1' },
    ]);
  });

  it('numbers the items of a list of records it has no name for', () => {
    expect(describeAudit(entry({ action: 'x', entity: 'y', before: [{ a: 1 }], after: [] })).changes).toEqual(
      [{ field: 'Item 1 › A', before: '1', after: '—' }],
    );
  });

  it('shows a value it cannot flatten as text', () => {
    expect(describeAudit(entry({ action: 'x', entity: 'y', after: 5 })).changes).toEqual([
      { field: 'Value', before: '—', after: '5' },
    ]);
  });
});

describe('auditNameRequests', () => {
  it('asks for each id once per kind, group ids of group changes included', () => {
    const requests = auditNameRequests([
      { entity: 'product', entityId: '101', before: null, after: null },
      { entity: 'product', entityId: '101', before: null, after: null },
      { entity: 'variant', entityId: '371', before: null, after: null },
      { entity: 'order', entityId: '106', before: null, after: null },
      { entity: 'customer', entityId: '7', before: { groupId: 1 }, after: { groupId: 4 } },
      { entity: 'staff', entityId: '2', before: null, after: null },
      { entity: 'content_entry', entityId: 'header/site-header/sv', before: null, after: null },
      { entity: 'customer-group', entityId: '4', before: [], after: [] },
      { entity: 'shipping-method', entityId: '3', before: null, after: null },
      { entity: 'shipping-zone', entityId: '2', before: null, after: null },
      { entity: 'shipping-region', entityId: 'us', before: null, after: null },
      { entity: 'stock', entityId: '2 changes', before: [], after: [] },
    ]);
    expect(requests).toEqual({
      products: [101],
      variants: [371],
      orders: [106],
      customers: [7],
      staff: [2],
      content: ['header/site-header/sv'],
      groups: [1, 4],
      shippingMethods: [3],
      shippingZones: [2],
    });
  });
});

describe('formatAuditMoney', () => {
  it('writes an amount as the store writes its currency, and any other with its code', () => {
    expect(formatAuditMoney(1299, 'USD')).toBe('$1,299.00');
    expect(formatAuditMoney(5, 'XYZ')).toBe('5.00 XYZ');
  });
});

describe('describeAudit: discount codes', () => {
  it('names the code in each sentence and links to its page', () => {
    const created = describeAudit(
      entry({
        action: 'discount-code.created',
        entity: 'discount-code',
        entityId: '5',
        after: { code: 'WINTER10' },
      }),
    );
    expect(created.sentence).toBe('Ada created discount code WINTER10');
    expect(created.link).toEqual({ href: '/admin/discount-codes/5', label: 'discount code WINTER10' });
    expect(
      sentence({
        action: 'discount-code.updated',
        entity: 'discount-code',
        before: { code: 'WINTER10' },
        after: { code: 'WINTER12' },
      }),
    ).toBe('Ada changed discount code WINTER12');
    expect(
      sentence({
        action: 'discount-code.deactivated',
        entity: 'discount-code',
        before: { code: 'OLD' },
        after: {},
      }),
    ).toBe('Ada deactivated discount code OLD');
    expect(sentence({ action: 'discount-code.activated', entity: 'discount-code', entityId: '9' })).toBe(
      'Ada activated discount code 9',
    );
  });
});

describe('describeAudit: reviews', () => {
  it('says what moderation did to which product’s review, with the reason of a rejection', () => {
    const approved = describeAudit(
      entry({
        action: 'review.approved',
        entity: 'review',
        entityId: '12',
        before: { status: 'pending', product: 'Summit Trail' },
        after: { status: 'approved', product: 'Summit Trail', rating: 4 },
      }),
    );
    expect(approved.sentence).toBe('Ada approved review 12 of Summit Trail');
    expect(approved.link).toEqual({ href: '/admin/reviews?review=12', label: 'Reviews' });
    expect(
      sentence({
        action: 'review.rejected',
        entity: 'review',
        entityId: '12',
        after: { status: 'rejected', reason: 'Names another shop', product: 'Summit Trail' },
      }),
    ).toBe('Ada rejected review 12 of Summit Trail: Names another shop');
    expect(sentence({ action: 'review.rejected', entity: 'review', entityId: '3', after: {} })).toBe(
      'Ada rejected review 3',
    );
    expect(
      sentence({ action: 'review.replied', entity: 'review', entityId: '3', before: { product: 'Cub' } }),
    ).toBe('Ada replied to review 3 of Cub as the store');
  });
});

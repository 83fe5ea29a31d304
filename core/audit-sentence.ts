/**
 * The audit log as staff read it (issue 40 #8): an entry becomes a sentence ("Ada set stock of Summit Trail 25 in
 * red to 12 (was 3): delivery"), the fields it changed (before → after, labelled for people) and a link to the
 * record's back-office page. Pure: the server looks up the names an entry only holds ids of (auditNameRequests
 * says which), once for a whole page. An action this module does not know still reads as a sentence, so a new
 * action never breaks the log.
 */
import { formatCurrency } from './currency-format.ts';
import { CURRENCIES } from './regions.ts';
import { STOCK_REASON_LABELS, type StockChangeReason } from './stock-change.ts';
import { formatStoreTime } from './store-time.ts';

export interface AuditRecord {
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  /** The staff member's name today, or null for an entry made with the content management token. */
  actorName: string | null;
  actorEmail: string;
  /** Null for the content management token's changes. */
  actorStaffId: number | null;
}

/** Names the server looked up for a page of entries, by id (as text). */
export interface AuditNames {
  products?: Record<string, string>;
  /** A variant as people say it ("Summit Trail 25 in red") and its product, whose stock page it links to. */
  variants?: Record<string, { name: string; productId: number }>;
  orders?: Record<string, { currency: string }>;
  customers?: Record<string, string>;
  staff?: Record<string, string>;
  /** Content entries by their audit id (`type/uid/locale`). */
  content?: Record<string, string>;
  groups?: Record<string, string>;
  shippingMethods?: Record<string, string>;
  shippingZones?: Record<string, string>;
}

/** The ids a page of entries needs names for, one list per kind (no duplicates). */
export interface AuditNameRequests {
  products: number[];
  variants: number[];
  orders: number[];
  customers: number[];
  staff: number[];
  content: string[];
  groups: number[];
  shippingMethods: number[];
  shippingZones: number[];
}

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

export interface AuditDescription {
  sentence: string;
  changes: AuditChange[];
  /** The record's page in the back office; null when the record has none (a CSV import, a deleted asset). */
  link: { href: string; label: string } | null;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldsOf = (value: unknown): Fields => (isObject(value) ? value : {});
const idOf = (value: string) => (/^\d+$/.test(value) ? Number(value) : null);

/** Which ids the entries name, so the server can look all of them up in one query per kind. */
export function auditNameRequests(
  entries: readonly Pick<AuditRecord, 'entity' | 'entityId' | 'before' | 'after'>[],
) {
  const sets = {
    products: new Set<number>(),
    variants: new Set<number>(),
    orders: new Set<number>(),
    customers: new Set<number>(),
    staff: new Set<number>(),
    content: new Set<string>(),
    groups: new Set<number>(),
    shippingMethods: new Set<number>(),
    shippingZones: new Set<number>(),
  };
  const numbered: Record<string, Set<number>> = {
    product: sets.products,
    variant: sets.variants,
    order: sets.orders,
    customer: sets.customers,
    staff: sets.staff,
    'customer-group': sets.groups,
    'shipping-method': sets.shippingMethods,
    'shipping-zone': sets.shippingZones,
  };
  for (const entry of entries) {
    const id = idOf(entry.entityId);
    if (id !== null) numbered[entry.entity]?.add(id);
    if (entry.entity === 'content_entry') sets.content.add(entry.entityId);
    // A customer's group change names groups by id on both sides.
    for (const side of [entry.before, entry.after]) {
      const groupId = fieldsOf(side).groupId;
      if (typeof groupId === 'number') sets.groups.add(groupId);
    }
  }
  return Object.fromEntries(
    Object.entries(sets).map(([kind, set]) => [kind, [...set]]),
  ) as unknown as AuditNameRequests;
}

/** Field labels that a split of the key would say badly. */
const LABELS: Record<string, string> = {
  level: 'Stock',
  lowStockThreshold: 'Low-stock threshold',
  isNew: 'New tag',
  isRedesigned: 'Redesigned tag',
  categoryId: 'Category',
  groupId: 'Group',
  groupIds: 'Groups without free shipping',
  isEnabled: 'Applies',
  retail: 'Price',
  sale: 'Sale price',
  saleStartsAt: 'Sale starts',
  saleEndsAt: 'Sale ends',
  publishedTo: 'Published to',
  freeShippingMinimum: 'Free-shipping minimum',
  totpEnrolled: 'Two-factor sign-in',
  mustChangePassword: 'Must choose a new password',
  trackingNumber: 'Tracking number',
  minimum_sub_total: 'Minimum subtotal',
};

/** Keys that say nothing to a person: bookkeeping that changes with every change. */
const NOISE = new Set(['statusId', 'id']);

const MONEY = new Set([
  'retail',
  'sale',
  'amount',
  'price',
  'total',
  'minimum',
  'freeShippingMinimum',
  'spendLimit',
  'minimum_sub_total',
  'lower_limit',
  'upper_limit',
  'shipping_cost',
]);

function labelOf(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An amount in its currency as the store writes it ("$1,299.00", "1 299,00 €"). */
export function formatAuditMoney(value: number, currency: string): string {
  const format = CURRENCIES.find((candidate) => candidate.code === currency);
  return format ? formatCurrency(value, format) : `${value.toFixed(2)} ${currency}`;
}

interface Context {
  names: AuditNames;
  zone: string;
  currency: string | null;
}

function show(key: string, value: unknown, context: Context): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (key === 'groupId') return context.names.groups?.[value] ?? `group ${value}`;
    if (MONEY.has(key) && context.currency) return formatAuditMoney(value, context.currency);
    return String(value);
  }
  if (typeof value === 'string')
    return ISO_INSTANT.test(value) ? formatStoreTime(value, context.zone) : value;
  // What is left is a list of plain values: flatten() takes objects and lists of objects apart first.
  const list = value as unknown[];
  if (list.length === 0) return 'none';
  return list.map((item) => show(key === 'groupIds' ? 'groupId' : key, item, context)).join(', ');
}

const isScalarList = (value: unknown[]) => value.every((item) => !isObject(item) && !Array.isArray(item));

/** Nested objects and lists of objects flattened to one labelled value each ("Ranges 2 › Shipping cost"). */
function flatten(
  value: unknown,
  label: string,
  key: string,
  into: Map<string, { key: string; value: unknown }>,
) {
  if (isObject(value)) {
    for (const [inner, innerValue] of Object.entries(value)) {
      if (NOISE.has(inner)) continue;
      flatten(innerValue, label ? `${label} › ${labelOf(inner)}` : labelOf(inner), inner, into);
    }
    return;
  }
  if (Array.isArray(value) && !isScalarList(value)) {
    value.forEach((item, index) => {
      flatten(item, `${label || 'Item'} ${index + 1}`, key, into);
    });
    return;
  }
  into.set(label || 'Value', { key, value });
}

/** The fields an entry changed, before → after; a field on one side only is shown against '—'. */
export function auditChanges(
  entry: Pick<AuditRecord, 'entity' | 'before' | 'after'>,
  context: Context,
  rootLabel = '',
): AuditChange[] {
  const before = new Map<string, { key: string; value: unknown }>();
  const after = new Map<string, { key: string; value: unknown }>();
  // A list that was or became empty (a group's first rule) has no fields: its items say the change.
  const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;
  if (!isEmptyList(entry.before)) flatten(entry.before, rootLabel, '', before);
  if (!isEmptyList(entry.after)) flatten(entry.after, rootLabel, '', after);
  const changes: AuditChange[] = [];
  for (const field of new Set([...before.keys(), ...after.keys()])) {
    // An order's version counts its changes; saying it went 3 → 4 tells nobody anything.
    if (entry.entity === 'order' && field === 'Version') continue;
    const old = before.get(field);
    const now = after.get(field);
    const key = (old ?? now)!.key;
    const shownBefore = old ? show(key, old.value, context) : '—';
    const shownAfter = now ? show(key, now.value, context) : '—';
    if (shownBefore !== shownAfter) changes.push({ field, before: shownBefore, after: shownAfter });
  }
  return changes;
}

const STAFF_ACTIONS = new Set([
  'create',
  'change-password',
  'enrol-totp',
  'role',
  'disable',
  'enable',
  'reset-password',
  'reset-totp',
  'sign-in',
  'sign-in-failed',
  'sign-in-throttled',
  'code-failed',
  'invitation-sent',
]);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const count = (value: unknown, one: string) =>
  `${typeof value === 'number' ? value : 0} ${one}${value === 1 ? '' : 's'}`;
const quoted = (value: string | null, fallback: string) => (value ? `“${value}”` : fallback);

function linkOf(entry: AuditRecord, names: AuditNames, name: string): AuditDescription['link'] {
  const id = entry.entityId;
  switch (entry.entity) {
    case 'product':
      return { href: `/admin/products/${id}`, label: name };
    case 'variant': {
      const variant = names.variants?.[id];
      const productId = variant?.productId ?? fieldsOf(entry.after).productId;
      return typeof productId === 'number'
        ? { href: `/admin/products/${productId}/stock`, label: `Stock of ${name}` }
        : null;
    }
    case 'order':
      return { href: `/admin/orders/${id}`, label: name };
    case 'customer':
      return { href: `/admin/customers/${id}`, label: name };
    case 'staff':
      return { href: '/admin/staff', label: 'Staff' };
    case 'content_entry': {
      const [type, uid, locale] = id.split('/');
      return type && uid && locale && entry.action !== 'content.entry.delete'
        ? { href: `/admin/content/${type}/${uid}/${locale}`, label: name }
        : null;
    }
    case 'content_asset':
      return entry.action === 'content.asset.delete'
        ? null
        : { href: '/admin/content/assets', label: 'Assets' };
    case 'customer-group':
      return { href: `/admin/groups/${id}`, label: name };
    case 'shipping-method':
    case 'shipping-zone':
    case 'shipping-region':
      return { href: '/admin/shipping', label: 'Shipping' };
    case 'catalogue':
      return { href: '/admin/products', label: 'Products' };
    case 'discount-code':
      return { href: `/admin/discount-codes/${id}`, label: name };
    case 'review':
      return { href: `/admin/reviews?review=${id}`, label: 'Reviews' };
    default:
      return null;
  }
}

/** What people call the entry's record ("Summit Trail 25 in red", "order 106", "Jane Doe"). */
function nameOf(entry: AuditRecord, names: AuditNames): string {
  const id = entry.entityId;
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  switch (entry.entity) {
    case 'product':
      return names.products?.[id] ?? text(after.name) ?? `product ${id}`;
    case 'variant':
      return names.variants?.[id]?.name ?? text(after.sku) ?? text(before.sku) ?? `variant ${id}`;
    case 'order':
      return `order ${id}`;
    case 'customer':
      return names.customers?.[id] ?? `customer ${id}`;
    case 'staff':
      return names.staff?.[id] ?? text(after.name) ?? text(after.email) ?? `staff member ${id}`;
    case 'content_entry': {
      const [type, uid, locale] = id.split('/');
      const title = text(after.title) ?? text(before.title) ?? names.content?.[id] ?? uid ?? id;
      return `${title} (${type}, ${locale})`;
    }
    case 'content_asset':
      return quoted(text(after.title) ?? text(before.title), `asset ${id}`);
    case 'customer-group':
      return names.groups?.[id] ?? `customer group ${id}`;
    case 'shipping-method':
      return names.shippingMethods?.[id] ?? text(after.name) ?? `shipping method ${id}`;
    case 'shipping-zone':
      return names.shippingZones?.[id] ?? text(after.name) ?? `shipping zone ${id}`;
    case 'shipping-region':
      return `region ${id}`;
    case 'discount-code':
      return `discount code ${text(after.code) ?? text(before.code) ?? id}`;
    case 'review': {
      const product = text(after.product) ?? text(before.product);
      return `review ${id}${product ? ` of ${product}` : ''}`;
    }
    default:
      return `${entry.entity.replace(/[_-]+/g, ' ')} ${id}`;
  }
}

function listDifference(from: unknown, to: unknown): string[] {
  const old = Array.isArray(from) ? from : [];
  return (Array.isArray(to) ? to : []).filter((item) => !old.includes(item)).map(String);
}

/** The sentence of an action this module knows; null for one it does not. */
function sentenceOf(entry: AuditRecord, who: string, name: string, context: Context): string | null {
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const money = (value: unknown) => show('amount', value, context);
  const [domain, ...rest] = entry.action.split('.');
  const verb = rest.join('.');

  if (entry.entity === 'staff' && STAFF_ACTIONS.has(entry.action)) {
    const self = entry.actorStaffId !== null && String(entry.actorStaffId) === entry.entityId;
    switch (entry.action) {
      case 'create':
        return `${who} added ${name} as ${text(after.role) ?? 'staff'}`;
      case 'change-password':
        return self ? `${who} chose a new password` : `${who} changed the password of ${name}`;
      case 'enrol-totp':
        return self ? `${who} set up two-factor sign-in` : `${who} set up two-factor sign-in for ${name}`;
      case 'role':
        return `${who} made ${name} ${text(after.role) ?? 'another role'} (was ${text(before.role) ?? 'unknown'})`;
      case 'disable':
        return `${who} disabled the account of ${name}`;
      case 'enable':
        return `${who} enabled the account of ${name}`;
      case 'reset-password':
        return `${who} gave ${name} a new one-time password`;
      case 'reset-totp':
        return `${who} removed the two-factor sign-in of ${name}`;
      case 'sign-in':
        return `${name} signed in`;
      case 'sign-in-failed':
        return `A sign-in as ${name} failed`;
      case 'sign-in-throttled':
        return `Sign-in as ${name} was paused after too many attempts`;
      case 'code-failed':
        return `A wrong sign-in code was entered for ${name}`;
      default:
        return `${who} invited ${text(after.email) ?? name} to the back office`;
    }
  }

  if (domain === 'stock' && entry.entity === 'variant') {
    const reason = STOCK_REASON_LABELS[verb as StockChangeReason];
    if (!reason) return null;
    const note = text(after.note);
    return `${who} set stock of ${name} to ${show('level', after.level, context)} (was ${show('level', before.level, context)}): ${reason.toLowerCase()}${note ? ` (${note})` : ''}`;
  }

  switch (entry.action) {
    case 'stock.batch':
      return `${who} changed stock of ${count(Array.isArray(entry.after) ? entry.after.length : 0, 'variant')}`;
    case 'variant.low-stock-threshold':
      return `${who} set the low-stock threshold of ${name} to ${after.lowStockThreshold ?? 'the default'} (was ${before.lowStockThreshold ?? 'the default'})`;
    case 'product.create':
      return `${who} created ${name}`;
    case 'product.duplicate':
      return `${who} duplicated ${quoted(text(before.name), 'a product')} as ${name}`;
    case 'product.publish':
      return `${who} published ${name}`;
    case 'product.unpublish':
      return `${who} unpublished ${name}`;
    case 'product.flags':
      return `${who} changed the tags of ${name}`;
    case 'product.fit-chart':
      return `${who} changed the fit chart of ${name}${text(after.name) ? ` (series ${quoted(text(after.name), '')})` : ''}`;
    case 'product.fit-series':
      return after.seriesId === undefined
        ? `${who} removed the fit chart of ${name}`
        : `${who} sized ${name} by ${quoted(text(after.name), 'another series')}`;
    case 'product.category':
      return `${who} moved ${name} to category ${show('categoryId', after.categoryId, context)}`;
    case 'product.image.upload':
      return `${who} added an image to ${name}`;
    case 'product.image.move':
      return `${who} reordered the images of ${name}`;
    case 'product.image.remove':
      return `${who} removed an image from ${name}`;
    case 'product.image.colour':
      return `${who} chose another image for ${text(after.colour) ?? 'a colour'} of ${name}`;
    case 'product.option-value.add':
      return `${who} added ${listDifference(before.values, after.values).join(', ') || 'a value'} to ${text(after.option) ?? 'an option'} of ${name}`;
    case 'product.option-value.retire':
      return `${who} retired ${listDifference(after.values, before.values).join(', ') || 'a value'} from ${text(after.option) ?? 'an option'} of ${name}`;
    case 'product.price': {
      const region = text(after.regionId) ?? 'a region';
      return before.retail === undefined || before.retail === null
        ? `${who} priced ${name} in ${region} at ${money(after.retail)}`
        : `${who} set the price of ${name} in ${region} to ${money(after.retail)} (was ${money(before.retail)})`;
    }
    case 'product.prices':
      return `${who} changed prices of ${name}`;
    case 'product.variant-price': {
      const where = `${name} ${text(after.variant) ?? 'a variant'} in ${text(after.regionId) ?? 'a region'}`;
      if (after.retail === undefined || after.retail === null)
        return `${who} set ${where} back to the product's price`;
      return before.retail === undefined || before.retail === null
        ? `${who} priced ${where} at ${money(after.retail)}`
        : `${who} set the price of ${where} to ${money(after.retail)} (was ${money(before.retail)})`;
    }
    case 'product.sale-removed':
      return `${who} ended the sale of ${name} in ${text(after.regionId) ?? text(before.regionId) ?? 'a region'}`;
    case 'catalogue.import':
      return `${who} imported ${quoted(text(after.file), 'a CSV file')}: ${count(after.changedRows, 'row')} changed`;
    case 'order.paid':
      return `${who} marked ${name} paid`;
    case 'order.shipped': {
      const carrier = text(after.carrier);
      return `${who} shipped ${name}${carrier ? ` with ${carrier}` : ''}`;
    }
    case 'order.delivered':
      return `${who} marked ${name} delivered`;
    case 'order.cancelled': {
      const reason = text(after.reason);
      return `${who} cancelled ${name}${reason ? `: ${reason}` : ''}`;
    }
    case 'order.refunded': {
      const reason = text(after.reason);
      return `${who} refunded ${money(after.amount)} of ${name}${reason ? `: ${reason}` : ''}`;
    }
    case 'customer.group-changed':
      return `${who} moved ${name} to ${show('groupId', after.groupId, context)} (was ${show('groupId', before.groupId, context)})`;
    case 'customer.password-reset-sent':
      return `${who} sent ${name} a password-reset link`;
    case 'customer.disabled':
      return `${who} disabled the account of ${name}`;
    case 'customer.enabled':
      return `${who} enabled the account of ${name}`;
    case 'customer.exported':
      return `${who} exported the personal data of ${name}`;
    case 'customer.erased':
      return `${who} erased ${name}`;
    case 'pro.approved':
      return `${who} approved the pro application of ${name}`;
    case 'pro.rejected': {
      const reason = text(after.reason);
      return `${who} rejected the pro application of ${name}${reason ? `: ${reason}` : ''}`;
    }
    case 'pro.terms-changed':
      return `${who} changed the pro terms of ${name}`;
    case 'customer-group.rule-added':
      return `${who} added a discount rule to ${name}`;
    case 'customer-group.rule-removed':
      return `${who} removed a discount rule from ${name}`;
    case 'discount-code.created':
      return `${who} created ${name}`;
    case 'discount-code.updated':
      return `${who} changed ${name}`;
    case 'discount-code.deactivated':
      return `${who} deactivated ${name}`;
    case 'discount-code.activated':
      return `${who} activated ${name}`;
    case 'review.approved':
      return `${who} approved ${name}`;
    case 'review.rejected': {
      const reason = text(after.reason);
      return `${who} rejected ${name}${reason ? `: ${reason}` : ''}`;
    }
    case 'review.replied':
      return `${who} replied to ${name} as the store`;
    case 'shipping.method':
      return `${who} changed shipping method ${name}`;
    case 'shipping.zone':
      return `${who} changed the countries of shipping zone ${name}`;
    case 'shipping.free-minimum':
      return `${who} set the free-shipping minimum of ${name} to ${show('freeShippingMinimum', after.freeShippingMinimum, context)} (was ${show('freeShippingMinimum', before.freeShippingMinimum, context)})`;
    case 'shipping.free-groups':
      return `${who} changed which groups of ${name} ship free`;
    case 'content.entry.create':
      return `${who} created ${name}`;
    case 'content.entry.save':
      return `${who} saved ${name} as version ${after.version ?? '?'}`;
    case 'content.entry.restore':
      return `${who} restored an earlier version of ${name} as version ${after.version ?? '?'}`;
    case 'content.entry.localise':
      return `${who} made a copy of its own of ${name}`;
    case 'content.entry.unlocalise':
      return `${who} removed the copy of its own of ${name}`;
    case 'content.entry.delete':
      return `${who} deleted ${name}`;
    case 'content.entry.publish':
      return `${who} published ${name} to ${show('environments', after.environments, context)}`;
    case 'content.entry.unpublish':
      return `${who} unpublished ${name} from ${show('environments', before.environments, context)}`;
    case 'content.asset.upload':
      return `${who} uploaded asset ${name}`;
    case 'content.asset.publish':
      return `${who} published asset ${name}`;
    case 'content.asset.unpublish':
      return `${who} unpublished asset ${name}`;
    case 'content.asset.delete':
      return `${who} deleted asset ${name}`;
    default:
      return null;
  }
}

/** The actor as the entry names them: the staff member's name, else the email it was recorded with. */
const actorOf = (entry: AuditRecord) => entry.actorName?.trim() || entry.actorEmail || 'Someone';

/** Lists whose items are objects get a label per item that says what they are. */
const ROOT_LABELS: Record<string, string> = {
  'customer-group': 'Rule',
  stock: 'Variant',
};

/**
 * An entry as staff read it. `zone` is the store's time zone (instants in the values are shown on its clock);
 * money is shown in the currency the entry carries, or its order's.
 */
export function describeAudit(entry: AuditRecord, names: AuditNames = {}, zone = 'UTC'): AuditDescription {
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const currency =
    text(after.currency) ?? text(before.currency) ?? names.orders?.[entry.entityId]?.currency ?? null;
  const context: Context = { names, zone, currency };
  const who = actorOf(entry);
  const name = nameOf(entry, names);
  const sentence = sentenceOf(entry, who, name, context) ?? `${who} did ${entry.action} on ${name}`;
  const changes =
    entry.action === 'stock.batch'
      ? batchChanges(entry, context)
      : auditChanges(stockLevelOnly(entry), context, ROOT_LABELS[entry.entity] ?? '');
  return { sentence, changes, link: linkOf(entry, names, name) };
}

/**
 * A variant's stock change records the variant, its SKU and the reason beside the level: the sentence says those,
 * so the fields are the level and the note.
 */
function stockLevelOnly(entry: AuditRecord): AuditRecord {
  if (entry.entity !== 'variant' || !entry.action.startsWith('stock.')) return entry;
  const { level, note } = fieldsOf(entry.after);
  return { ...entry, after: note === undefined ? { level } : { level, note } };
}

/** A batch of stock changes, one row per variant (by SKU) rather than per list position. */
function batchChanges(entry: AuditRecord, context: Context): AuditChange[] {
  const before = Array.isArray(entry.before) ? entry.before.map(fieldsOf) : [];
  const after = Array.isArray(entry.after) ? entry.after.map(fieldsOf) : [];
  return after.map((row) => {
    const old = before.find((candidate) => candidate.variantId === row.variantId);
    return {
      field: `Stock of ${text(row.sku) ?? `variant ${String(row.variantId)}`}`,
      before: show('level', old?.level, context),
      after: show('level', row.level, context),
    };
  });
}

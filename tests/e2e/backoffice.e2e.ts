import { can, type Permission, STAFF_ROLES, type StaffRole } from '#core/staff-permissions.ts';
import { shopperCookie } from '../support/shopper.ts';
import { demoStaff, type StaffClient, staffClient } from '../support/staff.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

ownStoreFor(import.meta.url);

/** The demo staff of every role signed in over HTTP, and a client signed in as nobody (set up by the matrix). */
const clients = new Map<StaffRole, StaffClient>();
let signedOut: StaffClient;

type Fields = Record<string, string>;

interface Door {
  method: 'GET' | 'POST';
  path: string;
  /** The intent posted, when the door is one intent of a route's action. */
  intent?: string;
  /** What tells two doors of one intent apart in the test's name. */
  note?: string;
  /** Every permission the door needs, the route's own first: a refusal names the first one the role lacks. */
  needs: readonly Permission[];
  /** The form's fields besides its token. */
  fields: Fields;
  /** What a role that may pass gets: the page (200), the form's own 400, or 404 for a record that does not exist. */
  allowed: number;
  /** The page whose data no refusal of this door may carry (the door's own path unless that is no record). */
  dataOf: string;
}

const get = (path: string, permission: Permission): Door => ({
  method: 'GET',
  path,
  needs: [permission],
  fields: {},
  allowed: 200,
  dataOf: path,
});

const post = (
  path: string,
  needs: Permission | readonly Permission[],
  { intent, note, fields = {}, allowed = 400, dataOf = path }: Partial<Door> = {},
): Door => ({
  method: 'POST',
  path,
  intent,
  note,
  needs: typeof needs === 'string' ? [needs] : needs,
  fields: intent ? { intent, ...fields } : fields,
  allowed,
  dataOf,
});

const ORDER = '/admin/orders/106';
const CUSTOMER = '/admin/customers/1';
const PRODUCT = '/admin/products/101';
/** Records that do not exist: an intent with no fields of its own is valid as it stands, so it is sent to one. */
const NO_CUSTOMER = '/admin/customers/999999';
const NO_PRODUCT = '/admin/products/999999';
/**
 * The product's own page is the index of its frame route (decision 0046): its forms post to `?index`, as React
 * Router's forms do; a post without it reaches the frame, which has no action (405 for every role).
 */
const PRODUCT_FORM = `${PRODUCT}?index`;
const NO_PRODUCT_FORM = `${NO_PRODUCT}?index`;
/** The US top alert in the master locale (content entries have no numeric ids). */
const ALERT = '/admin/content/top_alert/alert-us/en-us';

/**
 * Every back-office door and the permissions it needs (core/staff-permissions.ts): each page with GET; each action
 * with a POST that carries the form token and no fields, and once per intent with that intent and its other
 * fields missing or wrong. A role that may act gets past the gates to the form's own 400 (or the 404 of a record
 * that does not exist) and changes nothing; one that may not gets the gate's 403.
 */
const DOORS: Door[] = [
  get('/admin', 'dashboard:view'),
  get('/admin/me', 'dashboard:view'),
  post('/admin/me', 'dashboard:view'),
  ...['password', 'enrol'].map((intent) => post('/admin/me', 'dashboard:view', { intent })),
  get('/admin/staff', 'staff:manage'),
  post('/admin/staff', 'staff:manage'),
  ...['create', 'role', 'disable', 'enable', 'invite', 'reset-totp'].map((intent) =>
    post('/admin/staff', 'staff:manage', { intent }),
  ),
  get('/admin/audit', 'audit:read'),
  get('/admin/orders', 'orders:read'),
  get('/admin/orders.csv', 'orders:read'),
  get('/admin/orders-lines.csv', 'orders:read'),
  get('/admin/orders?queue=to-ship', 'orders:read'),
  get('/admin/orders/documents?kind=slip&id=106&id=107', 'orders:read'),
  get('/admin/orders/documents?kind=invoice&id=106', 'orders:read'),
  // The list's selection: every intent needs ticked orders, so an empty selection is the form's own 400.
  post('/admin/orders', 'orders:read'),
  ...['slip', 'invoice', 'export', 'mark-paid'].map((intent) =>
    post('/admin/orders', 'orders:read', { intent }),
  ),
  get(ORDER, 'orders:read'),
  post(ORDER, 'orders:write'),
  ...['mark-paid', 'mark-delivered', 'ship', 'cancel', 'refund', 'return', 'note', 'tags'].map((intent) =>
    post(ORDER, 'orders:write', { intent }),
  ),
  get('/admin/customers', 'customers:read'),
  get(CUSTOMER, 'customers:read'),
  post(CUSTOMER, 'customers:write'),
  post(CUSTOMER, 'customers:write', { intent: 'group' }),
  ...['send-reset', 'disable', 'enable'].map((intent) =>
    post(NO_CUSTOMER, 'customers:write', { intent, allowed: 404, dataOf: CUSTOMER }),
  ),
  // Erasing needs customers:privacy on top of customers:write.
  post(CUSTOMER, ['customers:write', 'customers:privacy'], { intent: 'erase' }),
  post(CUSTOMER, ['customers:write', 'customers:privacy'], {
    intent: 'erase',
    note: 'another email',
    fields: { confirmEmail: 'someone.else@example.net' },
  }),
  // An export is audit-logged: a POST with the form token (to a customer that does not exist here, so the matrix
  // exports nothing); a GET answers 405.
  post(`${NO_CUSTOMER}/export`, 'customers:privacy', { allowed: 404, dataOf: CUSTOMER }),
  get('/admin/pro', 'pro:read'),
  post('/admin/pro', 'pro:write'),
  ...['approve', 'terms', 'reject'].map((intent) => post('/admin/pro', 'pro:write', { intent })),
  get('/admin/products', 'catalogue:read'),
  get(PRODUCT, 'catalogue:read'),
  post(PRODUCT_FORM, 'catalogue:write', { dataOf: PRODUCT }),
  post(PRODUCT_FORM, 'catalogue:write', { intent: 'category', dataOf: PRODUCT }),
  ...['publish', 'unpublish', 'flags'].map((intent) =>
    post(NO_PRODUCT_FORM, 'catalogue:write', { intent, allowed: 404, dataOf: PRODUCT }),
  ),
  get('/admin/shipping', 'catalogue:read'),
  post('/admin/shipping', 'catalogue:write'),
  ...['method', 'zone', 'free-minimum', 'free-groups'].map((intent) =>
    post('/admin/shipping', 'catalogue:write', { intent }),
  ),
  get(`${PRODUCT}/stock`, 'catalogue:read'),
  post(`${PRODUCT}/stock`, 'catalogue:write'),
  ...['stock', 'threshold'].map((intent) => post(`${PRODUCT}/stock`, 'catalogue:write', { intent })),
  get(`${PRODUCT}/images`, 'catalogue:read'),
  post(`${PRODUCT}/images`, 'catalogue:write'),
  ...['upload', 'move', 'remove', 'colour'].map((intent) =>
    post(`${PRODUCT}/images`, 'catalogue:write', { intent }),
  ),
  get('/admin/products/new', 'catalogue:write'),
  post('/admin/products/new', 'catalogue:write'),
  get(`${PRODUCT}/options`, 'catalogue:read'),
  post(`${PRODUCT}/options`, 'catalogue:write'),
  ...['add', 'retire'].map((intent) => post(`${PRODUCT}/options`, 'catalogue:write', { intent })),
  get(`${PRODUCT}/prices`, 'catalogue:read'),
  post(`${PRODUCT}/prices`, 'catalogue:write'),
  post(`${PRODUCT}/prices`, 'catalogue:write', { intent: 'save', fields: { regionId: 'us' } }),
  post(`${NO_PRODUCT}/prices`, 'catalogue:write', {
    intent: 'remove-sale',
    fields: { regionId: 'us' },
    allowed: 404,
    dataOf: `${PRODUCT}/prices`,
  }),
  // Per-variant prices (issue 41), the fit chart (issue 45) and duplicating a product (one that does not exist
  // here, so the matrix copies nothing).
  post(`${PRODUCT}/prices`, 'catalogue:write', { intent: 'save-variants', fields: { confirmed: 'maybe' } }),
  get(`${PRODUCT}/fit`, 'catalogue:read'),
  post(`${PRODUCT}/fit`, 'catalogue:write'),
  ...['save', 'use'].map((intent) => post(`${PRODUCT}/fit`, 'catalogue:write', { intent })),
  post(NO_PRODUCT_FORM, 'catalogue:write', { intent: 'duplicate', allowed: 404, dataOf: PRODUCT }),
  // Reviews (issue 45): owners, operations and editors moderate.
  get('/admin/reviews', 'reviews:moderate'),
  post('/admin/reviews', 'reviews:moderate'),
  ...['approve', 'reject', 'reply'].map((intent) => post('/admin/reviews', 'reviews:moderate', { intent })),
  get('/admin/groups/4', 'catalogue:read'),
  post('/admin/groups/4', 'catalogue:write'),
  post('/admin/groups/4', 'catalogue:write', { intent: 'add' }),
  post('/admin/groups/999999', 'catalogue:write', {
    intent: 'remove',
    fields: { target: 'all' },
    allowed: 404,
    dataOf: '/admin/groups/4',
  }),
  // Discount codes (issue 41): operations may read the list, merchandisers and owners edit.
  get('/admin/discount-codes', 'catalogue:read'),
  post('/admin/discount-codes', 'catalogue:write'),
  ...['deactivate', 'activate'].map((intent) => post('/admin/discount-codes', 'catalogue:write', { intent })),
  get('/admin/discount-codes/new', 'catalogue:write'),
  post('/admin/discount-codes/new', 'catalogue:write'),
  get('/admin/discount-codes/1', 'catalogue:write'),
  post('/admin/discount-codes/1', 'catalogue:write'),
  get('/admin/products/import', 'catalogue:write'),
  post('/admin/products/import', 'catalogue:write'),
  ...['dry-run', 'import'].map((intent) => post('/admin/products/import', 'catalogue:write', { intent })),
  post('/admin/products/import/run', 'catalogue:write', {
    intent: 'import',
    dataOf: '/admin/products/import',
  }),
  // Back office III (issue 21): the content editor.
  get('/admin/content', 'content:read'),
  get('/admin/content/top_alert', 'content:read'),
  get('/admin/content/top_alert/new', 'content:write'),
  post('/admin/content/top_alert/new', 'content:write'),
  post('/admin/content/top_alert/new', 'content:write', { intent: 'create' }),
  get(ALERT, 'content:read'),
  post(ALERT, 'content:write'),
  ...['save', 'publish', 'unpublish', 'localise', 'unlocalise'].map((intent) =>
    post(ALERT, 'content:write', { intent }),
  ),
  get(`${ALERT}/versions`, 'content:read'),
  post(`${ALERT}/versions`, 'content:write'),
  post(`${ALERT}/versions`, 'content:write', { intent: 'restore' }),
  get('/admin/content/assets', 'content:read'),
  post('/admin/content/assets', 'content:write'),
  ...['upload', 'delete', 'publish', 'unpublish'].map((intent) =>
    post('/admin/content/assets', 'content:write', { intent }),
  ),
  get('/admin/content/translations', 'content:read'),
  get('/admin/content/preview', 'content:read'),
  post('/admin/content/preview', 'content:write'),
  post('/admin/content/preview', 'content:write', { intent: 'link' }),
  // Store data editors (issue 21): the legacy redirect rules and a dealer, edited as content.
  get('/admin/content/redirect_rules', 'content:read'),
  get('/admin/content/redirect_rules/legacy/en-us', 'content:read'),
  post('/admin/content/redirect_rules/legacy/en-us', 'content:write', { intent: 'save' }),
  get('/admin/content/dealer/adirondack-trailhead/en-us', 'content:read'),
  post('/admin/content/dealer/adirondack-trailhead/en-us', 'content:write', { intent: 'save' }),
];

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
const RECORD_LINK = /href="(\/admin\/(?:orders|customers|products)\/\d+)"/g;
const CELL = /<(td|dd|h1|th scope="row")\b[^>]*>([\s\S]*?)<\/(?:td|dd|h1|th)>/g;

/**
 * The distinctive strings of an allowed answer: for a page, what its main part shows (e-mail addresses, links to
 * orders, customers and products, the texts of its cells, facts and heading); for a CSV or JSON download, its
 * e-mail addresses and timestamps.
 */
function dataMarkers(body: string): string[] {
  const main = /<main[\s\S]*<\/main>/.exec(body)?.[0];
  if (!main) return [...new Set([...body.matchAll(EMAIL), ...body.matchAll(ISO_TIME)].map(([text]) => text))];
  const texts = [...main.matchAll(CELL)]
    .map(([, , inner]) =>
      inner!
        .replace(/<!-- -->/g, '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((text) => text.length >= 5 && !text.includes('&'));
  return [
    ...new Set([
      ...[...main.matchAll(EMAIL)].map(([text]) => text),
      ...[...main.matchAll(RECORD_LINK)].map(([, path]) => path!),
      ...texts,
    ]),
  ];
}

/** The strings of what the owner (who may open everything) sees at a path, fetched once. */
const markersByPath = new Map<string, Promise<string[]>>();
function markersOf(path: string): Promise<string[]> {
  let pending = markersByPath.get(path);
  if (!pending) {
    pending = clients
      .get('owner')!
      .get(path)
      .then(async (response) => {
        expect(response.status, path).toBe(200);
        const markers = dataMarkers(await response.text());
        expect(markers.length, `strings of ${path}`).toBeGreaterThan(0);
        return markers;
      });
    markersByPath.set(path, pending);
  }
  return pending;
}

/** What a staff member may see of themselves anyway: their own account page (name, email, role, navigation). */
const ownPages = new Map<StaffRole, Promise<string>>();
function ownPage(role: StaffRole): Promise<string> {
  let pending = ownPages.get(role);
  if (!pending) {
    pending = clients
      .get(role)!
      .get('/admin/me')
      .then((response) => response.text());
    ownPages.set(role, pending);
  }
  return pending;
}

/**
 * The back-office data in an answer: e-mail addresses but the requester's own, a table, and the strings the owner
 * sees at that door (leaving out what the requester's own account page shows). A refused answer has none.
 */
async function dataIn(body: string, door: Door, role: StaffRole | null): Promise<string[]> {
  const own = role ? await ownPage(role) : '';
  const ownEmail = role ? demoStaff(role).email : null;
  return [
    ...[...body.matchAll(EMAIL)].map(([text]) => text).filter((email) => email !== ownEmail),
    // A table of back-office data (its markup; the inlined stylesheet names the class too).
    ...(/class="admin-table/.test(body) ? ['admin-table'] : []),
    ...(await markersOf(door.dataOf)).filter(
      (marker) => body.includes(marker) && !own.includes(marker) && !door.path.startsWith(marker),
    ),
  ];
}

const nameOf = (door: Door) =>
  `${door.method} ${door.path}${door.intent ? ` (${[door.intent, door.note].filter(Boolean).join(', ')})` : ''}`;

/** The audit log's entries, one per change (each a list item of the log). */
async function auditedChanges(): Promise<string[]> {
  const response = await clients.get('owner')!.get('/admin/audit');
  expect(response.status).toBe(200);
  const list =
    /<ol[^>]*aria-label="Changes, newest first"[^>]*>([\s\S]*?)<\/ol>/.exec(await response.text())?.[1] ?? '';
  return list.split('</li>').filter((entry) => entry.trim());
}

test.describe('the back office’s permission matrix (issue 19)', () => {
  let shopper: string;
  let changesBefore: string[];
  // The staffHttp fixture is a test's; hooks of the whole describe sign in with its helper directly.
  test.beforeAll(async ({ store }) => {
    test.setTimeout(120_000);
    signedOut = await staffClient(store.url, null);
    for (const role of STAFF_ROLES) clients.set(role, await staffClient(store.url, role));
    shopper = await shopperCookie(store.url);
    changesBefore = await auditedChanges();
  });

  // The check is not empty: the owner's own answer at each door is full of what a refusal must not carry.
  for (const door of DOORS.filter((entry) => entry.method === 'GET')) {
    test(`${nameOf(door)}: the data check finds the owner's answer`, async () => {
      const body = await (await clients.get('owner')!.get(door.path)).text();
      const refused = STAFF_ROLES.find((role) => door.needs.some((permission) => !can(role, permission)));
      for (const role of [null, refused ?? null])
        expect((await dataIn(body, door, role)).length).toBeGreaterThan(0);
    });
  }

  for (const door of DOORS) {
    for (const role of STAFF_ROLES) {
      const missing = door.needs.find((permission) => !can(role, permission));
      test(`${nameOf(door)} as ${role}: ${missing ? '403' : door.allowed}`, async () => {
        const client = clients.get(role)!;
        const response =
          door.method === 'GET' ? await client.get(door.path) : await client.post(door.path, door.fields);
        const body = await response.text();
        if (!missing) {
          expect(response.status).toBe(door.allowed);
          expect(body).not.toContain('Your role does not allow this');
        } else {
          expect(response.status).toBe(403);
          expect(body).toContain(`Your role does not allow this (${missing}).`);
          expect(await dataIn(body, door, role)).toEqual([]);
        }
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expect(response.headers.get('x-robots-tag')).toContain('noindex');
      });
    }
    test(`${nameOf(door)} signed out or as a signed-in shopper: to sign-in, no data`, async ({ store }) => {
      for (const cookie of [null, shopper]) {
        const response = await fetch(`${store.url}${door.path}`, {
          method: door.method,
          headers: {
            origin: store.url,
            ...(cookie ? { cookie } : {}),
            ...(door.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          redirect: 'manual',
          ...(door.method === 'POST'
            ? { body: new URLSearchParams({ csrf: 'x', ...door.fields }).toString() }
            : {}),
        });
        const who = cookie ? 'shopper' : 'signed out';
        expect(response.status, who).toBe(302);
        expect(response.headers.get('location'), who).toMatch(/^\/admin\/login(\?|$)/);
        expect(response.headers.getSetCookie(), who).toEqual([]);
        expect(await dataIn(await response.text(), door, null), who).toEqual([]);
      }
      expect((await signedOut.get(door.path)).status).toBe(302);
    });
  }

  // The invitation page (issue 40) is public: its link is the proof. A forged one (here naming the first staff
  // member) opens nothing, whoever sends it, and its form changes nothing.
  const FORGED_INVITATION = `/admin/invite/${Buffer.from(
    JSON.stringify({ s: 1, e: 4_102_444_800, f: '0'.repeat(32) }),
  ).toString('hex')}${'0'.repeat(64)}`;
  test('GET and POST of a forged invitation link: 410 and no data for every role, signed out and a shopper', async ({
    store,
  }) => {
    const door: Door = { ...get('/admin/staff', 'staff:manage'), path: FORGED_INVITATION };
    const fields = { password: 'a forged long password', confirm: 'a forged long password' };
    for (const role of [...STAFF_ROLES, null, 'shopper'] as const) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await fetch(`${store.url}${FORGED_INVITATION}`, {
          method,
          redirect: 'manual',
          headers: {
            origin: store.url,
            ...(role === 'shopper' ? { cookie: shopper } : role ? { cookie: clients.get(role)!.cookie } : {}),
            ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(method === 'POST' ? { body: new URLSearchParams(fields).toString() } : {}),
        });
        const body = await response.text();
        const who = `${method} as ${role ?? 'signed out'}`;
        expect(response.status, who).toBe(410);
        expect(body, who).toMatch(/This invitation (link )?no longer works/);
        expect(response.headers.getSetCookie(), who).toEqual([]);
        expect(response.headers.get('cache-control'), who).toBe('private, no-store');
        // The token is in the address: another site this page leads to learns the origin only.
        expect(response.headers.get('referrer-policy'), who).toBe('strict-origin-when-cross-origin');
        expect(await dataIn(body, door, role === 'shopper' ? null : role), who).toEqual([]);
      }
    }
  });

  test('changed nothing: the audit log holds no new change, the order and the customer are as they were', async () => {
    expect(await auditedChanges()).toEqual(changesBefore);
    const owner = clients.get('owner')!;
    const order = await (await owner.get(ORDER)).text();
    expect(order).toContain('Awaiting Payment');
    const customer = await (await owner.get(CUSTOMER)).text();
    expect(customer).toContain('hannah.miller@example.com');
    expect(customer).not.toMatch(/admin-badge">(Erased|Disabled)/);
    expect((await owner.get(PRODUCT)).status).toBe(200);
  });

  test('refuses a staff form without its token (403) and changes nothing', async () => {
    const owner = clients.get('owner')!;
    const before = await (await owner.get('/admin/staff')).text();
    const response = await owner.post(
      '/admin/staff',
      { intent: 'create', email: 'forged@ridgeline.example', name: 'Forged', role: 'owner' },
      { csrf: false },
    );
    expect(response.status).toBe(403);
    const after = await (await owner.get('/admin/staff')).text();
    expect(after).not.toContain('forged@ridgeline.example');
    expect(before).not.toContain('forged@ridgeline.example');
  });

  test('refuses a cross-site sign-in post', async ({ store }) => {
    const response = await fetch(`${store.url}/admin/login`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=operations%40ridgeline.example&password=ridgeline-staff-demo',
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

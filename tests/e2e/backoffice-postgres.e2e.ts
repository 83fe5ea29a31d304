import { type RunningServer, startServer } from '../support/server.ts';
import { type StaffClient, staffClient } from '../support/staff.ts';
import { createPostgresDatabase } from '../support/test-databases.ts';
import { expect, test } from './fixtures.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Issue 19's refusals through the back office's own doors with the store on PostgreSQL (CI sets
 * TEST_DATABASE_URL; every other browser test runs on the embedded PGlite): a form without its token, a form
 * from another site, a stale form and a change that makes no sense are refused, and nothing changes. The file
 * starts its own server (on a PostgreSQL database of its own), so it has no store of the fixtures.
 */
test.describe('the back office on PostgreSQL (issue 19)', () => {
  test.skip(!postgresUrl, 'needs TEST_DATABASE_URL (a PostgreSQL server)');

  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let server: RunningServer;
  let owner: StaffClient;
  let operations: StaffClient;

  test.beforeAll(async () => {
    test.setTimeout(Number(process.env.E2E_SERVER_START_MS ?? 60_000) + 60_000);
    database = await createPostgresDatabase('ridgeline_e2e');
    server = await startServer({ env: { DATABASE_URL: database.url } });
    owner = await staffClient(server.url, 'owner');
    operations = await staffClient(server.url, 'operations');
  });
  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const statusOf = async (orderId: number) => {
    const html = await (await operations.get(`/admin/orders/${orderId}`)).text();
    // The platform's status badge in the heading, after the payment and fulfilment badges (issue 40):
    // <h1 class="admin-order-title">Order 106 <span class="admin-standing">…</span><span class="admin-badge">Awaiting Payment</span></h1>.
    return /<h1[^>]*>.*?<span class="admin-badge">([^<]+)<\/span>/s.exec(html)?.[1];
  };

  test('runs on PostgreSQL', async () => {
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { database: string };
    expect(health.database).toBe('postgres');
  });

  test('refuses a staff form without its token, and one from another site, creating nobody', async () => {
    const missing = await owner.post(
      '/admin/staff',
      { intent: 'create', email: 'forged@ridgeline.example', name: 'Forged', role: 'owner' },
      { csrf: false },
    );
    expect(missing.status).toBe(403);
    const crossSite = await fetch(`${server.url}/admin/staff`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        cookie: owner.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        csrf: owner.csrf,
        intent: 'create',
        email: 'cross@ridgeline.example',
        name: 'Cross',
        role: 'owner',
      }).toString(),
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
    const staff = await (await owner.get('/admin/staff')).text();
    expect(staff).not.toContain('forged@ridgeline.example');
    expect(staff).not.toContain('cross@ridgeline.example');
  });

  // The audit log in sentences (issue 40): "Oscar Operations marked order 106 paid".
  const paidEntries = async () =>
    ((await (await owner.get('/admin/audit')).text()).match(/ marked order \d+ paid</gi) ?? []).length;

  test('refuses a stale order form and paying twice, and changes nothing', async () => {
    const entries = await paidEntries();
    const before = await statusOf(106);
    expect(before).toBe('Awaiting Payment');
    const paid = await operations.post('/admin/orders/106', { intent: 'mark-paid', version: '0' });
    expect(paid.status).toBe(200);
    expect(await statusOf(106)).toBe('Awaiting Fulfillment');
    // The same form again: read before the change (version 0), so refused as stale.
    const stale = await operations.post('/admin/orders/106', { intent: 'mark-paid', version: '0' });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('was changed by someone else in the meantime');
    // Up to date, but the order is paid already.
    const twice = await operations.post('/admin/orders/106', { intent: 'mark-paid', version: '1' });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('already paid');
    expect(await statusOf(106)).toBe('Awaiting Fulfillment');
    expect(await paidEntries()).toBe(entries + 1);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { Client, DEMO, openSecurityApp, type SecurityApp } from './harness.ts';

/** Issue 10 security: session id rotation, ending sessions, timeouts, cookie attributes, purging. */

async function sessionRow(app: SecurityApp, customerId: number) {
  const result = (await app.handle.db.execute(
    sql`select id, created_at, expires_at from sessions where customer_id = ${customerId} order by created_at desc`,
  )) as unknown as { rows: { id: string; created_at: string; expires_at: string }[] };
  return result.rows;
}

describe('sessions: rotation, ending, timeouts', () => {
  let s: SecurityApp;
  beforeAll(async () => {
    s = await openSecurityApp({ SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('gives a new session id at sign-in and forgets the one from before (no fixation)', async () => {
    const browser = await new Client(s.app).start();
    const before = browser.cookies.get('rl_session')!;
    const planted = new Client(s.app);
    planted.cookies.set('rl_session', before);
    planted.csrfToken = browser.csrfToken;
    await browser.login(DEMO.standard.email, DEMO.standard.pw);
    const after = browser.cookies.get('rl_session')!;
    expect(after).toMatch(/^[\w-]{43}$/);
    expect(after).not.toBe(before);
    // The attacker who planted the pre-login id holds nothing now.
    const { body } = await planted.json('GET', '/api/session');
    expect(body.data.customer).toBeNull();
    // Issue 17 #6: an ended session's cookie reads as an empty anonymous one (no row is written for it).
    expect(body.data.cartId).toBeNull();
  });

  it('ends every session of the customer at logout, on other devices too', async () => {
    const laptop = new Client(s.app);
    const phone = new Client(s.app);
    const me = await laptop.login(DEMO.employee.email, DEMO.employee.pw);
    await phone.login(DEMO.employee.email, DEMO.employee.pw);
    expect((await phone.json('GET', '/api/session')).body.data.customer.id).toBe(me.id);
    const out = await laptop.json('POST', '/api/customers/logout');
    expect(out.status).toBe(200);
    expect((await phone.json('GET', '/api/session')).body.data.customer).toBeNull();
    expect(await sessionRow(s, me.id)).toEqual([]);
  });

  it('ends the other sessions when the password changes, keeping the one that changed it', async () => {
    const laptop = new Client(s.app);
    const phone = new Client(s.app);
    const me = await laptop.login(DEMO.pro.email, DEMO.pro.pw);
    await phone.login(DEMO.pro.email, DEMO.pro.pw);
    const changed = await laptop.json('PUT', `/api/customers/${me.id}`, {
      body: { password: 'Another-Secret-2026', current_password: DEMO.pro.pw },
    });
    expect(changed.status).toBe(200);
    expect((await laptop.json('GET', '/api/session')).body.data.customer.id).toBe(me.id);
    expect((await phone.json('GET', '/api/session')).body.data.customer).toBeNull();
    // A name change alone ends nothing.
    const again = new Client(s.app);
    await again.login(DEMO.pro.email, 'Another-Secret-2026');
    await laptop.json('PUT', `/api/customers/${me.id}`, { body: { first_name: 'Kari' } });
    expect((await again.json('GET', '/api/session')).body.data.customer.id).toBe(me.id);
    // Put it back for the other tests.
    await laptop.json('PUT', `/api/customers/${me.id}`, {
      body: { password: DEMO.pro.pw, current_password: 'Another-Secret-2026' },
    });
  });

  it('ends every session of the customer when the password is reset by e-mail link', async () => {
    const browser = new Client(s.app);
    const me = await browser.login(DEMO.standard.email, DEMO.standard.pw);
    const reset = await s.commerce.customers.createPasswordReset(DEMO.standard.email);
    await s.commerce.customers.resetPassword(reset!.token, DEMO.standard.pw);
    expect((await browser.json('GET', '/api/session')).body.data.customer).toBeNull();
    expect(await sessionRow(s, me.id)).toEqual([]);
  });

  it('ends a session idle longer than SESSION_IDLE_MINUTES, and slides the deadline while in use', async () => {
    const browser = new Client(s.app);
    const me = await browser.login(DEMO.standard.email, DEMO.standard.pw);
    const [row] = await sessionRow(s, me.id);
    const idleMs = new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime();
    expect(idleMs).toBe(30 * 60_000);
    // Used after 20 idle minutes: still valid, and the deadline moves 30 minutes ahead of now.
    await s.handle.db.execute(
      sql`update sessions set expires_at = now() + interval '10 minutes' where id = ${row!.id}`,
    );
    expect((await browser.json('GET', '/api/session')).body.data.customer.id).toBe(me.id);
    const [slid] = await sessionRow(s, me.id);
    const ahead = new Date(slid!.expires_at).getTime() - Date.now();
    expect(ahead).toBeGreaterThan(29 * 60_000);
    expect(ahead).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    // Idle past the deadline: gone.
    await s.handle.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${row!.id}`,
    );
    expect((await browser.json('GET', '/api/session')).body.data.customer).toBeNull();
  });

  it('ends a session SESSION_ABSOLUTE_HOURS after it began, however busy', async () => {
    const browser = new Client(s.app);
    const me = await browser.login(DEMO.employee.email, DEMO.employee.pw);
    const [row] = await sessionRow(s, me.id);
    await s.handle.db.execute(
      sql`update sessions set created_at = now() - interval '11 hours 59 minutes',
        expires_at = now() + interval '10 minutes' where id = ${row!.id}`,
    );
    expect((await browser.json('GET', '/api/session')).body.data.customer.id).toBe(me.id);
    // Sliding never passes the absolute deadline.
    const [slid] = await sessionRow(s, me.id);
    expect(new Date(slid!.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60_000 + 5_000);
    await s.handle.db.execute(
      sql`update sessions set created_at = now() - interval '12 hours 1 minute', expires_at = now() + interval '1 hour' where id = ${row!.id}`,
    );
    expect((await browser.json('GET', '/api/session')).body.data.customer).toBeNull();
  });

  it('refuses an idle timeout longer than the absolute one at start', () => {
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '800', SESSION_ABSOLUTE_HOURS: '12' })).toThrow(
      /SESSION_IDLE_MINUTES/,
    );
    expect(loadConfig({})).toMatchObject({ SESSION_IDLE_MINUTES: 1440, SESSION_ABSOLUTE_HOURS: 720 });
  });
});

describe('session cookie attributes', () => {
  let plain: SecurityApp;
  let proxied: SecurityApp;
  beforeAll(async () => {
    [plain, proxied] = await Promise.all([
      openSecurityApp({ SESSION_ABSOLUTE_HOURS: '12', SESSION_IDLE_MINUTES: '30' }),
      openSecurityApp({ TRUST_PROXY: 'true' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), proxied?.close()]);
  });

  const attributes = (cookie: string) =>
    cookie
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());

  it('over http: rl_session, HttpOnly, SameSite=Lax, Path=/, no Domain, Max-Age = the absolute timeout', async () => {
    const response = await new Client(plain.app).call('GET', '/api/session');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^rl_session=[\w-]{43};/);
    expect(attributes(cookie)).toEqual(['path=/', 'httponly', 'samesite=lax', `max-age=${12 * 3600}`]);
  });

  it('behind a trusted TLS proxy: __Host-rl_session with Secure; a sign-in keeps the prefix', async () => {
    const browser = new Client(proxied.app, { headers: { 'x-forwarded-proto': 'https' } });
    const response = await browser.call('GET', '/api/session');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-rl_session=[\w-]{43};/);
    expect(attributes(cookie)).toEqual(
      expect.arrayContaining(['path=/', 'httponly', 'samesite=lax', 'secure']),
    );
    expect(cookie.toLowerCase()).not.toContain('domain=');
    browser.csrfToken = (await new Client(proxied.app).json('GET', '/api/session')).body.data.csrfToken;
    browser.csrfToken = undefined;
    await browser.start();
    const login = await browser.call('POST', '/api/customers/login', {
      body: { email: DEMO.standard.email, pw: DEMO.standard.pw },
    });
    expect(login.headers.get('set-cookie')).toMatch(/^__Host-rl_session=[\w-]{43};.*; Secure$/);
    const out = await browser.call('POST', '/api/customers/logout');
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-rl_session=; .*Max-Age=0; Secure$/);
  });

  it('over https reads only the __Host- cookie: a plain rl_session planted by a sibling host is ignored', async () => {
    const victim = new Client(proxied.app);
    await victim.start();
    const token = victim.cookies.get('rl_session')!;
    const secure = new Client(proxied.app, { headers: { 'x-forwarded-proto': 'https' } });
    secure.cookies.set('rl_session', token);
    const { body, headers } = await secure.json('GET', '/api/session');
    expect(body.data.csrfToken).not.toBe(victim.csrfToken);
    expect(headers.get('set-cookie')).toMatch(/^__Host-rl_session=/);
  });

  it('ignores X-Forwarded-Proto from an untrusted peer: no Secure, no prefix', async () => {
    const response = await new Client(plain.app, { headers: { 'x-forwarded-proto': 'https' } }).call(
      'GET',
      '/api/session',
    );
    expect(response.headers.get('set-cookie')).toMatch(/^rl_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax;/);
    expect(response.headers.get('set-cookie')).not.toContain('Secure');
  });
});

describe('purging expired sessions and rate-limit rows on a schedule', () => {
  let s: SecurityApp | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await s?.close();
  });

  it('deletes them every 15 minutes once the app is built', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    s = await openSecurityApp();
    const db = s.handle.db;
    await db.execute(
      sql`insert into sessions (id, csrf_token, expires_at) values ('old-idle', 'x', now() - interval '1 minute'),
        ('old-absolute', 'x', now() + interval '1 hour'), ('live', 'x', now() + interval '1 hour')`,
    );
    await db.execute(
      sql`update sessions set created_at = now() - interval '31 days' where id = 'old-absolute'`,
    );
    await db.execute(
      sql`insert into rate_limits (key, count, window_ends_at) values ('login:ip:spent', 3, now() - interval '1 second'),
        ('login:ip:live', 3, now() + interval '10 minutes')`,
    );
    const ids = async (table: 'sessions' | 'rate_limits') => {
      const column = table === 'sessions' ? sql.raw('id') : sql.raw('key');
      const result = (await db.execute(
        sql`select ${column} as id from ${sql.raw(table)} order by 1`,
      )) as unknown as { rows: { id: string }[] };
      return result.rows.map((row) => row.id);
    };
    expect(await ids('sessions')).toEqual(['live', 'old-absolute', 'old-idle']);
    vi.advanceTimersByTime(14 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await ids('sessions')).toHaveLength(3);
    vi.advanceTimersByTime(60_000);
    await vi.waitFor(async () => expect(await ids('sessions')).toEqual(['live']), { timeout: 5_000 });
    await vi.waitFor(async () => expect(await ids('rate_limits')).toEqual(['login:ip:live']));
  });
});

import { generateTOTP } from '@epic-web/totp';
import type { Page } from '@playwright/test';
import type { StaffRole } from '#core/staff-permissions.ts';
import { DEMO_OWNER_TOTP_SECRET, DEMO_STAFF, DEMO_STAFF_PASSWORD } from '#server/backoffice/demo-staff.ts';

/** The demo staff account of a role (README), with its password. */
export function demoStaff(role: StaffRole) {
  const member = DEMO_STAFF.find((entry) => entry.role === role)!;
  return { ...member, password: DEMO_STAFF_PASSWORD };
}

const TOTP = { period: 30, digits: 6, algorithm: 'SHA-1' } as const;

export async function totpCode(secret = DEMO_OWNER_TOTP_SECRET): Promise<string> {
  return (await generateTOTP({ ...TOTP, secret })).otp;
}

/** Waits for the next 30 s TOTP step: a code is accepted once, so a second sign-in in one step needs the next. */
export function nextTotpStep(): Promise<void> {
  const wait = 30_000 - (Date.now() % 30_000) + 200;
  return new Promise((resolve) => setTimeout(resolve, wait));
}

/** The cookie jar of one HTTP client: the Set-Cookie values it was sent, as a Cookie header. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface StaffClient {
  cookie: string;
  csrf: string;
  get(path: string): Promise<Response>;
  post(path: string, fields: Record<string, string>, options?: { csrf?: boolean }): Promise<Response>;
}

const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/**
 * Signs a demo staff member in over HTTP, as a browser without JavaScript would (the owner with a TOTP code), and
 * returns a client that sends its cookie, the same Origin, and (unless told not to) the form token.
 */
export async function staffClient(baseUrl: string, role: StaffRole | null): Promise<StaffClient> {
  const jar = new Jar();
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { origin: baseUrl, cookie: jar.header(), ...(init.headers as Record<string, string>) },
    });
    jar.take(response);
    return response;
  };
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  let csrf = '';
  if (role) {
    const member = demoStaff(role);
    const signedIn = await send('/admin/login', form({ email: member.email, password: member.password }));
    if (signedIn.status !== 302) throw new Error(`sign-in of ${role} answered ${signedIn.status}`);
    if (role === 'owner') {
      for (let attempt = 0; attempt < 2; attempt++) {
        const page = await (await send('/admin/login')).text();
        if (!page.includes('Enter your code')) break;
        if (attempt === 1) await nextTotpStep();
        await send('/admin/login', form({ csrf: csrfOf(page), code: await totpCode() }));
      }
    }
    const home = await send('/admin');
    if (home.status !== 200) throw new Error(`${role} did not reach /admin (${home.status})`);
    csrf = csrfOf(await home.text());
  }
  return {
    get cookie() {
      return jar.header();
    },
    csrf,
    get: (path) => send(path),
    post: (path, fields, options = {}) =>
      send(path, form(options.csrf === false ? fields : { csrf, ...fields })),
  };
}

/** Signs a demo staff member in through the browser's sign-in form (the owner with a TOTP code). */
export async function signInInBrowser(page: Page, baseUrl: string, role: StaffRole): Promise<void> {
  const member = demoStaff(role);
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (role === 'owner') {
    for (let attempt = 0; attempt < 2; attempt++) {
      // A code is accepted once: when this step's code was spent by another sign-in, the next step's is used.
      if (attempt === 1) await nextTotpStep();
      await page.getByLabel(/6-digit code/).fill(await totpCode());
      await page.getByRole('button', { name: 'Continue' }).click();
      const outcome = await Promise.race([
        page.waitForURL(`${baseUrl}/admin`).then(() => 'in' as const),
        page
          .getByRole('alert')
          .waitFor()
          .then(() => 'refused' as const),
      ]);
      if (outcome === 'in') return;
    }
  }
  await page.waitForURL(`${baseUrl}/admin`);
}

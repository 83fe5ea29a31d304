import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSignIn } from '#app/lib/account/auth.server.ts';
import { localeFreeReturnPath } from '#app/lib/forms/return-path.ts';
import { localeStateFor } from '#app/lib/locale/locale-state.ts';
import { parseUrlLocale } from '#app/lib/locale/url-locale.ts';
import type { StorefrontContext } from '#app/lib/router/storefront-context.server.ts';
import { localizedPath } from '#core/locale-prefix.ts';
import {
  parseRedirectRules,
  RedirectRulesError,
  resolveLegacyRedirect,
} from '#server/http/legacy-redirects.ts';
import { localeRouting } from '#server/http/locale-routing.ts';
import { ROOT } from '../support/server.ts';
import { Client, DEMO, openSecurityApp, type SecurityApp } from './harness.ts';
import { HOSTILE } from './hostile-inputs.ts';

/**
 * Issue 10 security: open-redirect attempts on every redirect parameter of the site stay on the site, and the
 * legacy redirect rules can neither loop nor leave the allow-list. The pages themselves (sign-in, country,
 * consent) are driven over HTTP in tests/e2e/security.e2e.ts.
 */

const ORIGIN = 'https://shop.example';

/** Where a browser on the site would go for a Location header. */
function landsOnSite(location: string | null): boolean {
  if (location === null) return true;
  if (/^\s*[a-z][a-z0-9+.-]*:/i.test(location) && !location.startsWith(ORIGIN)) return false;
  try {
    return new URL(location, `${ORIGIN}/en-us/account`).origin === ORIGIN;
  } catch {
    return false;
  }
}

describe('return paths (sign-in returnTo, country and consent returnTo)', () => {
  const ctx = { locale: localeStateFor(parseUrlLocale('fr-ca')!, false) } as StorefrontContext;

  it.each(HOSTILE)('%j stays on the site', (value) => {
    // The country and consent pages redirect to the return path inside a locale prefix.
    for (const locale of ['en-us', 'fr-ca']) {
      const target = localizedPath(parseUrlLocale(locale)!, localeFreeReturnPath(value));
      expect(target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')).toBe(true);
      expect(landsOnSite(target)).toBe(true);
    }
    const target = afterSignIn(ctx, value);
    expect(target.startsWith('/fr-ca')).toBe(true);
    expect(landsOnSite(target)).toBe(true);
  });

  it('still returns to real pages of the site, in the current locale', () => {
    expect(afterSignIn(ctx, '/en-us/p/ridgeline-trail-gaiter?color=red')).toBe(
      '/fr-ca/p/ridgeline-trail-gaiter?color=red',
    );
    expect(localeFreeReturnPath('/en-us/cart')).toBe('/cart');
  });
});

describe('locale switches and legacy redirects before the pages', () => {
  const rules = parseRedirectRules(
    JSON.parse(readFileSync(join(ROOT, 'seed/redirects/legacy.json'), 'utf8')),
  );
  const app = new Hono();
  app.use(localeRouting({ redirects: rules }));
  app.all('*', (c) => c.text('page'));

  const hostilePaths = [
    '//evil.example',
    '//evil.example/',
    '//evil.example/en-us',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '///evil.example',
    '/.//evil.example',
    '//evil.example/snowshoes?gender=women',
    '/snowshoes?gender=women&next=//evil.example',
    '/snowshoes/?gender=women',
    '/en-us//evil.example',
    '/xx//evil.example',
    '/?country=//evil.example&language=en',
    '/?countryLanguage=//evil.example',
    '/en-us?country=javascript:alert(1)',
    '/%09/evil.example',
  ];

  it.each(hostilePaths)('GET %s stays on the site', async (path) => {
    for (const cookie of ['', 'country=ca; language=fr', 'countryLanguage=//evil.example']) {
      const response = await app.request(`${ORIGIN}${path}`, {
        headers: { cookie, 'accept-language': 'de-DE' },
      });
      const location = response.headers.get('location');
      expect(landsOnSite(location), `${path} [${cookie}] → ${location}`).toBe(true);
      for (const setCookie of response.headers.getSetCookie()) expect(setCookie).not.toContain('evil');
    }
  });

  it('the shipped rules resolve without loops, and every external target is allow-listed', () => {
    for (const rule of rules.rules) {
      const search = new URLSearchParams(rule.query ?? {}).toString();
      const outcome = resolveLegacyRedirect(rules, rule.from, search ? `?${search}` : '');
      expect(outcome.kind, rule.from).not.toBe('loop');
      if (outcome.kind === 'external')
        expect(rules.allowedExternalHosts).toContain(new URL(outcome.url).hostname);
    }
  });

  it.each([
    'https://evil.example/',
    'https://ridgeline-snowshoes.com@evil.example/',
    'https://evil.example\\@ridgeline-snowshoes.com/',
    'https://ridgeline-snowshoes.com.evil.example/',
    'https://evil.example/ridgeline-snowshoes.com',
    'http://ridgeline-snowshoes.com/',
    'javascript:alert(1)',
    '//ridgeline-snowshoes.com',
    '/\\evil.example',
    ' /x',
  ])('refuses a rule file pointing to %j', (to) => {
    const input = { allowedExternalHosts: ['ridgeline-snowshoes.com'], rules: [{ from: '/old', to }] };
    expect(() => parseRedirectRules(input)).toThrow();
  });

  it('refuses a rule file whose rules loop, directly or through a chain', () => {
    const loop = (rules: { from: string; to: string }[]) => () => parseRedirectRules({ rules });
    expect(loop([{ from: '/a', to: '/a/' }])).not.toThrow(); // a rule onto its own path only adds the prefix
    expect(
      loop([
        { from: '/a', to: '/b' },
        { from: '/b', to: '/c' },
        { from: '/C', to: '/a' },
      ]),
    ).toThrow(RedirectRulesError);
  });
});

describe('POST /api/customers/bclogin redirect', () => {
  let s: SecurityApp;
  let client: Client;
  let id: number;
  beforeAll(async () => {
    s = await openSecurityApp();
    client = new Client(s.app);
    id = (await client.login(DEMO.standard.email, DEMO.standard.pw)).id;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('refuses every hostile target with a 400', async () => {
    for (const redirect of HOSTILE) {
      const response = await client.json('POST', '/api/customers/bclogin', { body: { id, redirect } });
      if (response.status === 200) expect(landsOnSite(response.body.data.redirect_url), redirect).toBe(true);
      else expect(response.status, redirect).toBe(400);
    }
    const fine = await client.json('POST', '/api/customers/bclogin', {
      body: { id, redirect: '/en-us/cart' },
    });
    expect(fine.body.data.redirect_url).toBe('/en-us/cart');
  });
});

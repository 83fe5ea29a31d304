import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseRedirectRules,
  RedirectRulesError,
  redirectRulesSchema,
  resolveLegacyRedirect,
} from './legacy-redirects.ts';

const demoRules = parseRedirectRules(
  JSON.parse(readFileSync(new URL('../../seed/redirects/legacy.json', import.meta.url), 'utf8')),
);

describe('legacy redirect rules (§2)', () => {
  it.each([
    ['/snowshoes', '?gender=women', '/c/snowshoes/womens', ''],
    ['/snowshoes', '?gender=Men&utm_source=mail', '/c/snowshoes/mens', '?utm_source=mail'],
    ['/snowshoes', '?series=running', '/c/snowshoes/running', ''],
    ['/snowshoes', '?type=kids', '/c/snowshoes/kids', ''],
    ['/snowshoes', '', '/c/snowshoes', ''],
    ['/snowshoes/', '?colour=red', '/c/snowshoes', '?colour=red'],
    ['/Accessories', '?type=poles', '/c/accessories/poles', ''],
    ['/register', '', '/account/create', ''],
    ['/dealers', '', '/stores', ''],
    ['/about', '', '/about', ''],
    ['/helium-series', '', '/c/snowshoes/backcountry', ''],
  ])('maps %s%s to %s', (from, search, path, rest) => {
    expect(resolveLegacyRedirect(demoRules, from, search)).toEqual({ kind: 'internal', path, search: rest });
  });

  it('covers every legacy path the spec names', () => {
    const legacy = [
      '/register',
      '/warranty',
      '/ps',
      '/customer-service',
      '/support',
      '/contact',
      '/dealers',
      '/privacy',
      '/about',
      '/helium-series',
      '/accessories',
      '/snowshoes',
    ];
    for (const path of legacy) expect(resolveLegacyRedirect(demoRules, path, '').kind).toBe('internal');
  });

  it('leaves other paths alone', () => {
    expect(resolveLegacyRedirect(demoRules, '/en-us/c/snowshoes', '')).toEqual({ kind: 'none' });
    expect(resolveLegacyRedirect(demoRules, '/snowshoes-guide', '')).toEqual({ kind: 'none' });
  });

  it('sends allow-listed external targets as a full page load', () => {
    const rules = parseRedirectRules({
      allowedExternalHosts: ['jobs.example.com'],
      rules: [{ from: '/careers', to: 'https://jobs.example.com/ridgeline' }],
    });
    expect(resolveLegacyRedirect(rules, '/careers', '')).toEqual({
      kind: 'external',
      url: 'https://jobs.example.com/ridgeline',
    });
  });

  it('refuses rule files that point off the allow-list or at other schemes', () => {
    expect(() => parseRedirectRules({ rules: [{ from: '/x', to: 'https://evil.example/' }] })).toThrow(
      RedirectRulesError,
    );
    expect(() => parseRedirectRules({ rules: [{ from: '/x', to: 'javascript:alert(1)' }] })).toThrow();
    expect(() => parseRedirectRules({ rules: [{ from: '/x', to: '//evil.example' }] })).toThrow();
    expect(() => parseRedirectRules({ rules: [{ from: '/x', to: 'http://ridgeline.example' }] })).toThrow();
  });

  it('ends a redirect loop after 10 hops (§5: 400 Too many redirects), and refuses such a rule file', () => {
    const input = {
      rules: [
        { from: '/a', to: '/b' },
        { from: '/b', to: '/a' },
      ],
    };
    // The runtime guard, for rules that did not come through parseRedirectRules.
    expect(resolveLegacyRedirect(redirectRulesSchema.parse(input), '/a', '')).toEqual({ kind: 'loop' });
    expect(() => parseRedirectRules(input)).toThrow(/starts a loop/);
  });

  it('follows a chain of up to 10 rules; a longer one counts as a loop', () => {
    const chain = Array.from({ length: 10 }, (_, i) => ({ from: `/p${i}`, to: `/p${i + 1}` }));
    expect(resolveLegacyRedirect(parseRedirectRules({ rules: chain }), '/p0', '')).toEqual({
      kind: 'internal',
      path: '/p10',
      search: '',
    });
    const longer = { rules: [...chain, { from: '/p10', to: '/p11' }] };
    expect(resolveLegacyRedirect(redirectRulesSchema.parse(longer), '/p0', '')).toEqual({ kind: 'loop' });
    expect(() => parseRedirectRules(longer)).toThrow(RedirectRulesError);
  });
});

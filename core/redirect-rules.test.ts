import { describe, expect, it } from 'vitest';
import {
  parseRedirectRules,
  redirectRuleProblems,
  redirectRulesFromFields,
  redirectRulesSchema,
  redirectRulesToFields,
  traceRedirect,
} from './redirect-rules.ts';

const rules = (
  list: Array<{ from: string; to: string; query?: Record<string, string> }>,
  hosts: string[] = [],
) => redirectRulesSchema.parse({ allowedExternalHosts: hosts, rules: list });

describe('tracing a redirect', () => {
  it('names every path of the chain', () => {
    const set = rules([
      { from: '/a', to: '/b' },
      { from: '/b', to: '/c' },
    ]);
    expect(traceRedirect(set, '/a', '')).toEqual({
      outcome: { kind: 'internal', path: '/c', search: '' },
      chain: ['/a', '/b', '/c'],
    });
  });

  it('stops at the first path that comes back, with the loop in the chain', () => {
    const set = rules([
      { from: '/a', to: '/b' },
      { from: '/b', to: '/A/' },
    ]);
    expect(traceRedirect(set, '/a', '')).toEqual({ outcome: { kind: 'loop' }, chain: ['/a', '/b', '/A/'] });
  });

  it('is no loop when a parameter rule sends to its own path without the parameter', () => {
    const set = rules([
      { from: '/shop', query: { type: 'old' }, to: '/shop' },
      { from: '/shop', to: '/c/all' },
    ]);
    expect(traceRedirect(set, '/shop', '?type=old').chain).toEqual(['/shop?type=old', '/shop']);
    expect(traceRedirect(set, '/shop', '').outcome).toEqual({ kind: 'internal', path: '/c/all', search: '' });
  });
});

describe('checking a rule set', () => {
  it('refuses a loop with the offending chain on each rule that starts it', () => {
    const problems = redirectRuleProblems(
      rules([
        { from: '/a', to: '/b' },
        { from: '/b', to: '/c' },
        { from: '/c', to: '/a' },
        { from: '/d', to: '/e' },
      ]),
    );
    expect(problems).toEqual([
      { index: 0, field: 'to', message: 'Redirect rule /a starts a loop: /a → /b → /c → /a.' },
      { index: 1, field: 'to', message: 'Redirect rule /b starts a loop: /b → /c → /a → /b.' },
      { index: 2, field: 'to', message: 'Redirect rule /c starts a loop: /c → /a → /b → /c.' },
    ]);
  });

  it('refuses a chain of more than 10 redirects, naming it', () => {
    const chain = Array.from({ length: 11 }, (_, i) => ({ from: `/p${i}`, to: `/p${i + 1}` }));
    const [first] = redirectRuleProblems(rules(chain));
    expect(first?.message).toBe(
      'Redirect rule /p0 starts a chain of more than 10 redirects: /p0 → /p1 → /p2 → /p3 → /p4 → /p5 → /p6 → /p7 → /p8 → /p9 → /p10 → /p11.',
    );
  });

  it('refuses an external target off the allow-list, and accepts one on it', () => {
    expect(
      redirectRuleProblems(rules([{ from: '/jobs', to: 'https://evil.example/x' }], ['jobs.example'])),
    ).toEqual([
      {
        index: 0,
        field: 'to',
        message:
          'Redirect rule /jobs points off the allow-list: evil.example is not an allowed external host (/jobs → https://evil.example/x).',
      },
    ]);
    expect(
      redirectRuleProblems(rules([{ from: '/jobs', to: 'https://jobs.example/x' }], ['jobs.example'])),
    ).toEqual([]);
  });

  it('refuses two rules for the same path and parameters', () => {
    const problems = redirectRuleProblems(
      rules([
        { from: '/x', query: { a: 'B' }, to: '/one' },
        { from: '/X/', query: { a: 'b' }, to: '/two' },
        { from: '/x', to: '/three' },
      ]),
    );
    expect(problems).toEqual([
      {
        index: 1,
        field: 'from',
        message: 'Redirect rule /X/?a=b repeats rule 1: only one of them could apply.',
      },
    ]);
  });

  it('parseRedirectRules throws the first problem', () => {
    expect(() =>
      parseRedirectRules({
        rules: [
          { from: '/a', to: '/b' },
          { from: '/b', to: '/a' },
        ],
      }),
    ).toThrow('Redirect rule /a starts a loop: /a → /b → /a');
  });
});

describe('the redirect_rules entry fields', () => {
  const fields = {
    allowed_external_hosts: ['Jobs.Example.com '],
    rules: [
      { from: '/a', query: [], to: '/b' },
      { from: ' /shop', query: [{ key: 'type', value: 'poles' }], to: '/c/poles' },
      { from: '/careers', query: [], to: 'https://jobs.example.com/' },
    ],
  };

  it('become a rule set, and back', () => {
    const result = redirectRulesFromFields(fields);
    expect(result).toEqual({
      rules: {
        allowedExternalHosts: ['jobs.example.com'],
        rules: [
          { from: '/a', to: '/b' },
          { from: '/shop', query: { type: 'poles' }, to: '/c/poles' },
          { from: '/careers', to: 'https://jobs.example.com/' },
        ],
      },
    });
    if (!('rules' in result)) throw new Error('refused');
    expect(redirectRulesToFields(result.rules)).toEqual({
      allowed_external_hosts: ['jobs.example.com'],
      rules: [
        { from: '/a', query: [], to: '/b' },
        { from: '/shop', query: [{ key: 'type', value: 'poles' }], to: '/c/poles' },
        { from: '/careers', query: [], to: 'https://jobs.example.com/' },
      ],
    });
  });

  it('are refused on the field at fault', () => {
    expect(
      redirectRulesFromFields({
        rules: [
          { from: 'a', to: '/b' },
          { from: '/c', to: 'javascript:alert(1)' },
          {
            from: '/d',
            query: [
              { key: 'x', value: '1' },
              { key: 'X', value: '2' },
            ],
            to: '/e',
          },
        ],
      }),
    ).toEqual({
      problems: [
        { path: ['rules', 2, 'query', 1, 'key'], message: 'Parameter X is listed twice.' },
        { path: ['rules', 0, 'from'], message: 'Enter a site path starting with a single /, e.g. /dealers.' },
        {
          path: ['rules', 1, 'to'],
          message: 'Enter a site path starting with a single /, or an https:// address.',
        },
      ],
    });
    expect(redirectRulesFromFields({ allowed_external_hosts: ['not a host'], rules: [] })).toEqual({
      problems: [
        { path: ['allowed_external_hosts', 0], message: 'Enter a host name such as www.example.com.' },
      ],
    });
    expect(
      redirectRulesFromFields({
        rules: [
          { from: '/a', to: '/b' },
          { from: '/b', to: '/a' },
        ],
      }),
    ).toEqual({
      problems: [
        { path: ['rules', 0, 'to'], message: 'Redirect rule /a starts a loop: /a → /b → /a.' },
        { path: ['rules', 1, 'to'], message: 'Redirect rule /b starts a loop: /b → /a → /b.' },
      ],
    });
  });
});

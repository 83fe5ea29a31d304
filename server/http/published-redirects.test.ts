import { describe, expect, it } from 'vitest';
import { redirectRulesSchema } from '#core/redirect-rules.ts';
import { cachedRedirectRules } from './published-redirects.ts';

const FALLBACK = redirectRulesSchema.parse({ rules: [{ from: '/dealers', to: '/stores' }] });
const entry = (from: string, to: string) => ({ title: 'Legacy redirects', rules: [{ from, query: [], to }] });

function source(reads: Array<unknown | Error>) {
  let version = 'content:1';
  const errors: string[] = [];
  let calls = 0;
  const get = cachedRedirectRules({
    read: async () => {
      const next = reads[Math.min(calls++, reads.length - 1)];
      if (next instanceof Error) throw next;
      return next;
    },
    version: async () => version,
    fallback: FALLBACK,
    onError: (error) => errors.push((error as Error).message),
  });
  return {
    get,
    errors,
    calls: () => calls,
    move: () => {
      version = `content:${Number(version.slice(8)) + 1}`;
    },
  };
}

describe('the redirect rules in force', () => {
  it('are the published entry, read again only when the content version moves', async () => {
    const rules = source([entry('/a', '/b'), entry('/c', '/d')]);
    expect((await rules.get()).rules).toEqual([{ from: '/a', to: '/b' }]);
    expect((await rules.get()).rules).toEqual([{ from: '/a', to: '/b' }]);
    expect(rules.calls()).toBe(1);
    rules.move();
    expect((await rules.get()).rules).toEqual([{ from: '/c', to: '/d' }]);
    expect(rules.calls()).toBe(2);
  });

  it('are the seed file’s while no entry is published', async () => {
    const rules = source([null]);
    expect(await rules.get()).toBe(FALLBACK);
    expect(rules.errors).toEqual([]);
  });

  it('stay the last good ones when a read fails, tried again after a second, not on every request', async () => {
    const rules = source([entry('/a', '/b'), new Error('content service down')]);
    expect((await rules.get()).rules).toEqual([{ from: '/a', to: '/b' }]);
    rules.move();
    expect((await rules.get()).rules).toEqual([{ from: '/a', to: '/b' }]);
    rules.move();
    // A failed read is retried after a second, not on every request.
    expect((await rules.get()).rules).toEqual([{ from: '/a', to: '/b' }]);
    expect(rules.calls()).toBe(2);
    expect(rules.errors).toEqual(['content service down']);
  });

  it('keep the last good rules when the published ones loop, and say why once', async () => {
    const looping = { title: 'x', rules: [entry('/x', '/y').rules[0], entry('/y', '/x').rules[0]] };
    const rules = source([entry('/a', '/b'), looping]);
    await rules.get();
    rules.move();
    expect((await rules.get()).rules).toEqual([{ from: '/a', to: '/b' }]);
    expect(await rules.get()).toEqual(await rules.get());
    expect(rules.errors).toEqual([
      'published redirect rules refused: Redirect rule /x starts a loop: /x → /y → /x.',
    ]);
  });
});

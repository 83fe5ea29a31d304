import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRedirectRules, redirectRulesFromFields } from '#core/redirect-rules.ts';
import type { Actor } from '#server/audit/audit.ts';
import { loadConfig } from '#server/config.ts';
import {
  type ContentManagement,
  ContentManagementError,
  type ContentServices,
  createContentManagement,
  createContentServices,
} from '#server/content/index.ts';
import type { EntryRule } from '#server/content/management/contract.ts';
import { createContentEntryRules } from '#server/content/management/entry-rules.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { localeRouting } from '#server/http/locale-routing.ts';
import { publishedRedirectRules } from '#server/http/published-redirects.ts';
import { seedDemoContent } from '#server/seed/demo-content.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 21, store data editors: the legacy redirect rules and the dealer list are content, saved through their
 * entry rules (loops and foreign hosts refused with the chain; dealers placed from the locator's postal data),
 * and the server follows the published redirect rules without a restart.
 */
const SEED = JSON.parse(
  readFileSync(new URL('../../seed/content/redirect_rules/legacy.json', import.meta.url), 'utf8'),
);
const SEED_FIELDS = SEED.locales['en-us'] as {
  rules: Array<Record<string, unknown>>;
  [key: string]: unknown;
};
const FILE_RULES = parseRedirectRules(
  JSON.parse(readFileSync(new URL('../../seed/redirects/legacy.json', import.meta.url), 'utf8')),
);

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe.each(testDatabaseTargets)('store data editors on $name', (target) => {
  let handle: DatabaseHandle;
  let content: ContentServices;
  let rules: Record<string, EntryRule>;
  let management: ContentManagement;
  let editor: Actor;
  let app: Hono;
  const errors: unknown[] = [];

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedDemoContent(handle.db);
    content = createContentServices({ config: loadConfig({}), db: handle.db });
    rules = createContentEntryRules(handle.db);
    management = createContentManagement({
      db: handle.db,
      config: { CONTENT_ENVIRONMENT: 'production' },
      rules,
    });
    editor = await insertActor(handle.db, 'editor', 'store-data-editors@ridgeline.example');
    app = new Hono();
    app.use(
      localeRouting({
        redirects: publishedRedirectRules({
          content: content.client,
          db: handle.db,
          fallback: FILE_RULES,
          onError: (error) => errors.push(error),
        }),
      }),
    );
    app.get('*', (c) => c.text('page'));
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  const redirectRule = (fields: Record<string, unknown>, locale = 'en-us') =>
    rules.redirect_rules!(fields, { locale, uid: 'legacy' });

  describe('redirect rules', () => {
    it('the seeded entry holds the rules of the seed file, and passes its rule', async () => {
      const result = await redirectRule(SEED_FIELDS);
      expect(result).toEqual({ fields: SEED_FIELDS });
      // Two files, one rule set: the fallback (seed/redirects/legacy.json) is what the entry seeds.
      expect(redirectRulesFromFields(SEED_FIELDS)).toEqual({ rules: FILE_RULES });
    });

    it('refuse a rule that would loop, naming the chain on the rule', async () => {
      const looping = {
        ...SEED_FIELDS,
        rules: [...SEED_FIELDS.rules, { from: '/c/snowshoes', query: [], to: '/snowshoes' }],
      };
      const result = await redirectRule(looping);
      expect(result).toEqual({
        problems: [
          {
            path: ['rules', 28, 'to'],
            message: 'Redirect rule /snowshoes starts a loop: /snowshoes → /c/snowshoes → /snowshoes.',
          },
          {
            path: ['rules', SEED_FIELDS.rules.length, 'to'],
            message: 'Redirect rule /c/snowshoes starts a loop: /c/snowshoes → /snowshoes → /c/snowshoes.',
          },
        ],
      });
    });

    it('refuse an external host off the allow-list, and rules in another locale', async () => {
      const foreign = {
        ...SEED_FIELDS,
        rules: [{ from: '/outlet', query: [], to: 'https://outlet.example.net/' }],
      };
      expect(await redirectRule(foreign)).toEqual({
        problems: [
          {
            path: ['rules', 0, 'to'],
            message:
              'Redirect rule /outlet points off the allow-list: outlet.example.net is not an allowed external host (/outlet → https://outlet.example.net/).',
          },
        ],
      });
      expect(await redirectRule(SEED_FIELDS, 'de-de')).toEqual({
        problems: [{ path: ['rules'], message: 'Redirect rules apply to every locale: edit them in en-us.' }],
      });
    });

    it('through the service: a rule that would loop is refused with the chain, and nothing is saved', async () => {
      const before = await management.getEntry('redirect_rules', 'legacy', 'en-us');
      const versions = (await management.versions('redirect_rules', 'legacy', 'en-us')).length;
      const refusal = await management
        .saveEntry(editor, {
          contentType: 'redirect_rules',
          uid: 'legacy',
          locale: 'en-us',
          fields: {
            ...before!.fields,
            rules: [...SEED_FIELDS.rules, { from: '/c/snowshoes', to: '/snowshoes' }],
          },
        })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ContentManagementError);
      expect((refusal as ContentManagementError).refusal).toMatchObject({
        code: 'invalid',
        problems: expect.arrayContaining([
          {
            path: ['rules', SEED_FIELDS.rules.length, 'to'],
            message: 'Redirect rule /c/snowshoes starts a loop: /c/snowshoes → /snowshoes → /c/snowshoes.',
          },
        ]),
      });
      const after = await management.getEntry('redirect_rules', 'legacy', 'en-us');
      expect(after?.version).toBe(before?.version);
      expect(after?.fields).toEqual(before?.fields);
      expect(await management.versions('redirect_rules', 'legacy', 'en-us')).toHaveLength(versions);
    });

    it('the server follows the published entry: a saved rule is not live, a published one within a second', async () => {
      const first = await app.request('/dealers');
      expect(first.status).toBe(301);
      expect(first.headers.get('location')).toBe('/en-us/stores');
      // Rules change: a browser keeps a permanent redirect an hour, not for ever.
      expect(first.headers.get('cache-control')).toBe('private, max-age=3600');
      // Not a legacy path yet: only the locale prefix is added (302).
      expect((await app.request('/trail-guide')).headers.get('location')).toBe('/en-us/trail-guide');

      const saved = await management.saveEntry(editor, {
        contentType: 'redirect_rules',
        uid: 'legacy',
        locale: 'en-us',
        fields: { ...SEED_FIELDS, rules: [...SEED_FIELDS.rules, { from: '/trail-guide', to: '/blog' }] },
      });
      // Stored as the rule normalises it.
      expect(saved.fields.rules).toContainEqual({ from: '/trail-guide', query: [], to: '/blog' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await app.request('/trail-guide')).headers.get('location')).toBe('/en-us/trail-guide');

      const published = Date.now();
      await management.publish(editor, {
        contentType: 'redirect_rules',
        uid: 'legacy',
        locales: ['en-us'],
        environments: ['production'],
      });
      const answer = await until(
        async () => app.request('/trail-guide'),
        (response) => response.status === 301,
        5000,
      );
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe('/en-us/blog');
      expect(Date.now() - published).toBeLessThan(1000);
      expect(errors).toEqual([]);
    });

    it('fall back to the seed file while no entry is published', async () => {
      await management.unpublish(editor, {
        contentType: 'redirect_rules',
        uid: 'legacy',
        locales: ['en-us'],
        environments: ['production'],
      });
      const answer = await until(
        async () => app.request('/trail-guide'),
        (response) => response.status === 302,
        5000,
      );
      expect(answer.headers.get('location')).toBe('/en-us/trail-guide');
      expect((await app.request('/register')).headers.get('location')).toBe('/en-us/account/create');
    });
  });

  describe('dealers', () => {
    const dealerRule = (fields: Record<string, unknown>, uid = 'adirondack-trailhead') =>
      rules.dealer!(fields, { locale: 'en-us', uid });
    const seeded = () =>
      JSON.parse(
        readFileSync(new URL('../../seed/content/dealer/adirondack-trailhead.json', import.meta.url), 'utf8'),
      ).locales['en-us'] as Record<string, Record<string, unknown>>;

    it('every seeded dealer passes its rule unchanged', async () => {
      const stored = await content.store.allEntries();
      const dealers = stored.filter((entry) => entry.contentType === 'dealer');
      expect(dealers.length).toBeGreaterThan(40);
      for (const dealer of dealers)
        expect(await dealerRule(dealer.fields, dealer.uid), dealer.uid).toEqual({ fields: dealer.fields });
    });

    it('a new postal code moves the dealer to that postal area', async () => {
      const fields = seeded();
      const moved = { ...fields, address: { ...fields.address, postal_code: '05401' } };
      expect(await dealerRule(moved)).toEqual({
        fields: { ...moved, location: { lat: 44.48, lng: -73.21 } },
      });
    });

    it('through the service: a dealer saved with a new postal code gets its coordinates', async () => {
      const before = (await management.getEntry('dealer', 'wasatch-backcountry', 'en-us'))!;
      const address = before.fields.address as Record<string, unknown>;
      const unknown = await management
        .saveEntry(editor, {
          contentType: 'dealer',
          uid: 'wasatch-backcountry',
          locale: 'en-us',
          fields: { ...before.fields, address: { ...address, postal_code: '00000' } },
        })
        .catch((error: unknown) => error);
      expect((unknown as ContentManagementError).refusal).toMatchObject({
        code: 'invalid',
        problems: [
          { path: ['address', 'postal_code'], message: expect.stringContaining('Postal code 00000') },
        ],
      });
      const saved = await management.saveEntry(editor, {
        contentType: 'dealer',
        uid: 'wasatch-backcountry',
        locale: 'en-us',
        fields: { ...before.fields, address: { ...address, postal_code: '80443', city: 'Frisco' } },
      });
      expect(saved.version).toBe(before.version + 1);
      expect(saved.fields.location).toEqual({ lat: 39.48, lng: -106.04 });
      expect((await management.getEntry('dealer', 'wasatch-backcountry', 'en-us'))?.fields.location).toEqual({
        lat: 39.48,
        lng: -106.04,
      });
    });

    it('a new dealer without coordinates is placed from its postal code', async () => {
      const fields = seeded();
      const fresh = {
        ...fields,
        title: 'Banff Snowshoe Hut',
        address: { ...fields.address, postal_code: 'T1L 1B3', country: 'ca' },
        location: {},
      };
      expect(await dealerRule(fresh, 'banff-snowshoe-hut')).toEqual({
        fields: { ...fresh, location: { lat: 51.05, lng: -114.07 } },
      });
    });

    it('an unknown postal code is refused on its field', async () => {
      const fields = seeded();
      const unknown = { ...fields, address: { ...fields.address, postal_code: '99999' } };
      expect(await dealerRule(unknown)).toEqual({
        problems: [
          {
            path: ['address', 'postal_code'],
            message:
              'Postal code 99999 is not one the store locator knows in US: check it, or enter the coordinates by hand.',
          },
        ],
      });
    });
  });
});

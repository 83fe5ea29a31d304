import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { mediaIdsIn, referencesIn } from '#core/content-references.ts';
import { type ContentField, MAX_TEXT_LENGTH } from '#core/content-schema.ts';
import { validateEntry } from '#core/content-validation.ts';
import { catalogueContent } from '../../seed/content/catalogue-content.ts';
import { mergeContent, readContentFiles } from './content-files.ts';
import { CONTENT_TYPES, contentTypeByUid, describeContentType } from './content-types.ts';
import { productEntryFields } from './product-entry.ts';

const SEED = mergeContent(catalogueContent(), readContentFiles());

describe('content type schemas', () => {
  it('describe all 27 types, each with a mandatory title first and unique field uids', () => {
    expect(CONTENT_TYPES).toHaveLength(27);
    for (const type of CONTENT_TYPES) {
      expect(type.schema[0]).toMatchObject({ uid: 'title', data_type: 'text', mandatory: true });
      const uids = type.schema.map((field) => field.uid);
      expect(new Set(uids).size, type.uid).toBe(uids.length);
    }
  });

  it('carry formats RE2 runs, non-empty choices and lengths within the service limit', () => {
    const all = (fields: readonly ContentField[]): ContentField[] =>
      fields.flatMap((field) => [
        field,
        ...(field.data_type === 'group' ? all(field.schema) : []),
        ...(field.data_type === 'blocks' ? field.blocks.flatMap((block) => all(block.schema)) : []),
      ]);
    let formats = 0;
    for (const type of CONTENT_TYPES)
      for (const field of all(type.schema)) {
        expect(field.display_name, `${type.uid}.${field.uid}`).toBeTruthy();
        if (field.data_type !== 'text') continue;
        if (field.format) {
          formats++;
          expect(() => RE2JS.compile(field.format!), `${type.uid}.${field.uid}`).not.toThrow();
          expect(field.error_messages?.format, `${type.uid}.${field.uid}`).toBeTruthy();
        }
        if (field.enum) expect(field.enum.choices.length, `${type.uid}.${field.uid}`).toBeGreaterThan(0);
        expect(field.max_length ?? 0).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
      }
    expect(formats).toBeGreaterThan(20);
  });

  it('reference only content types that exist', () => {
    const targets = (fields: readonly unknown[]): string[] =>
      fields.flatMap((field) => {
        const f = field as {
          reference_to?: string[];
          schema?: unknown[];
          blocks?: Array<{ schema: unknown[] }>;
        };
        return [
          ...(f.reference_to ?? []),
          ...targets(f.schema ?? []),
          ...(f.blocks ?? []).flatMap((block) => targets(block.schema)),
        ];
      });
    for (const type of CONTENT_TYPES)
      for (const target of targets(type.schema))
        expect(contentTypeByUid(target), `${type.uid} → ${target}`).toBeDefined();
  });

  it('are what the delivery protocol describes', () => {
    const header = describeContentType(contentTypeByUid('header')!);
    expect(header.options).toEqual({ singleton: true, title: 'title', is_page: false });
    expect(header.schema).toContainEqual(
      expect.objectContaining({ uid: 'main_nav', data_type: 'reference', reference_to: ['main_nav'] }),
    );
  });

  it('hold every seed entry in every locale (the schemas are true to the content)', () => {
    const failures: string[] = [];
    let checked = 0;
    for (const file of SEED) {
      const type = contentTypeByUid(file.content_type)!;
      for (const [locale, fields] of Object.entries(file.locales)) {
        checked++;
        const result = validateEntry(type, fields);
        if (!result.ok)
          failures.push(
            ...result.problems.map(
              (problem) =>
                `${file.content_type}/${file.uid} ${locale} ${problem.path.join('.')}: ${problem.message}`,
            ),
          );
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(3900);
    const seen = new Set(SEED.map((file) => file.content_type));
    expect([...CONTENT_TYPES.map((type) => type.uid)].filter((uid) => !seen.has(uid))).toEqual([]);
  });

  it('hold the entry the back office writes for a new product', () => {
    const fields = productEntryFields({
      uid: 'ridgeline-test-shoe',
      title: 'Test Shoe',
      tagline: 'For tests',
      description: 'One.\n\nTwo <b>bold</b>.',
      commerce: { us: { id: 901, sku: 'RL-9001', categoryIds: [21, 20] } },
      categoryPath: 'snowshoes/mens',
      isNew: true,
      isRedesigned: false,
    });
    expect(validateEntry(contentTypeByUid('product')!, fields)).toMatchObject({ ok: true });
  });

  it('find the references of the seed (in groups, hotspots and page modules), all to entries that exist', () => {
    const exists = new Set(SEED.map((file) => `${file.content_type}/${file.uid}`));
    const dangling: string[] = [];
    for (const file of SEED) {
      const type = contentTypeByUid(file.content_type)!;
      for (const [locale, fields] of Object.entries(file.locales))
        for (const found of referencesIn(type, fields))
          if (!exists.has(`${found.contentType}/${found.uid}`))
            dangling.push(
              `${file.content_type}/${file.uid} ${locale} ${found.path.join('.')} → ${found.contentType}/${found.uid}`,
            );
    }
    expect(dangling).toEqual([]);

    const home = SEED.find((file) => file.content_type === 'page' && file.uid === 'home')!;
    const homeRefs = referencesIn(contentTypeByUid('page')!, home.locales['en-us']);
    expect(homeRefs).toContainEqual(
      expect.objectContaining({ contentType: 'banner', path: ['landing_page', 'modules', 0, 'banner', 0] }),
    );
    expect(homeRefs.some((found) => found.contentType === 'product')).toBe(true);
  });

  it('find the media ids of banner backgrounds and hotspots', () => {
    const banners = SEED.filter((file) => file.content_type === 'banner');
    const ids = banners.flatMap((file) => mediaIdsIn(contentTypeByUid('banner')!, file.locales['en-us']));
    expect(ids).toContain('banner-powder-day');
    expect(ids).toContain('ridgeline-expedition-gaiter-black');
  });

  it('refuse what the storefront cannot show, with messages on the fields', () => {
    const problems = (type: string, fields: Record<string, unknown>) => {
      const result = validateEntry(contentTypeByUid(type)!, fields);
      return result.ok ? [] : result.problems;
    };
    expect(
      problems('top_alert', { title: 'Sale', link: { title: 'Go', href: 'javascript:alert(1)' } }),
    ).toEqual([
      { path: ['link', 'href'], message: 'A link must be a site path (/stores) or an https address.' },
    ]);
    expect(
      problems('top_alert', { title: 'Sale', background_color: 'red', regions: ['us', 'mars'] }),
    ).toEqual([
      { path: ['background_color'], message: 'Enter a colour as # and six hex digits, e.g. #14202b.' },
      {
        path: ['regions', 1],
        message:
          'Regions must be one of: us, ca, jp, eu, eu_region_1, other, pro, pro_ca, pro_eu_region_1, no.',
      },
    ]);
    expect(problems('banner', { title: 'Hero' })).toEqual([
      { path: ['background'], message: 'Background is required.' },
    ]);
    expect(
      problems('page', {
        title: 'Landing',
        url: '/landing',
        page_type: 'landing',
        landing_page: { modules: [{ type: 'video' }, { type: 'copy', body: '' }] },
      }),
    ).toEqual([
      {
        path: ['landing_page', 'modules', 0],
        message: 'Modules: a block must be one of: banner, copy, product_slider.',
      },
      { path: ['landing_page', 'modules', 1, 'body'], message: 'Text is required.' },
    ]);
    expect(
      problems('dealer', {
        title: 'Shop',
        address: { street_address: '1 Main St', city: 'Aosta', postal_code: '11100', country: 'it' },
        hours_of_operation: [{ days_of_week: 'Monday', opening_time: '9am', closing_time: '18:00' }],
      }),
    ).toEqual([
      { path: ['hours_of_operation', 0, 'opening_time'], message: 'Enter a time as HH:MM, e.g. 09:00.' },
    ]);
    const blog = validateEntry(contentTypeByUid('blog')!, {
      title: 'Post',
      url: '/post',
      date: '2026-02-11',
      body: '<p>Hi<script>alert(1)</script><a href="javascript:alert(2)" onmouseover="x()">link</a></p>',
    });
    expect(blog).toEqual({
      ok: true,
      fields: { title: 'Post', url: '/post', date: '2026-02-11', body: '<p>Hi<a>link</a></p>' },
    });
  });
});

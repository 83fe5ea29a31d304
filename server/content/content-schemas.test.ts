import { describe, expect, it } from 'vitest';
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
});

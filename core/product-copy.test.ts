import { describe, expect, it } from 'vitest';
import { copyName, copySku, copySlug, MAX_NAME_LENGTH, MAX_SLUG_LENGTH } from './product-copy.ts';

describe('copyName', () => {
  it('adds "(copy)" to the name', () => {
    expect(copyName('Alpine Trek Snowshoe')).toBe('Alpine Trek Snowshoe (copy)');
  });

  it('names a copy of a copy once', () => {
    expect(copyName('Alpine Trek Snowshoe (copy)')).toBe('Alpine Trek Snowshoe (copy)');
  });

  it('cuts a long name so the whole stays within the limit', () => {
    const name = 'x'.repeat(MAX_NAME_LENGTH);
    const copy = copyName(name);
    expect(copy).toHaveLength(MAX_NAME_LENGTH);
    expect(copy.endsWith(' (copy)')).toBe(true);
  });
});

describe('copySlug', () => {
  it('gives -copy first, then numbered candidates', () => {
    expect(copySlug('alpine-trek', 1)).toBe('alpine-trek-copy');
    expect(copySlug('alpine-trek', 2)).toBe('alpine-trek-copy-2');
    expect(copySlug('alpine-trek', 11)).toBe('alpine-trek-copy-11');
  });

  it('numbers a copy of a copy from the original address', () => {
    expect(copySlug('alpine-trek-copy', 2)).toBe('alpine-trek-copy-2');
    expect(copySlug('alpine-trek-copy-3', 4)).toBe('alpine-trek-copy-4');
  });

  it('cuts a long address within the limit without a double dash', () => {
    const slug = `${'a'.repeat(73)}-bbbbbb`;
    const copy = copySlug(slug, 2);
    expect(copy.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(copy).toBe(`${'a'.repeat(73)}-copy-2`);
    expect(copy).not.toContain('--');
  });
});

describe('copySku', () => {
  it('gives -COPY first, then numbered candidates, never cut', () => {
    expect(copySku('RS-TREK-SPRUCE-25', 1)).toBe('RS-TREK-SPRUCE-25-COPY');
    expect(copySku('RS-TREK', 3)).toBe('RS-TREK-COPY-3');
    const long = 'A'.repeat(60);
    expect(copySku(long, 1)).toBe(`${long}-COPY`);
  });

  it('numbers a copy of a copy from the original SKU', () => {
    expect(copySku('RS-TREK-COPY', 2)).toBe('RS-TREK-COPY-2');
    expect(copySku('RS-TREK-COPY-2', 3)).toBe('RS-TREK-COPY-3');
  });
});

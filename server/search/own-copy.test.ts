import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ownCopy } from './own-copy.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const PACKED_BYTES = 16_000_000;

/** Ids cut from one large packed text, as the search index reads its documents. */
function idsCutFromPackedText(keep: (id: string) => string): string[] {
  const rows = Array.from(
    { length: 1000 },
    (_, i) => `product-ridgeline-${i}\x1f${'t'.repeat(PACKED_BYTES / 1000)}`,
  );
  const packed = rows.join('\x1e');
  return packed.split('\x1e').map((row) => keep(row.split('\x1f')[0]!));
}

describe('ownCopy', () => {
  it('is the same text', () => {
    for (const text of [
      '',
      'a',
      'product-ridgeline-summit-ascent-mens',
      'バックカントリー スノーシュー',
      "Men's Snowshoes",
    ])
      expect(ownCopy(text)).toBe(text);
  });

  it('keeps none of the text it was cut from, where the cut itself keeps all of it', () => {
    const base = heapUsed();
    const cut = idsCutFromPackedText((id) => id);
    const keptByCut = heapUsed() - base;
    expect(cut).toHaveLength(1000);
    cut.length = 0;

    const base2 = heapUsed();
    const copies = idsCutFromPackedText(ownCopy);
    const keptByCopies = heapUsed() - base2;
    expect(copies[999]).toBe('product-ridgeline-999');

    // The premise: on this V8 a cut substring holds its parent (the packed text, ~16 MB).
    expect(keptByCut).toBeGreaterThan(PACKED_BYTES / 2);
    // 1,000 short ids of their own: well under a megabyte.
    expect(keptByCopies).toBeLessThan(1_000_000);
  });
});

import { describe, expect, it } from 'vitest';
import { negotiateFormat, prefersImage } from './format.ts';

const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const OLD_SAFARI = 'image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5';

describe('format negotiation', () => {
  it('gives AVIF, then WebP, then JPEG for fmt=auto', () => {
    expect(negotiateFormat('auto', CHROME, false)).toBe('avif');
    expect(negotiateFormat('auto', 'image/webp,*/*', false)).toBe('webp');
    expect(negotiateFormat('auto', OLD_SAFARI, false)).toBe('jpeg');
    expect(negotiateFormat('auto', undefined, false)).toBe('jpeg');
  });

  it('keeps transparency as PNG when the client takes neither AVIF nor WebP', () => {
    expect(negotiateFormat('auto', '*/*', true)).toBe('png');
    expect(negotiateFormat('auto', 'image/webp', true)).toBe('webp');
  });

  it('does not count a refused type (q=0) or a wildcard', () => {
    expect(negotiateFormat('auto', 'image/avif;q=0,image/webp', false)).toBe('webp');
    expect(negotiateFormat('auto', 'image/*', false)).toBe('jpeg');
  });

  it('returns an explicit format as asked, whatever the Accept header', () => {
    expect(negotiateFormat('png', CHROME, false)).toBe('png');
    expect(negotiateFormat('avif', undefined, false)).toBe('avif');
  });

  it('tells an <img> request from a fetch for JSON', () => {
    expect(prefersImage(CHROME)).toBe(true);
    expect(prefersImage('*/*')).toBe(false);
    expect(prefersImage('application/json')).toBe(false);
    expect(prefersImage(undefined)).toBe(false);
    expect(
      prefersImage(
        'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
      ),
    ).toBe(false);
  });
});

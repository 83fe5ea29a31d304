import { describe, expect, it } from 'vitest';
import { renderCacheKey } from './cache-key.ts';
import { parseImageParams } from './params.ts';

const params = (q: string) => parseImageParams(new URLSearchParams(q), 4000);
const original = { file: 'a.svg', mtimeMs: 1_700_000_000_000, size: 1234 };

describe('render cache key', () => {
  it('is stable for the same original, parameters and format', () => {
    const key = renderCacheKey(original, params('w=480&fmt=webp'), 'webp');
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(renderCacheKey({ ...original }, params('fmt=webp&w=480&protocol=https'), 'webp')).toBe(key);
  });

  it('changes with the file, its mtime, its size, any parameter, the format and the point of interest', () => {
    const base = renderCacheKey(original, params('w=480'), 'webp');
    const others = [
      renderCacheKey({ ...original, file: 'b.svg' }, params('w=480'), 'webp'),
      renderCacheKey({ ...original, mtimeMs: original.mtimeMs + 1000 }, params('w=480'), 'webp'),
      renderCacheKey({ ...original, size: 1235 }, params('w=480'), 'webp'),
      renderCacheKey(original, params('w=481'), 'webp'),
      renderCacheKey(original, params('w=480&bg=000'), 'webp'),
      renderCacheKey(original, params('w=480'), 'avif'),
      renderCacheKey(original, params('w=480'), 'webp', '{"x":0.1}'),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });
});

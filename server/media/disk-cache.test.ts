import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskCache } from './disk-cache.ts';

const files = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.webp'));

describe('disk cache', () => {
  it('stores and reads back by key, and misses cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-cache-'));
    const cache = new DiskCache(dir, 0);
    expect(await cache.get('ab12', 'webp')).toBeNull();
    await cache.put('ab12', 'webp', Buffer.from('hello'));
    expect((await cache.get('ab12', 'webp'))?.toString()).toBe('hello');
    expect(files(dir)).toEqual([join('ab', 'ab12.webp')]);
  });

  it('stays under its size cap by removing the oldest files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-cache-'));
    const cache = new DiskCache(dir, 0, 10_000);
    for (let i = 0; i < 12; i++) {
      await cache.put(`k${String(i).padStart(3, '0')}`, 'webp', Buffer.alloc(1000, i));
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(cache.size).toBeLessThanOrEqual(10_000);
    const left = files(dir);
    expect(left.length).toBeLessThanOrEqual(10);
    expect(left.some((f) => f.includes('k011'))).toBe(true);
    expect(left.some((f) => f.includes('k000'))).toBe(false);
  });
});

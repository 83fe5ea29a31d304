import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ByteLru } from './byte-lru.ts';

/**
 * Rendered images on disk under `{dir}/{key[0..2]}/{key}.{ext}`, written atomically (temp file + rename) so a
 * reader never sees half a file, fronted by a small in-memory LRU of hot entries.
 */
export class DiskCache {
  private readonly memory: ByteLru<Buffer>;
  private readonly madeDirs = new Set<string>();

  constructor(
    readonly dir: string,
    memoryBytes = 32 * 1024 * 1024,
  ) {
    this.memory = new ByteLru(memoryBytes);
  }

  private path(key: string, ext: string): { folder: string; file: string } {
    const folder = join(this.dir, key.slice(0, 2));
    return { folder, file: join(folder, `${key}.${ext}`) };
  }

  async get(key: string, ext: string): Promise<Buffer | null> {
    const hot = this.memory.get(key);
    if (hot) return hot;
    try {
      const body = await readFile(this.path(key, ext).file);
      this.memory.set(key, body);
      return body;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async put(key: string, ext: string, body: Buffer): Promise<void> {
    this.memory.set(key, body);
    const { folder, file } = this.path(key, ext);
    if (!this.madeDirs.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.madeDirs.add(folder);
    }
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, body);
    await rename(temp, file);
  }
}

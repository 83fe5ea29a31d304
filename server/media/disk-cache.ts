import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ByteLru } from './byte-lru.ts';

/**
 * Rendered images on disk under `{dir}/{key[0..2]}/{key}.{ext}`, written atomically (temp file + rename) so a
 * reader never sees half a file, fronted by a small in-memory LRU of hot entries. The folder is bounded: past
 * `maxDiskBytes` the oldest files go until it is back under 80% (many valid parameter combinations must not
 * be able to fill the disk).
 */
export class DiskCache {
  private readonly memory: ByteLru<Buffer>;
  private readonly madeDirs = new Set<string>();
  private diskBytes: number | null = null;
  private pruning: Promise<void> | null = null;

  constructor(
    readonly dir: string,
    memoryBytes = 32 * 1024 * 1024,
    private readonly maxDiskBytes = 2 * 1024 * 1024 * 1024,
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
    if (this.diskBytes === null) this.diskBytes = (await this.files()).reduce((sum, f) => sum + f.size, 0);
    else this.diskBytes += body.byteLength;
    if (this.diskBytes > this.maxDiskBytes) {
      this.pruning ??= this.prune().finally(() => {
        this.pruning = null;
      });
      await this.pruning;
    }
  }

  /** Bytes on disk as last counted. */
  get size(): number {
    return this.diskBytes ?? 0;
  }

  private async files(): Promise<Array<{ path: string; size: number; mtimeMs: number }>> {
    const found: Array<{ path: string; size: number; mtimeMs: number }> = [];
    let folders: string[];
    try {
      folders = await readdir(this.dir);
    } catch {
      return found;
    }
    for (const folder of folders) {
      let names: string[];
      try {
        names = await readdir(join(this.dir, folder));
      } catch {
        continue;
      }
      for (const name of names) {
        const path = join(this.dir, folder, name);
        try {
          const info = await stat(path);
          if (info.isFile()) found.push({ path, size: info.size, mtimeMs: info.mtimeMs });
        } catch {
          // Removed meanwhile.
        }
      }
    }
    return found;
  }

  private async prune(): Promise<void> {
    const files = (await this.files()).sort((a, b) => a.mtimeMs - b.mtimeMs);
    let total = files.reduce((sum, f) => sum + f.size, 0);
    const goal = this.maxDiskBytes * 0.8;
    for (const file of files) {
      if (total <= goal) break;
      await rm(file.path, { force: true });
      total -= file.size;
    }
    this.diskBytes = total;
  }
}

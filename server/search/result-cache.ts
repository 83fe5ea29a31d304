/**
 * A small in-process cache of search answers, keyed by the normalised request and tied to the index version
 * (search_index_state.version, moved by every index write): an answer is only ever served for the index
 * version it was computed on. Least recently used entries go first.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { version: number; value: T }>();

  constructor(private readonly capacity: number) {}

  get(key: string, version: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: number, value: T): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

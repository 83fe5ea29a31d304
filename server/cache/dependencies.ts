import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a render or a cached read showed, as tags (core/change-tags.ts), gathered without threading a parameter
 * through every loader: the page cache and the read caches run their work inside `collecting`, and the
 * catalogue calls `dependsOn` for every product it hands out. Work that runs outside any collection (a cart, an
 * API answer) records nothing.
 */
const current = new AsyncLocalStorage<Set<string>>();

/** Runs `work`, gathering every tag named while it (and whatever it started) runs into `into`. */
export function collecting<T>(into: Set<string>, work: () => T): T {
  return current.run(into, work);
}

/** Names tags the value being made depends on (nothing when no cache is collecting). */
export function dependsOn(tags: Iterable<string>): void {
  const into = current.getStore();
  if (!into) return;
  for (const tag of tags) into.add(tag);
}

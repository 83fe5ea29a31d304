/** Immutable edits of the editor's fields object by path (the form's state while an editor works). */
export type Path = Array<string | number>;

export function getAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path as [string | number, ...Path];
  if (typeof key === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[key] = setAt(list[key], rest, next);
    return list;
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  (object as Record<string, unknown>)[key] = setAt((object as Record<string, unknown>)[key], rest, next);
  return object;
}

/** A list with item `index` moved by `by` places (bounded). */
export function moveItem<T>(list: readonly T[], index: number, by: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, index + by));
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

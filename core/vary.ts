/**
 * `Vary` names every request header an answer depends on; several layers each add their own (the page cache:
 * encoding and cookies; locale routing: cookies and language). Merging keeps each name once, in first-seen
 * order, and never widens a `*`.
 */
export function mergeVary(current: string | null | undefined, names: readonly string[]): string {
  const seen = new Map<string, string>();
  for (const name of [...(current ?? '').split(','), ...names]) {
    const trimmed = name.trim();
    if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return seen.has('*') ? '*' : [...seen.values()].join(', ');
}

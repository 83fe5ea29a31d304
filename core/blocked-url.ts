/**
 * How SPEC §9's blocked URL substrings match (the blocklist middleware, server/http/middleware/blocklist.ts), so
 * that the back office can refuse an address the store itself would answer with 403.
 */

/** Decoding rounds: enough for double and triple encoding; a fourth layer is no longer a real URL. */
const MAX_DECODES = 4;

/**
 * The text as a matcher must see it: percent-decoded until it stops changing (so `%252e` is `.`), with `+`
 * read as a space in queries, lower-cased. Broken escapes decode what they can, byte by byte.
 */
export function normaliseForMatch(text: string): string {
  let current = text;
  for (let round = 0; round < MAX_DECODES; round++) {
    const next = decodeLoosely(current);
    if (next === current) break;
    current = next;
  }
  return current.toLowerCase();
}

function decodeLoosely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray % (or a split UTF-8 sequence) must not shield the rest of the text from decoding.
    return text.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
}

/** The first of `substrings` (lower-cased, none empty) that a URL's path and query hold, or null. */
export function blockedSubstring(pathAndQuery: string, substrings: readonly string[]): string | null {
  const at = pathAndQuery.indexOf('?');
  const query = at < 0 ? '' : pathAndQuery.slice(at).replaceAll('+', ' ');
  const target = normaliseForMatch(`${at < 0 ? pathAndQuery : pathAndQuery.slice(0, at)}${query}`);
  return substrings.find((part) => target.includes(part)) ?? null;
}

/** Blocked substrings as the matcher compares them. */
export const matchableSubstrings = (substrings: readonly string[]): string[] =>
  substrings.map((part) => part.toLowerCase()).filter(Boolean);

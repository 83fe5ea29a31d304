/**
 * The one Cookie-header parser of the store: server sessions, the page cache and the storefront's own cookies
 * all read through it, so every part agrees on which cookie a header names.
 *
 * Rules: pairs split on `;`; a pair without `=` or with an empty name is skipped; the first pair of a name
 * wins (browsers send the most specific cookie first, and a later duplicate must not override it); a value in
 * double quotes loses them; values are percent-decoded, and one that is not valid percent-encoding counts as
 * absent (never as its raw text, and no later duplicate stands in for it).
 */
function cookiePairs(header: string | null | undefined): Map<string, string | null> {
  const pairs = new Map<string, string | null>();
  if (!header) return pairs;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    if (!name || pairs.has(name)) continue;
    let value = part.slice(separator + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      pairs.set(name, decodeURIComponent(value));
    } catch {
      pairs.set(name, null);
    }
  }
  return pairs;
}

/** Every readable cookie of a Cookie header, by name. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const [name, value] of cookiePairs(header)) if (value !== null) cookies.set(name, value);
  return cookies;
}

/** One cookie's value from a Cookie header, or null (missing, or not valid percent-encoding). */
export function readCookie(header: string | null | undefined, name: string): string | null {
  return cookiePairs(header).get(name) ?? null;
}

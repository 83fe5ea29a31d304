/**
 * Pure text rules of the built-in search service: which PostgreSQL text-search configuration stems each of the
 * eight content locales (SPEC §9), Japanese n-grams, query words, typo corrections and result snippets.
 */

/** Content locale → PostgreSQL text search configuration (Japanese is split into bigrams and uses 'simple'). */
export const LOCALE_CONFIG: Readonly<Record<string, string>> = {
  'en-us': 'english',
  fr: 'french',
  de: 'german',
  ja: 'simple',
  sv: 'swedish',
  no: 'norwegian',
  es: 'spanish',
  it: 'italian',
};

export const SEARCH_LOCALES = Object.keys(LOCALE_CONFIG);

export function configFor(locale: string | null | undefined): string {
  return (locale && LOCALE_CONFIG[locale]) || 'simple';
}

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]/;
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]+/g;

export function hasCjk(value: string): boolean {
  return CJK.test(value);
}

/** Overlapping character bigrams of each CJK run (a single character stays a unigram); other text is kept. */
export function ngramText(value: string): string {
  return value.replace(CJK_RUN, (run) => {
    const chars = [...run];
    if (chars.length === 1) return ` ${run} `;
    const grams: string[] = [];
    for (let index = 0; index < chars.length - 1; index++) grams.push(`${chars[index]}${chars[index + 1]}`);
    return ` ${grams.join(' ')} `;
  });
}

/** Lower-cased words of a query or a text (letters and digits, apostrophes dropped). */
export function words(value: string): string[] {
  return (
    value
      .toLowerCase()
      .normalize('NFC')
      .replace(/['’]s\b/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Optimal string alignment distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Typo budget of a word: none under 4 letters, 1 up to 7, 2 from 8. */
export function typoBudget(word: string): number {
  if (word.length < 4 || /^\d+$/.test(word)) return 0;
  return word.length < 8 ? 1 : 2;
}

/** Short queries get typo tolerance: at most this many words. */
export const TYPO_MAX_WORDS = 3;

export interface Vocabulary {
  has(term: string): boolean;
  entries(): Iterable<[string, number]>;
}

/**
 * The closest known word for each unknown word of a short query (SPEC: typo tolerance for short queries).
 * Ties go to the word found in more documents. Returns only the words that changed.
 */
export function corrections(query: string, vocabulary: Vocabulary): Map<string, string> {
  const found = new Map<string, string>();
  const list = words(query);
  if (list.length === 0 || list.length > TYPO_MAX_WORDS || hasCjk(query)) return found;
  for (const word of list) {
    const budget = typoBudget(word);
    const known =
      vocabulary.has(word) ||
      vocabulary.has(`${word}s`) ||
      (word.endsWith('s') && vocabulary.has(word.slice(0, -1)));
    if (budget === 0 || known) continue;
    let best: { term: string; distance: number; docs: number } | null = null;
    for (const [term, docs] of vocabulary.entries()) {
      if (Math.abs(term.length - word.length) > budget) continue;
      const distance = editDistance(word, term, budget);
      if (distance > budget) continue;
      if (!best || distance < best.distance || (distance === best.distance && docs > best.docs)) {
        best = { term, distance, docs };
      }
    }
    if (best) found.set(word, best.term);
  }
  return found;
}

/** The query with its corrected words replaced (for 'did you mean'). */
export function correctedQuery(query: string, changes: Map<string, string>): string {
  return words(query)
    .map((word) => changes.get(word) ?? word)
    .join(' ');
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Plain text of stored rich text (tags removed, entities of the basic five decoded, spaces collapsed). */
export function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) =>
      name === 'amp'
        ? '&'
        : name === 'lt'
          ? '<'
          : name === 'gt'
            ? '>'
            : name === 'quot'
              ? '"'
              : name === '#39'
                ? "'"
                : ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A snippet of at most `size` characters around the first matching word, HTML-escaped, with matching words in
 * <em> (the hosted protocol's snippet format). Words match when they start with a query word's first
 * `stemLength` letters, so 'snowshoes' highlights for 'snowshoe'. Null when nothing matches and no fallback.
 */
export function snippet(value: string, query: string, size = 100, fallback = true): string | null {
  const textValue = plainText(value);
  if (!textValue) return null;
  const terms = words(query).map((word) => word.slice(0, Math.max(3, word.length - 2)));
  const cjkTerms = hasCjk(query) ? [...query.matchAll(CJK_RUN)].map((match) => match[0]) : [];
  const lower = textValue.toLowerCase();
  let first = -1;
  for (const term of [...terms, ...cjkTerms]) {
    const at = lower.indexOf(term);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  if (first < 0 && !fallback) return null;
  const start =
    first <= size / 3 ? 0 : Math.max(0, textValue.lastIndexOf(' ', first - Math.floor(size / 3)) + 1);
  let cut = textValue.slice(start, start + size);
  if (start + size < textValue.length) cut = cut.replace(/\s+\S*$/, '');
  const pattern =
    terms.length + cjkTerms.length > 0
      ? new RegExp(
          [
            ...terms.map(
              (term) => `[\\p{L}\\p{N}]*${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\p{L}\\p{N}]*`,
            ),
            ...cjkTerms,
          ].join('|'),
          'giu',
        )
      : null;
  let html = '';
  let last = 0;
  if (pattern) {
    for (const match of cut.matchAll(pattern)) {
      if (!match[0]) continue;
      html += `${escapeHtml(cut.slice(last, match.index))}<em>${escapeHtml(match[0])}</em>`;
      last = (match.index ?? 0) + match[0].length;
    }
  }
  html += escapeHtml(cut.slice(last));
  return `${start > 0 ? '…' : ''}${html}${start + cut.length < textValue.length ? '…' : ''}`;
}

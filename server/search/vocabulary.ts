/**
 * Each locale's indexed words with their document counts, held in memory per index version: the source of
 * prefix suggestions and of typo corrections.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { searchTerms } from './schema.ts';
import { corrections } from './text.ts';

export interface LocaleVocabulary {
  version: number;
  words: Map<string, number>;
  /** Terms in code-point order, for prefix ranges (built on first suggestion). */
  sorted: string[] | null;
  /** Typo corrections already worked out for a query. */
  corrections: Map<string, Map<string, string>>;
}

/** The `size` most common words starting with `prefix` (ties alphabetical). */
export function prefixTerms(vocabulary: LocaleVocabulary, prefix: string, size: number) {
  vocabulary.sorted ??= [...vocabulary.words.keys()].sort();
  const sorted = vocabulary.sorted;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  const found: Array<{ term: string; docs: number }> = [];
  for (let index = low; index < sorted.length && sorted[index]!.startsWith(prefix); index++) {
    const term = sorted[index]!;
    found.push({ term, docs: vocabulary.words.get(term) ?? 0 });
  }
  return found.sort((a, b) => b.docs - a.docs || (a.term < b.term ? -1 : 1)).slice(0, size);
}

export interface Vocabularies {
  of(engine: string, locale: string): Promise<LocaleVocabulary>;
  corrections(engine: string, locale: string, query: string): Promise<Map<string, string>>;
  clear(): void;
}

/** Vocabularies read from `search_terms`, each again once `indexVersion` moves on. */
export function createVocabularies(
  db: Database,
  indexVersion: (engine: string) => Promise<number>,
): Vocabularies {
  const vocabularies = new Map<string, LocaleVocabulary>();

  async function localeVocabulary(engine: string, locale: string): Promise<LocaleVocabulary> {
    const version = await indexVersion(engine);
    const key = `${engine}|${locale}`;
    let cached = vocabularies.get(key);
    if (!cached || cached.version !== version) {
      const rows = await db
        .select({ term: searchTerms.term, docs: searchTerms.docs })
        .from(searchTerms)
        .where(and(eq(searchTerms.engine, engine), eq(searchTerms.locale, locale)));
      cached = {
        version,
        words: new Map(rows.map((row) => [row.term, row.docs])),
        sorted: null,
        corrections: new Map(),
      };
      vocabularies.set(key, cached);
    }
    return cached;
  }

  /** Typo corrections of a query against a locale's words (worked out once per index version). */
  async function correctionsFor(engine: string, locale: string, query: string) {
    const known = await localeVocabulary(engine, locale);
    let found = known.corrections.get(query);
    if (!found) {
      const wordsOf = known.words;
      found = corrections(query, { has: (term) => wordsOf.has(term), entries: () => wordsOf.entries() });
      if (known.corrections.size > 2000) known.corrections.clear();
      known.corrections.set(query, found);
    }
    return found;
  }

  return {
    of: localeVocabulary,
    corrections: correctionsFor,
    clear: () => vocabularies.clear(),
  };
}

/**
 * Missing translations (issue 21): for one locale, the display text keys the storefront uses that have no copy
 * of their own in that locale (they show the default language), then the other entries without one. Pure: the
 * back-office page gives it the entries as the management service lists them.
 */

/** An entry as listed in a locale: `locale` is the locale asked when it has its own copy, else the master's. */
export interface ListedEntry {
  contentType: string;
  uid: string;
  title: string;
  locale: string;
}

export interface MissingDisplayText {
  /** The key pages look the text up by (the entry's title, lower-cased). */
  key: string;
  /** The English default the page shows meanwhile. */
  fallback: string;
  /** The display text entry that holds the key, or null when no entry holds it yet (the code's default shows). */
  uid: string | null;
}

export interface MissingTranslations {
  displayText: MissingDisplayText[];
  /** Other entries without their own copy, by content type (types in the order given, entries by title). */
  entries: Array<{ contentType: string; items: ListedEntry[] }>;
}

export const DISPLAY_TEXT_TYPE = 'display_text';

export function missingTranslations(input: {
  locale: string;
  /** Every key pages use, with its default text (core/display-text-defaults.ts). */
  defaults: Readonly<Record<string, string>>;
  /** Display text entries as listed in the locale. */
  displayText: readonly ListedEntry[];
  /** The other entries as listed in the locale, type by type. */
  entries: ReadonlyArray<{ contentType: string; items: readonly ListedEntry[] }>;
}): MissingTranslations {
  const byKey = new Map<string, ListedEntry>();
  for (const entry of input.displayText) {
    const key = entry.title.trim().toLowerCase();
    const held = byKey.get(key);
    // Two entries for one key: the one with a copy in the locale is what pages show.
    if (!held || (held.locale !== input.locale && entry.locale === input.locale)) byKey.set(key, entry);
  }
  const displayText = Object.entries(input.defaults)
    .filter(([key]) => byKey.get(key)?.locale !== input.locale)
    .map(([key, fallback]) => ({ key, fallback, uid: byKey.get(key)?.uid ?? null }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const entries = input.entries
    .filter((group) => group.contentType !== DISPLAY_TEXT_TYPE)
    .map((group) => ({
      contentType: group.contentType,
      items: group.items
        .filter((entry) => entry.locale !== input.locale)
        .sort((a, b) => a.title.localeCompare(b.title) || a.uid.localeCompare(b.uid)),
    }))
    .filter((group) => group.items.length > 0);
  return { displayText, entries };
}

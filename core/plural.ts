/**
 * Plural forms of display text (issue 18 #7): a counted string may have a variant per CLDR plural category,
 * keyed `{key} {category}` ("items count one": "{count} item"); the plain key is the 'other' form and the §7
 * fallback. Categories come from Intl.PluralRules, so each language counts by its own rules (French 0 and 1
 * are 'one'; Japanese has only 'other').
 */
const rules = new Map<string, Intl.PluralRules>();

export function pluralCategory(count: number, language: string): Intl.LDMLPluralRule {
  let rule = rules.get(language);
  if (!rule) {
    try {
      rule = new Intl.PluralRules(language);
    } catch {
      rule = new Intl.PluralRules('en');
    }
    rules.set(language, rule);
  }
  return rule.select(count);
}

/** The key of the form to show: `{key} {category}` when the dictionary has it, else `key`. */
export function pluralKey(
  key: string,
  count: number,
  language: string,
  has: (candidate: string) => boolean,
): string {
  const specific = `${key} ${pluralCategory(count, language)}`;
  return has(specific) ? specific : key;
}

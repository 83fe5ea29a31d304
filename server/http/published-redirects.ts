/**
 * The legacy redirect rules the server follows: the `redirect_rules` entry as published to the store's
 * environment, read through the content client and kept until the content data version moves (a publish
 * reaches every process within the watcher's interval, no restart). The seed file's rules stand in while no
 * entry is published (a database from before the rules were content, a hosted service without the type).
 */
import { type RedirectRules, redirectRulesFromFields } from '#core/redirect-rules.ts';
import { readCacheWatcher, scopeVersion } from '../cache/data-version.ts';
import type { ContentClient } from '../content/content-client.ts';
import { REDIRECT_RULES_ENTRY } from '../content/management/redirect-rules-rule.ts';
import { MASTER_LOCALE } from '../content/store.ts';
import type { Database } from '../db/database.ts';

/** The rules in force now; never throws (a failed read keeps the rules last read). */
export type RedirectRulesSource = () => Promise<RedirectRules>;

/** A hosted content service does not move this database's data version: read again at least this often. */
const MAX_AGE_MS = 60_000;
/** After a failed read, the rules last read stand this long before the next try. */
const RETRY_MS = 1000;

export function cachedRedirectRules(input: {
  /** The published entry's fields; null when none is published. */
  read: () => Promise<unknown | null>;
  /** Moves whenever published content may have changed. */
  version: () => Promise<string>;
  fallback: RedirectRules;
  onError: (error: unknown) => void;
  maxAgeMs?: number;
}): RedirectRulesSource {
  const maxAge = input.maxAgeMs ?? MAX_AGE_MS;
  let cached: { version: string | null; rules: RedirectRules; until: number } | null = null;
  let pending: Promise<RedirectRules> | null = null;

  const load = async (version: string): Promise<RedirectRules> => {
    const last = cached?.rules ?? input.fallback;
    let fields: unknown;
    try {
      fields = await input.read();
    } catch (error) {
      input.onError(error);
      cached = { version: null, rules: last, until: Date.now() + RETRY_MS };
      return last;
    }
    let rules = input.fallback;
    if (fields !== null) {
      const checked = redirectRulesFromFields(fields);
      if ('problems' in checked) {
        // Saves are checked, but an import could publish rules that loop: the last good ones stay until the
        // content changes again.
        input.onError(new Error(`published redirect rules refused: ${checked.problems[0]?.message}`));
        rules = last;
      } else rules = checked.rules;
    }
    cached = { version, rules, until: Date.now() + maxAge };
    return rules;
  };

  // A database in trouble fails every page request's version read: report the first failure of a run only.
  let versionFailing = false;
  return async () => {
    let version: string;
    try {
      version = await input.version();
      versionFailing = false;
    } catch (error) {
      if (!versionFailing) input.onError(error);
      versionFailing = true;
      return cached?.rules ?? input.fallback;
    }
    if (cached && (cached.version === version || cached.version === null) && Date.now() < cached.until)
      return cached.rules;
    pending ??= load(version).finally(() => {
      pending = null;
    });
    return pending;
  };
}

/** The published `redirect_rules` entry through the storefront's content client, on this database's versions. */
export function publishedRedirectRules(input: {
  content: ContentClient;
  db: Database;
  fallback: RedirectRules;
  onError: (error: unknown) => void;
}): RedirectRulesSource {
  return cachedRedirectRules({
    read: async () => {
      const page = await input.content.entries(REDIRECT_RULES_ENTRY.contentType, { locale: MASTER_LOCALE });
      return page.entries.find((entry) => entry.uid === REDIRECT_RULES_ENTRY.uid) ?? null;
    },
    version: async () => scopeVersion(await readCacheWatcher(input.db).current(), ['content']),
    fallback: input.fallback,
    onError: input.onError,
  });
}

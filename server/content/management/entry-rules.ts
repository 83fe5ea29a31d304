/**
 * Rules of content types beyond their field schema, by content type uid: the content management service runs
 * the type's rule on every save (its `rules` option), whichever door the editor used.
 */
import type { Database } from '../../db/database.ts';
import type { EntryRule } from './contract.ts';
import { createDealerRule, workingCopyFields } from './dealer-rule.ts';
import { redirectRulesRule } from './redirect-rules-rule.ts';

/** The dealer rule compares with the working copy before the save, so the rules read the database. */
export function createContentEntryRules(db: Database): Record<string, EntryRule> {
  return {
    redirect_rules: redirectRulesRule,
    dealer: createDealerRule({ previous: workingCopyFields(db, 'dealer') }),
  };
}

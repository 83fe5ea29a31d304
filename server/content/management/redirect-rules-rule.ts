/**
 * The save rule of the `redirect_rules` entry: the rules as a whole must not loop, chain past the redirect
 * limit or leave the allowed hosts (core/redirect-rules.ts); a refusal names the chain on the rule's field.
 */
import { redirectRulesFromFields, redirectRulesToFields } from '#core/redirect-rules.ts';
import { MASTER_LOCALE } from '../store.ts';
import type { EntryRule } from './contract.ts';

/** The one entry of the type the server follows (as published to CONTENT_ENVIRONMENT). */
export const REDIRECT_RULES_ENTRY = { contentType: 'redirect_rules', uid: 'legacy' } as const;

export const redirectRulesRule: EntryRule = async (fields, { locale, uid }) => {
  if (uid !== REDIRECT_RULES_ENTRY.uid)
    return {
      problems: [
        {
          path: ['title'],
          message: `Redirect rules live in one entry, “${REDIRECT_RULES_ENTRY.uid}”: edit that one.`,
        },
      ],
    };
  if (locale !== MASTER_LOCALE)
    return {
      problems: [
        { path: ['rules'], message: `Redirect rules apply to every locale: edit them in ${MASTER_LOCALE}.` },
      ],
    };
  const checked = redirectRulesFromFields(fields);
  if ('problems' in checked) return checked;
  return { fields: { ...fields, ...redirectRulesToFields(checked.rules) } };
};

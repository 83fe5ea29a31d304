/**
 * Legacy redirect rules (SPEC §2): the rules themselves are pure and live in core/redirect-rules.ts; the server
 * follows the published `redirect_rules` entry (server/http/published-redirects.ts).
 */
export {
  parseRedirectRules,
  type RedirectOutcome,
  type RedirectRule,
  type RedirectRules,
  RedirectRulesError,
  redirectRulesSchema,
  resolveLegacyRedirect,
} from '#core/redirect-rules.ts';

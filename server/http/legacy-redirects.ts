import { z } from 'zod';
import { REDIRECT_LIMIT } from '#core/redirect-limit.ts';

/**
 * Legacy paths of SPEC §2 have no page of their own; a rule set kept as data (seed/redirects/legacy.json, an
 * editor's file, not code) maps them to the store's pages. Targets are locale-relative paths (the current
 * locale prefix is added afterwards) or https URLs on an allow-listed host (a full page load elsewhere).
 */
const localPath = z
  .string()
  .regex(/^\/(?!\/)[^\\\s]*$/, { error: 'must be a site path starting with a single /' });

const ruleSchema = z.object({
  from: localPath,
  /** Every listed parameter must be present with this value (case-insensitive); the rule with most wins. */
  query: z.record(z.string(), z.string()).optional(),
  to: z.union([localPath, z.url({ protocol: /^https$/ })]),
});

export const redirectRulesSchema = z.object({
  allowedExternalHosts: z.array(z.string()).default([]),
  rules: z.array(ruleSchema),
});

export type RedirectRules = z.infer<typeof redirectRulesSchema>;
export type RedirectRule = z.infer<typeof ruleSchema>;

export class RedirectRulesError extends Error {
  override name = 'RedirectRulesError';
}

/** Checks a rule file: every external target must be on the allow-list, and no chain of rules may loop. */
export function parseRedirectRules(input: unknown): RedirectRules {
  const rules = redirectRulesSchema.parse(input);
  for (const rule of rules.rules) {
    if (rule.to.startsWith('/')) continue;
    const host = new URL(rule.to).hostname;
    if (!rules.allowedExternalHosts.includes(host)) {
      throw new RedirectRulesError(`Redirect rule ${rule.from} points off the allow-list: ${host}`);
    }
  }
  // A chain that comes back to where it began would answer every visitor with an error: refuse the file.
  for (const rule of rules.rules) {
    const search = new URLSearchParams(rule.query ?? {}).toString();
    if (resolveLegacyRedirect(rules, rule.from, search ? `?${search}` : '').kind === 'loop') {
      throw new RedirectRulesError(`Redirect rule ${rule.from} starts a loop`);
    }
  }
  return rules;
}

export type RedirectOutcome =
  | { kind: 'none' }
  | { kind: 'internal'; path: string; search: string }
  | { kind: 'external'; url: string }
  | { kind: 'loop' };

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

function matchRule(rules: RedirectRules, pathname: string, query: URLSearchParams): RedirectRule | undefined {
  const path = normalise(pathname);
  let best: RedirectRule | undefined;
  for (const rule of rules.rules) {
    if (normalise(rule.from) !== path) continue;
    const conditions = Object.entries(rule.query ?? {});
    const met = conditions.every(([key, value]) => query.get(key)?.toLowerCase() === value.toLowerCase());
    if (met && (!best || conditions.length > Object.keys(best.query ?? {}).length)) best = rule;
  }
  return best;
}

/**
 * Follows rules from the request path until a target matches no further rule. Query parameters a rule
 * consumed are dropped; the others are kept. More than REDIRECT_LIMIT hops is a loop (§5: 400).
 */
export function resolveLegacyRedirect(
  rules: RedirectRules,
  pathname: string,
  search: string,
): RedirectOutcome {
  let path = pathname;
  const query = new URLSearchParams(search);
  let hops = 0;
  for (;;) {
    const rule = matchRule(rules, path, query);
    if (!rule) break;
    for (const key of Object.keys(rule.query ?? {})) query.delete(key);
    if (!rule.to.startsWith('/')) return { kind: 'external', url: rule.to };
    hops++;
    if (hops > REDIRECT_LIMIT) return { kind: 'loop' };
    // A rule onto its own path (e.g. /about → /about) only asks for the locale prefix: stop here.
    if (normalise(rule.to) === normalise(path)) {
      path = rule.to;
      break;
    }
    path = rule.to;
  }
  if (hops === 0) return { kind: 'none' };
  const rest = query.toString();
  return { kind: 'internal', path, search: rest ? `?${rest}` : '' };
}

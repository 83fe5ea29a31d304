import { z } from 'zod';
import type { FieldProblem } from './content-schema.ts';
import { REDIRECT_LIMIT } from './redirect-limit.ts';

/**
 * Legacy redirect rules (SPEC §2): legacy paths with no page of their own mapped to the store's pages. Editors
 * keep them as content (the `redirect_rules` entry 'legacy'); the server follows the published entry. Targets
 * are locale-relative paths (the current locale prefix is added afterwards) or https URLs on an allow-listed
 * host (a full page load elsewhere). Pure: resolution, the checks an editor's save must pass, and the mapping
 * between the entry's fields and the rules.
 */
/** A site path: one leading slash (never `//host`), no backslashes or spaces (RE2 runs it too: no look-ahead). */
export const SITE_PATH_PATTERN = /^\/([^/\\\s][^\\\s]*)?$/;
const localPath = z
  .string()
  .regex(SITE_PATH_PATTERN, { error: 'must be a site path starting with a single /' });

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

/** Where a request goes, and the paths it passes on the way (`['/a', '/b', '/a']`), for messages. */
export interface RedirectTrace {
  outcome: RedirectOutcome;
  chain: string[];
}

/**
 * Follows rules from the request path until a target matches no further rule. Query parameters a rule
 * consumed are dropped; the others are kept. Coming back to a path (with the same parameters left) is a loop;
 * so is more than REDIRECT_LIMIT hops (§5: 400).
 */
export function traceRedirect(rules: RedirectRules, pathname: string, search: string): RedirectTrace {
  let path = pathname;
  const query = new URLSearchParams(search);
  const chain = [
    search && search !== '?' ? `${pathname}${search.startsWith('?') ? '' : '?'}${search}` : pathname,
  ];
  const state = () => `${normalise(path)}?${[...query].map(([k, v]) => `${k}=${v.toLowerCase()}`).sort()}`;
  const seen = new Set([state()]);
  let hops = 0;
  for (;;) {
    const rule = matchRule(rules, path, query);
    if (!rule) break;
    for (const key of Object.keys(rule.query ?? {})) query.delete(key);
    chain.push(rule.to);
    if (!rule.to.startsWith('/')) return { outcome: { kind: 'external', url: rule.to }, chain };
    hops++;
    if (hops > REDIRECT_LIMIT) return { outcome: { kind: 'loop' }, chain };
    // A rule onto its own path (e.g. /about → /about) only asks for the locale prefix: stop here.
    if (normalise(rule.to) === normalise(path)) {
      path = rule.to;
      break;
    }
    path = rule.to;
    const next = state();
    if (seen.has(next)) return { outcome: { kind: 'loop' }, chain };
    seen.add(next);
  }
  if (hops === 0) return { outcome: { kind: 'none' }, chain };
  const rest = query.toString();
  return { outcome: { kind: 'internal', path, search: rest ? `?${rest}` : '' }, chain };
}

export function resolveLegacyRedirect(
  rules: RedirectRules,
  pathname: string,
  search: string,
): RedirectOutcome {
  return traceRedirect(rules, pathname, search).outcome;
}

/** A rule the set cannot keep: its position, the field at fault and a message naming the chain. */
export interface RedirectRuleProblem {
  index: number;
  field: 'from' | 'to' | 'query';
  message: string;
}

const ruleStart = (rule: RedirectRule) => {
  const search = new URLSearchParams(rule.query ?? {}).toString();
  return search ? `?${search}` : '';
};

/**
 * What is wrong with a rule set as a whole: an external target off the allow-list, a rule that starts a loop or
 * a chain longer than REDIRECT_LIMIT (each with the chain: "/a → /b → /a"), or two rules for the same path and
 * parameters (only one of them could ever apply).
 */
export function redirectRuleProblems(rules: RedirectRules): RedirectRuleProblem[] {
  const problems: RedirectRuleProblem[] = [];
  const allowed = new Set(rules.allowedExternalHosts.map((host) => host.toLowerCase()));
  const firstOf = new Map<string, number>();
  rules.rules.forEach((rule, index) => {
    const conditions = Object.entries(rule.query ?? {})
      .map(([key, value]) => `${key}=${value.toLowerCase()}`)
      .sort()
      .join('&');
    const key = `${normalise(rule.from)}?${conditions}`;
    const first = firstOf.get(key);
    if (first !== undefined) {
      problems.push({
        index,
        field: 'from',
        message: `Redirect rule ${rule.from}${ruleStart(rule)} repeats rule ${first + 1}: only one of them could apply.`,
      });
      return;
    }
    firstOf.set(key, index);
    if (!rule.to.startsWith('/')) {
      const host = new URL(rule.to).hostname;
      if (!allowed.has(host))
        problems.push({
          index,
          field: 'to',
          message: `Redirect rule ${rule.from} points off the allow-list: ${host} is not an allowed external host (${rule.from} → ${rule.to}).`,
        });
      return;
    }
    const trace = traceRedirect(rules, rule.from, ruleStart(rule));
    if (trace.outcome.kind !== 'loop') return;
    const tooLong = trace.chain.length > REDIRECT_LIMIT + 1;
    problems.push({
      index,
      field: 'to',
      message: tooLong
        ? `Redirect rule ${rule.from} starts a chain of more than ${REDIRECT_LIMIT} redirects: ${trace.chain.join(' → ')}.`
        : `Redirect rule ${rule.from} starts a loop: ${trace.chain.join(' → ')}.`,
    });
  });
  return problems;
}

/** Checks a rule set: every external target must be on the allow-list, and no chain of rules may loop. */
export function parseRedirectRules(input: unknown): RedirectRules {
  const rules = redirectRulesSchema.parse(input);
  const [problem] = redirectRuleProblems(rules);
  if (problem) throw new RedirectRulesError(problem.message);
  return rules;
}

/**
 * The `redirect_rules` entry's fields as the hosted service shapes them (`allowed_external_hosts`, `rules` of
 * `{ from, query: [{ key, value }], to }`).
 */
export interface RedirectRulesFields {
  allowed_external_hosts: string[];
  rules: Array<{ from: string; query: Array<{ key: string; value: string }>; to: string }>;
}

const fieldsSchema = z.object({
  allowed_external_hosts: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, {
          error: 'Enter a host name such as www.example.com.',
        }),
    )
    .nullish(),
  rules: z
    .array(
      z.object({
        from: z.string().trim(),
        query: z
          .array(
            z.object({
              key: z.string().trim().min(1, { error: 'Parameter is required.' }),
              value: z.string().trim().min(1, { error: 'Value is required.' }),
            }),
          )
          .nullish(),
        to: z.string().trim(),
      }),
    )
    .nullish(),
});

/**
 * The rule set an entry describes, checked as a save must be: each field's shape, then the set as a whole
 * (redirectRuleProblems). Problems carry the entry's field paths (`['rules', 3, 'to']`).
 */
export function redirectRulesFromFields(
  fields: unknown,
): { rules: RedirectRules } | { problems: FieldProblem[] } {
  const parsed = fieldsSchema.safeParse(fields);
  if (!parsed.success)
    return {
      problems: parsed.error.issues.map((issue) => ({
        path: issue.path.filter((part) => typeof part !== 'symbol'),
        message: issue.message,
      })),
    };
  const problems: FieldProblem[] = [];
  const input = {
    allowedExternalHosts: parsed.data.allowed_external_hosts ?? [],
    rules: (parsed.data.rules ?? []).map((rule, index) => {
      const query = rule.query ?? [];
      const keys = new Set<string>();
      query.forEach(({ key }, at) => {
        if (keys.has(key.toLowerCase()))
          problems.push({
            path: ['rules', index, 'query', at, 'key'],
            message: `Parameter ${key} is listed twice.`,
          });
        keys.add(key.toLowerCase());
      });
      return {
        from: rule.from,
        to: rule.to,
        ...(query.length > 0
          ? { query: Object.fromEntries(query.map(({ key, value }) => [key, value])) }
          : {}),
      };
    }),
  };
  const checked = redirectRulesSchema.safeParse(input);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const [, index, field] = issue.path;
      problems.push({
        path: typeof index === 'number' && typeof field === 'string' ? ['rules', index, field] : ['rules'],
        message:
          field === 'to'
            ? 'Enter a site path starting with a single /, or an https:// address.'
            : 'Enter a site path starting with a single /, e.g. /dealers.',
      });
    }
    return { problems };
  }
  if (problems.length > 0) return { problems };
  const rules = checked.data;
  const setProblems = redirectRuleProblems(rules).map((problem) => ({
    path: ['rules', problem.index, problem.field],
    message: problem.message,
  }));
  return setProblems.length > 0 ? { problems: setProblems } : { rules };
}

export function redirectRulesToFields(rules: RedirectRules): RedirectRulesFields {
  return {
    allowed_external_hosts: [...rules.allowedExternalHosts],
    rules: rules.rules.map((rule) => ({
      from: rule.from,
      query: Object.entries(rule.query ?? {}).map(([key, value]) => ({ key, value })),
      to: rule.to,
    })),
  };
}

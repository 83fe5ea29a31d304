import type { Context, MiddlewareHandler } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { isbot } from 'isbot';
import { formatLocale, LOCALE_PATTERN, parseLocale, parseServedLocale } from '#core/locale.ts';
import { localizedPath, normalizeLocalePrefix } from '#core/locale-prefix.ts';
import { resolveLocale } from '#core/locale-resolution.ts';
import { TOO_MANY_REDIRECTS } from '#core/redirect-limit.ts';
import { mergeVary } from '#core/vary.ts';
import { editAnswerHeaders } from './answer-headers.ts';
import { type RedirectRules, resolveLegacyRedirect } from './legacy-redirects.ts';
import { isHttps, type ProxyTrust } from './middleware/client-ip.ts';
import type { RedirectRulesSource } from './published-redirects.ts';

export interface LocaleRoutingOptions {
  /** The legacy redirect rules, or where to read the rules in force (the published content entry). */
  redirects: RedirectRules | RedirectRulesSource;
  /** Country from geolocation (trusted proxy headers); null when unknown. */
  geoCountry?: (request: Request) => string | null;
  /** Behind a trusted proxy, https is read from X-Forwarded-Proto (the locale cookies are then Secure). */
  trustProxy?: ProxyTrust | boolean;
}

// Paths served by other parts of the platform, or files: no locale, no redirects.
const NOT_PAGES =
  /^\/(api|cms|graphql|media|assets|builds|search\/api|healthz|__manifest|admin)(\/|\.data$|$)/;
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
const LOCALE_VARY = ['Cookie', 'Accept-Language'];
export const LEGACY_REDIRECT_CACHE = 'private, max-age=3600';

function isPageRequest(c: Context): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  const path = c.req.path;
  if (NOT_PAGES.test(path)) return false;
  // React Router's data requests (/x.data) follow the page they belong to; files have an extension.
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/** A first segment shaped like a locale that the store does not serve (xx-yy): route validation answers 404. */
function isUnservedLocale(segment: string | undefined): boolean {
  return segment !== undefined && LOCALE_PATTERN.test(segment) && parseServedLocale(segment) === null;
}

/**
 * SPEC §2 and §4 before React Router sees a page request: legacy redirect rules (301), the visitor's locale
 * from cookies → geolocation → Accept-Language → defaults, the cookies that remember it, and prefix
 * normalisation (302, since it depends on the visitor). Crawlers are never moved between locales, so every
 * locale's pages can be indexed.
 */
export function localeRouting(options: LocaleRoutingOptions): MiddlewareHandler {
  return async (c, next) => {
    if (!isPageRequest(c)) return next();
    const url = new URL(c.req.url);
    const secure = isHttps(c, options.trustProxy ?? false);

    const resolved = resolveLocale({
      cookies: getCookie(c),
      geoCountry: options.geoCountry?.(c.req.raw) ?? null,
      acceptLanguage: c.req.header('accept-language'),
      query: url.searchParams,
    });
    // Collected, then written on the answer: a redirect made here, or (after next) the page that React Router
    // or the page cache answered with its own Response, which Hono does not merge with headers set before it
    // (issue 18 #1: first visits that answered 200 lost their cookies and their Vary).
    const cookies = new Map<string, string>();
    const remember = (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) cookies.set(name, value);
    };
    const writeHeaders = (headers: Headers) => {
      for (const [name, value] of cookies) {
        headers.append(
          'Set-Cookie',
          generateCookie(name, value, { path: '/', maxAge: COOKIE_MAX_AGE, sameSite: 'Lax', secure }),
        );
      }
      // Which page (or redirect) answers depends on the cookies and Accept-Language: shared caches must know.
      headers.set('Vary', mergeVary(headers.get('Vary'), LOCALE_VARY));
    };
    const page = async () => {
      await next();
      editAnswerHeaders(c, writeHeaders);
    };
    const redirect = (location: string, status: 301 | 302) => {
      const answer = c.redirect(location, status);
      writeHeaders(answer.headers);
      return answer;
    };

    const rules = typeof options.redirects === 'function' ? await options.redirects() : options.redirects;
    const legacy = resolveLegacyRedirect(rules, url.pathname, url.search);
    if (legacy.kind === 'loop') return c.text(TOO_MANY_REDIRECTS.message, TOO_MANY_REDIRECTS.status);
    // Editors change the rules (a published content entry): a browser may keep a permanent redirect for an
    // hour, not for ever.
    const legacyRedirect = (location: string) => {
      const answer = redirect(location, 301);
      answer.headers.set('Cache-Control', LEGACY_REDIRECT_CACHE);
      return answer;
    };
    if (legacy.kind === 'external') return legacyRedirect(legacy.url);
    if (legacy.kind === 'internal') {
      remember(resolved.setCookies);
      return legacyRedirect(`${localizedPath(resolved, legacy.path)}${legacy.search}`);
    }

    const first = url.pathname.split('/')[1];
    if (isUnservedLocale(first)) return page();
    if (first && parseLocale(first) && isbot(c.req.header('user-agent') ?? '')) return page();

    const decision = normalizeLocalePrefix({ pathname: url.pathname, search: url.search }, resolved);
    if (decision.action === 'adopt') {
      // A shopping-feed visit takes its locale from the URL and stays there.
      const locale = formatLocale(decision.locale);
      remember({
        language: decision.locale.language,
        country: decision.locale.country,
        countryLanguage: locale,
      });
      return page();
    }
    remember(resolved.setCookies);
    if (decision.action === 'redirect') return redirect(decision.location, 302);
    return page();
  };
}

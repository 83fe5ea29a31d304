import type { MiddlewareHandler } from 'hono';
import { fromTrustedProxy, type ProxyTrust } from './client-ip.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site form posts are refused before any route runs (SPEC §6): a page action, a resource route (sign-out)
 * or a protocol endpoint alike, so the next route cannot forget it. A browser names where a form came from in
 * `Origin` (and `Sec-Fetch-Site`); it must be the store's configured origin or the origin the request was sent
 * to. Requests without either header (scripts, curl) pass: they carry no victim's cookies by accident, and the
 * session's anti-forgery token still guards every change.
 */
export function sameOriginPosts(options: {
  origin: string;
  trustProxy: ProxyTrust | boolean;
}): MiddlewareHandler {
  const configured = new URL(options.origin).host;
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const host =
      (fromTrustedProxy(c, options.trustProxy)
        ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim()
        : undefined) ??
      c.req.header('host') ??
      new URL(c.req.url).host;
    let crossSite = site === 'cross-site';
    if (origin !== undefined) {
      let originHost: string | null = null;
      try {
        originHost = origin === 'null' ? null : new URL(origin).host;
      } catch {
        originHost = null;
      }
      crossSite ||= originHost === null || (originHost !== configured && originHost !== host);
    }
    if (!crossSite) return next();
    // A person who submitted a form reads the answer in their browser: a page with a sentence, not JSON.
    // Scripts and API clients (which do not ask for HTML) keep the problem document they parse.
    if (c.req.header('accept')?.includes('text/html')) return c.html(REFUSAL_PAGE, 403);
    return c.json(
      { status: 403, title: 'Forbidden', detail: 'Forms may only be sent from this store’s own pages' },
      403,
    );
  };
}

const REFUSAL_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Form not accepted</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1d2a33}</style>
</head>
<body>
<main>
<h1>This form was not accepted</h1>
<p>It was sent from another website, so nothing was changed. To make the change, open the page on this store, reload it and send the form from there.</p>
<p><a href="/">Go to the store’s home page</a></p>
</main>
</body>
</html>
`;

/**
 * `/preview/<signed token>`: a shared preview link. A genuine, unexpired link sets the preview cookie (until the
 * link expires, an hour at most) and sends the visitor to its page; an expired or altered one answers a 403 page
 * that says what to do. `/preview/exit?to=<page>` ends the preview and returns to the page, live.
 */
import { Hono } from 'hono';
import { previewTarget } from '#core/content-preview.ts';
import type { PreviewCookies } from './preview-cookies.ts';
import { PREVIEW_CACHE_CONTROL, PREVIEW_ROBOTS } from './preview-page.ts';
import type { PreviewSigner } from './signing.ts';

const MESSAGES = {
  expired:
    'This preview link has expired (preview links last 24 hours). Ask the editor who sent it for a new one.',
  tampered:
    'This preview link is not valid: it was changed or cut short on the way. Ask the editor who sent it to send it again.',
  malformed:
    'This preview link is not valid: it was changed or cut short on the way. Ask the editor who sent it to send it again.',
} as const;

function refusalPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${PREVIEW_ROBOTS}">
<title>Preview link not valid | Ridgeline</title>
<style>
body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#14202b;background:#f5f3ef}
main{max-width:36rem;margin:12vh auto;padding:2rem 1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 .75rem}
a{color:#14202b}
</style>
</head>
<body>
<main>
<h1>This preview cannot be opened</h1>
<p>${message}</p>
<p><a href="/">Go to the store</a></p>
</main>
</body>
</html>`;
}

export function previewRoutes(options: {
  signer: PreviewSigner;
  cookies: PreviewCookies;
  isHttps(request: Request): boolean;
  now?: () => Date;
}): Hono {
  const { signer, cookies } = options;
  const now = options.now ?? (() => new Date());
  const routes = new Hono();
  routes.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', PREVIEW_CACHE_CONTROL);
    c.header('X-Robots-Tag', PREVIEW_ROBOTS);
  });

  routes.get('/exit', (c) => {
    const to = previewTarget(c.req.query('to')) ?? '/';
    c.header('Set-Cookie', cookies.clear(options.isHttps(c.req.raw)));
    return c.redirect(to, 303);
  });

  routes.get('/:token', (c) => {
    const at = now();
    const check = signer.verifyLink(c.req.param('token'), at);
    if (!check.ok) return c.html(refusalPage(MESSAGES[check.reason]), 403);
    c.header('Set-Cookie', cookies.set(check.expiresAt, options.isHttps(c.req.raw), at));
    return c.redirect(check.path, 303);
  });

  routes.all('*', (c) => c.html(refusalPage(MESSAGES.malformed), 403));
  return routes;
}

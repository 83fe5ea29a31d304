import { Hono } from 'hono';
import { z } from 'zod';
import { SUPPORTED_LOCALES } from '#core/locale.ts';
import type { DisplayTextVersion } from '../content/display-text-version.ts';

/** What the route reads: a content locale's dictionary (over the English defaults) and its version. */
export type DisplayTextSource = (locale: string) => Promise<DisplayTextVersion>;

const contentLocale = z.enum(SUPPORTED_LOCALES);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /display-text/:locale?v=version`: a content locale's display text as JSON, for the browser to hydrate
 * with (app/lib/locale/display-text.ts). Asked with the current version, the answer may be kept a year; with an
 * older or no version (a page rendered before an editor's change) it is today's text, revalidated every time,
 * so a stale page mends on its next render instead of keeping old strings.
 */
export function displayTextRoutes(source: DisplayTextSource): Hono {
  const routes = new Hono();
  routes.get('/:locale', async (c) => {
    const locale = contentLocale.safeParse(c.req.param('locale'));
    if (!locale.success)
      return c.json(
        {
          status: 404,
          title: 'Not Found',
          detail: `No display text for "${c.req.param('locale')}": the content locales are ${SUPPORTED_LOCALES.join(', ')}`,
        },
        404,
      );
    const { json, version } = await source(locale.data);
    c.header('Cache-Control', c.req.query('v') === version ? IMMUTABLE : 'no-cache');
    c.header('ETag', `"${version}"`);
    c.header('Content-Type', 'application/json; charset=utf-8');
    if (matchesEtag(c.req.header('If-None-Match'), version)) return c.body(null, 304);
    return c.body(json);
  });
  return routes;
}

/** If-None-Match names this version, strong or weak (the compress middleware weakens the tag it gzips). */
function matchesEtag(header: string | undefined, version: string): boolean {
  return (header ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${version}"`);
}

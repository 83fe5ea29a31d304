import { Hono } from 'hono';
import type { BuildInfo } from '../services.ts';

/**
 * SPEC §7 build manifest: the browser polls latest.json hourly to notice a new build, and reads the route-rules
 * manifest of its own build from meta/{buildId}.json.
 */
export function buildManifestRoutes(build: BuildInfo): Hono {
  const routes = new Hono();
  routes.get('/latest.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json({ id: build.id, timestamp: build.timestamp });
  });
  routes.get('/meta/:file', (c) => {
    const file = c.req.param('file');
    if (file !== `${build.id}.json`) {
      return c.json({ status: 404, title: 'Not Found', detail: `No build manifest named ${file}` }, 404);
    }
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.json({
      id: build.id,
      timestamp: build.timestamp,
      matcher: { static: {}, wildcard: {}, dynamic: {} },
      prerendered: [],
    });
  });
  return routes;
}

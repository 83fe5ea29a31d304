import type { MiddlewareHandler } from 'hono';
import { type Sessions, type SessionView, tokensMatch } from '../../sessions/sessions.ts';

export type ApiEnv = {
  Variables: {
    session: SessionView | null;
    region: string;
  };
};

/**
 * Reads the session named by the session cookie (or none) for the handlers: `__Host-rl_session` over https
 * (per X-Forwarded-Proto when the proxy is trusted, see sessions.configure), `rl_session` over http.
 */
export function loadSession(sessions: Pick<Sessions, 'fromRequest'>): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('session', await sessions.fromRequest(c.req.raw));
    await next();
  };
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Anti-forgery: every POST/PUT/PATCH/DELETE must carry a `csrf-token` header equal to the session's token
 * (GET /api/session hands it out). Missing or wrong → 403 before anything changes.
 */
export function requireCsrf(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!MUTATING.has(c.req.method)) return next();
    const session = c.get('session');
    if (!session)
      return c.json(
        {
          status: 403,
          title: 'Forbidden',
          detail: 'No session: call GET /api/session first and send its csrf token',
        },
        403,
      );
    if (!tokensMatch(c.req.header('csrf-token'), session.csrfToken))
      return c.json({ status: 403, title: 'Forbidden', detail: 'Missing or invalid csrf-token header' }, 403);
    return next();
  };
}

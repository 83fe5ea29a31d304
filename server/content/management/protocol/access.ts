/**
 * Who may manage content: a management request carries the stack's api key and either the management token
 * (`authorization`, held by the server and scripts) or a live staff session's token (`authtoken`) of a role that
 * may write content. Delivery tokens only read what is published: one shown here is refused with 403.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { can, isStaffRole } from '#core/staff-permissions.ts';
import type { StaffSession } from '../../../backoffice/staff-sessions.ts';
import { TOKEN_ACTOR_NAME } from '../actor.ts';
import type { ContentActor } from '../contract.ts';
import { ManagementError } from './errors.ts';

export interface ManagementAccessOptions {
  apiKey: string;
  managementToken: string;
  deliveryToken: string;
  /** The branch served; a request naming another branch is refused. */
  branch?: string;
  /** The live staff session a token names (null when signed out, timed out or disabled). */
  staffSession(token: string): Promise<StaffSession | null>;
}

export type ManagementEnv = { Variables: { actor: ContentActor } };

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MANAGEMENT_ONLY = /\/(?:publish|unpublish|unlocalize|versions|locales)$/;

/**
 * Whether a request under /v3 is for the management protocol rather than the delivery protocol: it names a
 * management credential, changes something without a delivery token, or asks for what only management answers.
 * A delivery request always carries `access_token`; its POST form is a read.
 */
export function isManagementRequest(c: Context): boolean {
  if (c.req.header('authorization') !== undefined || c.req.header('authtoken') !== undefined) return true;
  if (MANAGEMENT_ONLY.test(c.req.path)) return true;
  const deliveryToken = c.req.header('access_token') ?? c.req.header('access-token');
  if (c.req.method === 'POST') return deliveryToken === undefined;
  return WRITES.has(c.req.method);
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

const refuse = (status: 401 | 403 | 412 | 422, message: string, code: number, field: string) =>
  new ManagementError(status, { error_message: message, error_code: code, errors: { [field]: [message] } });

export function managementAccess(options: ManagementAccessOptions): MiddlewareHandler<ManagementEnv> {
  return async (c, next) => {
    const apiKey = c.req.header('api_key') ?? c.req.header('api-key');
    if (apiKey === undefined || !sameSecret(apiKey, options.apiKey))
      throw refuse(412, 'Api key is not valid.', 412, 'api_key');
    const branch = c.req.header('branch');
    if (branch && branch !== (options.branch ?? 'main'))
      throw refuse(422, `Branch '${branch}' was not found.`, 903, 'branch');

    const authorization = c.req.header('authorization');
    const authtoken = c.req.header('authtoken');
    const deliveryToken = c.req.header('access_token') ?? c.req.header('access-token');
    if (authorization !== undefined) {
      if (sameSecret(authorization, options.managementToken)) {
        c.set('actor', { token: TOKEN_ACTOR_NAME });
        return next();
      }
      if (sameSecret(authorization, options.deliveryToken))
        throw refuse(
          403,
          'A delivery token only reads published content; changing content needs the management token.',
          161,
          'authorization',
        );
      throw refuse(401, 'The management token is not valid.', 105, 'authorization');
    }
    if (authtoken !== undefined) {
      const session = await options.staffSession(authtoken);
      if (session?.step !== 'done')
        throw refuse(
          401,
          'The staff session has ended (signed out or timed out): sign in to the back office again.',
          105,
          'authtoken',
        );
      if (!isStaffRole(session.staff.role) || !can(session.staff.role, 'content:write'))
        throw refuse(403, 'Your staff role may not change content.', 161, 'authtoken');
      c.set('actor', { staffId: session.staff.id, email: session.staff.email });
      return next();
    }
    if (deliveryToken !== undefined)
      throw refuse(
        403,
        'A delivery token only reads published content; changing content needs the management token.',
        161,
        'access_token',
      );
    throw refuse(
      401,
      'Management calls need the management token in the authorization header (or a staff session in authtoken).',
      105,
      'authorization',
    );
  };
}

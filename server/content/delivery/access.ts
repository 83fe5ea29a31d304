/**
 * Who may read: every delivery request carries the stack's api key and delivery token, and may name only the
 * branch served.
 */
import type { MiddlewareHandler } from 'hono';

export function checkAccess(options: {
  apiKey: string;
  deliveryToken: string;
  branch?: string;
}): MiddlewareHandler {
  return async (c, next) => {
    const apiKey = c.req.header('api_key') ?? c.req.header('api-key');
    if (apiKey !== options.apiKey) {
      return c.json(
        { error_message: 'Api key is not valid.', error_code: 412, errors: { api_key: ['is not valid.'] } },
        412,
      );
    }
    const token = c.req.header('access_token') ?? c.req.header('access-token');
    if (token !== options.deliveryToken) {
      return c.json(
        {
          error_message: 'Access token is not valid.',
          error_code: 109,
          errors: { access_token: ['is not valid.'] },
        },
        401,
      );
    }
    const branch = c.req.header('branch');
    if (branch && branch !== (options.branch ?? 'main')) {
      return c.json(
        {
          error_message: `Branch '${branch}' was not found.`,
          error_code: 903,
          errors: { branch: ['is not valid.'] },
        },
        422,
      );
    }
    await next();
  };
}

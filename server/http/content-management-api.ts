import type { Hono } from 'hono';
import type { ManagementEnv } from '../content/management/protocol/access.ts';
import { createManagementRoutes } from '../content/management/protocol/routes.ts';
import type { Services } from '../services.ts';

/**
 * The Content Management API (issue 21) from the services: mounted at /cms/v3 before the content service, it
 * answers the requests that carry management credentials (the management token, or a staff session of a role
 * that may write content) and leaves every other request to the delivery protocol on the same paths.
 */
export function contentManagementApi(services: Services): Hono<ManagementEnv> {
  const { config } = services;
  return createManagementRoutes({
    management: services.contentManagement,
    apiKey: config.CONTENT_API_KEY,
    managementToken: config.CONTENT_MANAGEMENT_TOKEN,
    deliveryToken: config.CONTENT_DELIVERY_TOKEN,
    branch: config.CONTENT_BRANCH || 'main',
    staffSession: (token) => services.backoffice.sessions.fromToken(token),
    onError: (error) => services.logger.error({ err: error }, 'content management error'),
  });
}

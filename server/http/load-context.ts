import { type RouterContext, RouterContextProvider, type ServerBuild } from 'react-router';
import type { RequestFacts } from '#app/lib/router/load-context.ts';
import type { Services } from '../services.ts';

interface ContextKeys {
  servicesContext: RouterContext<Services>;
  requestFactsContext: RouterContext<RequestFacts>;
  /** The bundle's copy of core/media-url.ts: the server's own copy is not the one its pages render with. */
  configureMediaBaseUrl: (baseUrl: string | undefined) => void;
}

/**
 * The load context for one request, built with the keys the route bundle exports from its server entry
 * (app/entry.server.tsx): the bundle and the server share one key object each, without a global registry.
 */
export function loadContextFactory(build: ServerBuild) {
  const keys = build.entry.module as unknown as Partial<ContextKeys>;
  if (!keys.servicesContext || !keys.requestFactsContext || !keys.configureMediaBaseUrl)
    throw new Error('The server build does not export its load-context keys (app/entry.server.tsx)');
  const { servicesContext, requestFactsContext, configureMediaBaseUrl } = keys as ContextKeys;
  let configuredFor: Services | null = null;
  return (services: Services, facts: RequestFacts) => {
    // Before the first loader of these services runs: every image URL it renders points at MEDIA_BASE_URL.
    if (configuredFor !== services) {
      configureMediaBaseUrl(services.config.MEDIA_BASE_URL);
      configuredFor = services;
    }
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestFactsContext, facts);
    return context;
  };
}

import { createContext } from 'react-router';
import type { Services } from '#server/services.ts';

/** What the server knows of the request that React Router cannot: the client's address, by the proxy settings. */
export interface RequestFacts {
  clientIp: string;
}

/**
 * The keys of React Router's typed load context. They live in the route bundle and leave it through the server
 * entry's exports (app/entry.server.tsx), so the server sets the very keys the loaders read: one copy of each.
 */
export const servicesContext = createContext<Services>();
export const requestFactsContext = createContext<RequestFacts>({ clientIp: '' });

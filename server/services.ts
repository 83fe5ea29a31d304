import type { Logger } from 'pino';
import { createContext } from 'react-router';
import type { Commerce } from './commerce/index.ts';
import type { Config } from './config.ts';
import type { ContentServices } from './content/index.ts';
import type { Database, DatabaseHandle } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SearchServices } from './search/index.ts';

/**
 * What loaders and the /api routes get: services, not connections. Built once in the server entry and handed
 * to React Router through its typed context (`context.get(servicesContext)`).
 */
export interface Services {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  build: BuildInfo;
  /**
   * The content part (client for loaders, /cms service, /api/interstack route). Built from config and db by
   * `contentFor(services)` when not set; the HTTP app sets it at start.
   */
  content?: ContentServices;
  /** The commerce engine (server/commerce); built from db by `commerceFor(services)` when not set. */
  commerce?: Commerce;
  /** E-mail (server/mail): built from config by `mailerFor(services)` when not set (.eml outbox or SMTP). */
  mailer?: Mailer;
  /** The search part (built-in /search service, index sync, storefront connector); set by the HTTP app. */
  search?: SearchServices;
}

export interface BuildInfo {
  id: string;
  timestamp: number;
}

// The server entry runs from source while routes run from the Vite bundle, so this module exists twice in one
// process. Context keys compare by identity: keep one key per process on globalThis.
const KEY = Symbol.for('ridgeline.servicesContext');
const registry = globalThis as typeof globalThis & { [KEY]?: ReturnType<typeof createContext<Services>> };
registry[KEY] ??= createContext<Services>();
export const servicesContext = registry[KEY];

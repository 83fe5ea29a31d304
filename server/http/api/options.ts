import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import type { BlocklistOptions } from '../middleware/blocklist.ts';
import type { ApiOptions } from './support.ts';

/** The /api router's options from the validated settings (server/config.ts). */
export function apiOptionsFrom(services: Services): ApiOptions {
  const { config } = services;
  return {
    commerce: services.commerce,
    sessions: services.sessions,
    sessionCart: services.sessionCart,
    logger: services.logger,
    trustProxy: config.TRUST_PROXY,
    geo: { countryHeaders: config.GEO_COUNTRY_HEADERS, geoIpFile: config.GEOIP_FILE },
  };
}

export function blocklistOptionsFrom(config: Config): BlocklistOptions {
  return {
    blockedIps: config.BLOCKED_IPS,
    blockedUrlSubstrings: config.BLOCKED_URL_SUBSTRINGS,
    blockedUserAgents: config.BLOCKED_USER_AGENTS,
    internalIps: config.INTERNAL_IPS,
    trustProxy: config.TRUST_PROXY,
  };
}

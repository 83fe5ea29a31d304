/**
 * Hosted search connector configuration (SPEC §5, §8) and the §9 page cap.
 */

export const SEARCH_CONNECTOR_MISCONFIGURED = 'hostIdentifier or endpointBase, and engineName are required';
export const SEARCH_MAX_TOTAL_PAGES = 100;

export interface SearchConnectorInput {
  engineName?: string | null;
  hostIdentifier?: string | null;
  endpointBase?: string | null;
  searchKey?: string | null;
}

export interface SearchConnectorConfig {
  engineName: string;
  /** Base URL of the search API, without a trailing slash. */
  endpointBase: string;
  searchKey: string;
}

/**
 * Requires an engine name plus a host identifier or an endpoint base. The endpoint base wins when both are
 * given, as it is the more specific; a host identifier names a hosted account at its usual address.
 */
export function searchConnectorConfig(input: SearchConnectorInput): SearchConnectorConfig {
  const engineName = input.engineName?.trim();
  const endpointBase = input.endpointBase?.trim();
  const hostIdentifier = input.hostIdentifier?.trim();
  if (!engineName || (!endpointBase && !hostIdentifier)) throw new Error(SEARCH_CONNECTOR_MISCONFIGURED);
  const base = endpointBase || `https://${hostIdentifier}.api.swiftype.com`;
  return { engineName, endpointBase: base.replace(/\/+$/, ''), searchKey: input.searchKey ?? '' };
}

/** §3 search results: total pages capped at 100. */
export function cappedTotalPages(totalPages: number | null | undefined): number {
  if (typeof totalPages !== 'number' || !Number.isFinite(totalPages) || totalPages < 0) return 0;
  return Math.min(Math.floor(totalPages), SEARCH_MAX_TOTAL_PAGES);
}

import { describe, expect, it } from 'vitest';
import {
  cappedTotalPages,
  SEARCH_CONNECTOR_MISCONFIGURED,
  searchConnectorConfig,
} from './search-connector.ts';

describe('§5 search connector configuration', () => {
  it('accepts an engine name with an endpoint base', () => {
    expect(
      searchConnectorConfig({
        engineName: 'ridgeline',
        endpointBase: 'http://127.0.0.1:3000/search/',
        searchKey: 'k',
      }),
    ).toEqual({
      engineName: 'ridgeline',
      endpointBase: 'http://127.0.0.1:3000/search',
      searchKey: 'k',
    });
  });

  it('accepts an engine name with a host identifier', () => {
    expect(searchConnectorConfig({ engineName: 'ridgeline', hostIdentifier: 'host-abc' }).endpointBase).toBe(
      'https://host-abc.api.swiftype.com',
    );
  });

  it.each([
    [{}],
    [{ engineName: 'ridgeline' }],
    [{ engineName: ' ', endpointBase: 'http://a' }],
    [{ hostIdentifier: 'host-abc' }],
    [{ engineName: 'ridgeline', hostIdentifier: '', endpointBase: '  ' }],
  ])('throws the §8 message for %j', (input) => {
    expect(() => searchConnectorConfig(input)).toThrow(SEARCH_CONNECTOR_MISCONFIGURED);
    expect(SEARCH_CONNECTOR_MISCONFIGURED).toBe(
      'hostIdentifier or endpointBase, and engineName are required',
    );
  });
});

describe('§3 §9 search total pages capped at 100', () => {
  it('caps and cleans the page count', () => {
    expect(cappedTotalPages(3)).toBe(3);
    expect(cappedTotalPages(100)).toBe(100);
    expect(cappedTotalPages(2500)).toBe(100);
    expect(cappedTotalPages(-1)).toBe(0);
    expect(cappedTotalPages(undefined)).toBe(0);
    expect(cappedTotalPages(Number.NaN)).toBe(0);
  });
});

import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { Logger } from 'pino';

/**
 * Country of a visitor (SPEC §7 /api/geolocation): from the trusted proxy headers first (e.g. the CDN's
 * country header), else from a local GeoIP file when configured, else none. Always lower-case; failures are
 * logged, never thrown.
 *
 * The GeoIP file is CSV lines `first_ip,last_ip,country` (IPv4), the shape of the free IP-to-country lists.
 */
export interface GeoLocator {
  country(headers: Headers, ip: string): string | null;
}

function ipv4ToNumber(ip: string): number | null {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(plain) !== 4) return null;
  return plain.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function countryCode(value: string | null | undefined): string | null {
  const code = value?.trim().toLowerCase();
  // Cloudflare sends XX for unknown and T1 for Tor.
  return code && /^[a-z]{2}$/.test(code) && code !== 'xx' ? code : null;
}

export function createGeoLocator(
  options: { countryHeaders: readonly string[]; geoIpFile?: string },
  logger: Logger,
): GeoLocator {
  let ranges: { from: number; to: number; country: string }[] | null | undefined;

  function loadRanges() {
    if (ranges !== undefined || !options.geoIpFile) return ranges ?? null;
    try {
      ranges = readFileSync(options.geoIpFile, 'utf8')
        .split('\n')
        .map((line) => line.replaceAll('"', '').split(','))
        .flatMap(([from, to, country]) => {
          const start = from ? ipv4ToNumber(from.trim()) : null;
          const end = to ? ipv4ToNumber(to.trim()) : null;
          const code = countryCode(country);
          return start !== null && end !== null && code ? [{ from: start, to: end, country: code }] : [];
        })
        .sort((a, b) => a.from - b.from);
    } catch (error) {
      logger.error({ err: error, file: options.geoIpFile }, 'geolocation: cannot read the GeoIP file');
      ranges = null;
    }
    return ranges;
  }

  return {
    country(headers, ip) {
      try {
        for (const name of options.countryHeaders) {
          const code = countryCode(headers.get(name));
          if (code) return code;
        }
        const table = loadRanges();
        const address = ipv4ToNumber(ip);
        if (!table || address === null) return null;
        let low = 0;
        let high = table.length - 1;
        while (low <= high) {
          const mid = (low + high) >> 1;
          const range = table[mid]!;
          if (address < range.from) high = mid - 1;
          else if (address > range.to) low = mid + 1;
          else return range.country;
        }
        return null;
      } catch (error) {
        logger.error({ err: error }, 'geolocation failed');
        return null;
      }
    },
  };
}

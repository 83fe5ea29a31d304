import type { Logger } from 'pino';

/**
 * Issue 42 #8: without PUBLIC_BASE_URL the page cache serves only requests for the listening address, so behind
 * a proxy that passes the public Host every page is rendered anew and nothing says why. The first request for
 * another host is reported, once per process, with what to set. With PUBLIC_BASE_URL set, a request for another
 * host is a stray (or a forged Host) and stays quiet: the cache refuses it on purpose.
 */
export function foreignHostWarning(
  logger: Pick<Logger, 'warn'>,
  publicBaseUrl: string | undefined,
): (host: string) => void {
  let warned = Boolean(publicBaseUrl);
  return (host) => {
    if (warned) return;
    warned = true;
    logger.warn(
      { host },
      `page cache off for requests to ${host || 'no host'}: the store knows only its listening address; ` +
        'set PUBLIC_BASE_URL to the public origin (e.g. https://shop.example.com) so pages for it are cached',
    );
  };
}

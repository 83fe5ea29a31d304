import { ACCEPTS_GZIP } from '../cache/page-cache.ts';
import { withBody } from './read-ahead.ts';

/**
 * A rendered page gzipped here, inside its admission slot, instead of by the compress middleware after the slot
 * has been given back (issue 22). Gzip costs ~4 ms of CPU for a 190 KB category page, an eighth of its render:
 * outside the slot the line admitted renders up to the whole CPU and the compression came on top, so past
 * capacity the event loop fell further behind every second (refusals took seconds to be read). The compress
 * middleware leaves a response that already has a Content-Encoding alone.
 */
export function gzippedPage(response: Response, request: Request): Response {
  const type = response.headers.get('Content-Type') ?? '';
  if (
    !response.body ||
    request.method === 'HEAD' ||
    response.status === 204 ||
    response.status === 206 ||
    response.status === 304 ||
    response.headers.has('Content-Encoding') ||
    !/^text\/html/i.test(type) ||
    !ACCEPTS_GZIP.test(request.headers.get('Accept-Encoding') ?? '')
  )
    return response;
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.set('Content-Encoding', 'gzip');
  const vary = headers.get('Vary');
  if (vary !== '*' && !/accept-encoding/i.test(vary ?? ''))
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  return withBody(response, response.body.pipeThrough(new CompressionStream('gzip')), headers);
}

import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { wasRefusedBusy } from './middleware/load-shed.ts';

/** One structured line per request, carrying the request id that the response also returns. */
export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const requestId = c.get('requestId' as never) as string | undefined;
    const status = c.res.status;
    const line = {
      reqId: requestId,
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    // A busy 503 is the server turning work away on purpose (admission control warns once per hundred itself):
    // as an error per request it would read as an outage and add a line per refusal to the overload.
    if (status === 503 && wasRefusedBusy(c.req.raw)) logger.info(line, 'request refused, busy');
    else if (status >= 500) logger.error(line, 'request failed');
    else logger.info(line, 'request');
  };
}

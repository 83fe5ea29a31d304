import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { wasRefused } from './middleware/refusals.ts';

/** Whether the client closed the connection before the answer was complete (the server's request signal). */
export function wasAborted(request: Request): boolean {
  return request.signal.aborted;
}

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
    // A client that closed its connection before the answer (a load generator stopping, a browser leaving)
    // received nothing: whatever the unfinished work ended in (a render cut short answers 500) is no server
    // error, and is never counted as one.
    if (wasAborted(c.req.raw)) logger.info({ ...line, status: undefined, aborted: true }, 'request aborted');
    // A refusal is the server turning work away on purpose (admission control and load shedding warn once per
    // hundred themselves): as an error per request it would read as an outage and add a line per refusal to the
    // overload. A 503 after the work started is a failure and stays an error.
    else if (status === 503 && wasRefused(c.req.raw)) logger.info(line, 'request refused, busy');
    else if (status >= 500) logger.error(line, 'request failed');
    else logger.info(line, 'request');
  };
}

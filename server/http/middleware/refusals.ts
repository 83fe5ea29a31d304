/**
 * Requests turned away before any work on purpose (admission control, a full pool line): the server shedding
 * load, not failing. request-logger.ts logs them as refusals rather than errors. A 503 after the work (a render
 * that failed because its query waited out the pool, a database outage) is not marked: that is a failure.
 *
 * Keyed by the request, which every layer passes along as it came, not by the answer, which a later middleware
 * may copy when it sets a header.
 */
const refused = new WeakSet<Request>();

export function markRefused(request: Request): void {
  refused.add(request);
}

export function wasRefused(request: Request): boolean {
  return refused.has(request);
}

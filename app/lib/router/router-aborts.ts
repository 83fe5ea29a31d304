/**
 * React Router aborts a fetcher's load when an action starts (it reloads everything afterwards). If the load's
 * answer had begun to stream, its turbo-stream decoder leaves the rest of that stream as a promise nobody
 * awaits, so the abort the router made itself surfaces as an unhandled "signal is aborted without reason"
 * (seen about once in 50 fresh add-to-carts; remix-run/react-router#14761 is the upstream fix, not released in
 * 7.18). An aborted request is never a failure a shopper should hear of; every other rejection still reaches
 * the console and the error reporting.
 */
export function isAbortRejection(reason: unknown): boolean {
  return (
    typeof DOMException !== 'undefined' && reason instanceof DOMException && reason.name === 'AbortError'
  );
}

/** Marks unhandled rejections of aborted requests as handled, on `target` (the window). */
export function ignoreUnhandledAborts(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (isAbortRejection(event.reason)) event.preventDefault();
  });
}

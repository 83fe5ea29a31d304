/** What a read-ahead body does with what it reads. */
export interface ReadAheadHooks {
  /** Each chunk of the source as it arrives; `emit` passes bytes on (ignored once the body is over). */
  chunk(value: Uint8Array, emit: (bytes: Uint8Array) => void): void;
  /** The source is complete, just before the body closes (not after a failure or a cancel). */
  end?(emit: (bytes: Uint8Array) => void): void;
  /** Once, however the body ends: complete, failed, or cancelled by the client. */
  settled?(): void;
}

/**
 * A body that reads its source as fast as the source produces, not as fast as the client reads (the admission
 * slot and the one-chunk-per-turn re-chunking both need the render's work done, not the delivery). Failures
 * pass through, a cancel reaches the source, and nothing is written once the body is over, even by a timer a
 * hook set before (a write to a closed stream would throw outside any request).
 */
export function readAhead(
  source: ReadableStream<Uint8Array>,
  hooks: ReadAheadHooks,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let over = false;
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    hooks.settled?.();
  };
  let output: ReadableStreamDefaultController<Uint8Array>;
  const emit = (bytes: Uint8Array) => {
    if (!over) output.enqueue(bytes);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      output = controller;
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done || over) break;
            hooks.chunk(value, emit);
          }
          if (!over) {
            hooks.end?.(emit);
            over = true;
            controller.close();
          }
        } catch (error) {
          if (!over) {
            over = true;
            controller.error(error);
          }
        } finally {
          settle();
        }
      })();
    },
    cancel(reason) {
      over = true;
      settle();
      return reader.cancel(reason);
    },
  });
}

/** The same answer (status, headers) with another body. */
export function withBody(
  response: Response,
  body: ReadableStream<Uint8Array>,
  headers = response.headers,
): Response {
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

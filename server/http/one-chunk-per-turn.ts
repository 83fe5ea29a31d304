import { readAhead, withBody } from './read-ahead.ts';

/**
 * A body read as fast as it is produced, re-chunked so that what was written within one turn of the event loop
 * leaves as one chunk (issue 22). React writes a page as 20–27 chunks, and each one passing a compression stream
 * on its own costs a trip through zlib's thread pool and back: one event-loop turn per chunk. On a busy loop (a
 * turn of ~40 ms under load) that was a second per page after its head (50 connections, home: head p50 40 ms,
 * last byte p50 1.2 s). Coalesced, a page is a chunk per turn in which the render wrote something: the shell,
 * then each deferred part.
 */
export function oneChunkPerTurn(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let pending: Uint8Array[] = [];
  let flushScheduled = false;
  const flush = (emit: (bytes: Uint8Array) => void) => {
    flushScheduled = false;
    if (pending.length === 0) return;
    emit(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
    pending = [];
  };
  return readAhead(source, {
    chunk(value, emit) {
      pending.push(value);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush, emit);
      }
    },
    end: flush,
  });
}

/** The response with its body re-chunked by `oneChunkPerTurn`. */
export function coalescedResponse(response: Response): Response {
  return response.body ? withBody(response, oneChunkPerTurn(response.body)) : response;
}

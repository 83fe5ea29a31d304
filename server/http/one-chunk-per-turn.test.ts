import { describe, expect, it } from 'vitest';
import { coalescedResponse, oneChunkPerTurn } from './one-chunk-per-turn.ts';

const encode = (text: string) => new TextEncoder().encode(text);

async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(new TextDecoder().decode(value));
  }
}

describe('oneChunkPerTurn', () => {
  it('sends what was written within one event-loop turn as one chunk, in order', async () => {
    let writeDeferredPart = () => {};
    const page = new ReadableStream<Uint8Array>({
      start(controller) {
        // React writes the shell as many small chunks at once, and a deferred part later.
        for (const part of ['<html>', '<head/>', '<body>', '<main/>']) controller.enqueue(encode(part));
        writeDeferredPart = () => {
          controller.enqueue(encode('<deferred/>'));
          controller.enqueue(encode('</body></html>'));
          controller.close();
        };
      },
    });
    const reader = oneChunkPerTurn(page).getReader();
    const decode = (value: Uint8Array | undefined) => new TextDecoder().decode(value);
    expect(decode((await reader.read()).value)).toBe('<html><head/><body><main/>');
    writeDeferredPart();
    expect(decode((await reader.read()).value)).toBe('<deferred/></body></html>');
    expect((await reader.read()).done).toBe(true);
  });

  it('passes an error of the source on, and a cancel back to it', async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encode('<html>'));
        setTimeout(() => controller.error(new Error('render failed')), 5);
      },
    });
    await expect(chunksOf(oneChunkPerTurn(failing))).rejects.toThrow('render failed');

    let cancelled: unknown = null;
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encode('<html>'));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    await oneChunkPerTurn(endless).cancel('client gone');
    expect(cancelled).toBe('client gone');
  });

  it('keeps status and headers, and a response without a body as it is', async () => {
    const response = coalescedResponse(
      new Response('<p>hi</p>', { status: 404, headers: { 'content-type': 'text/html', etag: '"a"' } }),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('etag')).toBe('"a"');
    expect(await response.text()).toBe('<p>hi</p>');
    const empty = new Response(null, { status: 304 });
    expect(coalescedResponse(empty)).toBe(empty);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { oneChunkPerTurn } from './one-chunk-per-turn.ts';
import { readAhead, withBody } from './read-ahead.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('readAhead', () => {
  it('reads the source before the client asks, and settles once when it is complete', async () => {
    const settled = vi.fn();
    let pulled = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled <= 3) controller.enqueue(encode(`part${pulled};`));
        else controller.close();
      },
    });
    const body = readAhead(source, { chunk: (value, emit) => emit(value), settled });
    // Nobody has read the body yet: the source is read through all the same.
    await vi.waitFor(() => expect(settled).toHaveBeenCalledTimes(1));
    expect(pulled).toBe(4);
    expect(await new Response(body).text()).toBe('part1;part2;part3;');
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('passes a failure of the source on and settles once', async () => {
    const settled = vi.fn();
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encode('shell'));
        controller.error(new Error('render failed'));
      },
    });
    const body = readAhead(source, { chunk: (value, emit) => emit(value), settled });
    await expect(new Response(body).text()).rejects.toThrow('render failed');
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('gives a client cancel to the source, settles once, and ignores a later write', async () => {
    const settled = vi.fn();
    const cancelled = vi.fn();
    let emitLater: ((bytes: Uint8Array) => void) | undefined;
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encode('shell'));
      },
      cancel: cancelled,
    });
    const body = readAhead(source, {
      chunk: (_value, emit) => {
        emitLater = emit;
      },
      settled,
    });
    await vi.waitFor(() => expect(emitLater).toBeDefined());
    await body.cancel('client gone');
    expect(cancelled).toHaveBeenCalledWith('client gone');
    expect(() => emitLater?.(encode('too late'))).not.toThrow();
    await new Promise((done) => setImmediate(done));
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('keeps the status and headers of the answer it rebuilds', async () => {
    const answer = new Response('old', {
      status: 404,
      statusText: 'Not Found',
      headers: { 'X-Kept': 'yes' },
    });
    const rebuilt = withBody(answer, new Response('new').body as ReadableStream<Uint8Array>);
    expect(rebuilt.status).toBe(404);
    expect(rebuilt.statusText).toBe('Not Found');
    expect(rebuilt.headers.get('X-Kept')).toBe('yes');
    expect(await rebuilt.text()).toBe('new');
  });
});

describe('oneChunkPerTurn, when the source fails with a chunk still waiting for the next turn', () => {
  it('fails the body and writes nothing after it (no exception outside the request)', async () => {
    const uncaught = vi.fn();
    process.on('uncaughtException', uncaught);
    try {
      const source = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encode('<html>'));
          // Fails in the same turn, before the queued chunk's flush runs.
          queueMicrotask(() => controller.error(new Error('render failed')));
        },
      });
      const reader = oneChunkPerTurn(source).getReader();
      await expect(reader.read()).rejects.toThrow('render failed');
      await new Promise((done) => setImmediate(done));
      await new Promise((done) => setImmediate(done));
      expect(uncaught).not.toHaveBeenCalled();
    } finally {
      process.off('uncaughtException', uncaught);
    }
  });
});

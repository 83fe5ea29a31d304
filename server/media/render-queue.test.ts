import { describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { RenderQueue } from './render-queue.ts';

const deferred = () => {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('render queue', () => {
  it('coalesces identical in-flight renders into one', async () => {
    const queue = new RenderQueue(2);
    let calls = 0;
    const gate = deferred();
    const task = () => {
      calls++;
      return gate.promise;
    };
    const a = queue.run('k', task);
    const b = queue.run('k', task);
    gate.resolve('done');
    expect(await Promise.all([a, b])).toEqual(['done', 'done']);
    expect(calls).toBe(1);
    // Once settled, the key renders again.
    await queue.run('k', async () => 'again');
  });

  it('runs at most `concurrency` renders at once', async () => {
    const queue = new RenderQueue(2);
    let running = 0;
    let peak = 0;
    const tasks = Array.from({ length: 6 }, (_, i) =>
      queue.run(`k${i}`, async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return i;
      }),
    );
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(queue.active).toBe(0);
  });

  it('refuses work beyond the waiting limit with a 503, and frees the slot after a failure', async () => {
    const queue = new RenderQueue(1, 1);
    const gate = deferred();
    const first = queue.run('a', () => gate.promise);
    const second = queue.run('b', async () => 'b');
    await expect(queue.run('c', async () => 'c')).rejects.toSatisfy(
      (e) => e instanceof MediaError && e.status === 503,
    );
    gate.resolve('a');
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    await expect(queue.run('d', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('e', async () => 'e')).toBe('e');
  });
});

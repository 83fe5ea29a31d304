import { MediaError } from './errors.ts';

/**
 * Runs at most `concurrency` renders at once, keeps at most `maxQueued` waiting (more is a 503, so a burst
 * cannot pile up unbounded work), and coalesces identical in-flight renders: a second request for a key that
 * is already rendering waits for that render instead of starting its own.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued = 256,
  ) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(key);
    if (existing) return existing as Promise<T>;
    const promise = this.schedule(task).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private async schedule<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueued) {
        throw new MediaError(503, 'Service Unavailable', 'Too many images are being rendered; try again.');
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter, or give it back.
      if (next) next();
      else this.running--;
    }
  }
}

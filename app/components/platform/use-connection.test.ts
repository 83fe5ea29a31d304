import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionSnapshot, FAST_CONNECTION, prefetchAllowed } from './use-connection.ts';

const onConnection = (connection: { effectiveType?: string; saveData?: boolean } | undefined) =>
  vi.stubGlobal('navigator', { connection: connection && Object.assign(new EventTarget(), connection) });

describe('connection snapshots (issue 22: hydration re-renders nothing on a fast connection)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the very object the server rendered with on a fast or unknown connection', () => {
    onConnection({ effectiveType: '4g' });
    expect(connectionSnapshot()).toBe(FAST_CONNECTION);
    onConnection(undefined);
    expect(connectionSnapshot()).toBe(FAST_CONNECTION);
  });

  it('answers one slow object, the same each time, on 3g and 2g', () => {
    onConnection({ effectiveType: '3g' });
    const slow = connectionSnapshot();
    expect(slow).not.toBe(FAST_CONNECTION);
    expect(slow.fastConnection).toBe(false);
    onConnection({ effectiveType: 'slow-2g' });
    expect(connectionSnapshot()).toBe(slow);
  });

  it('allows link prefetching except in data-saver mode or on 2G (§9)', () => {
    onConnection({ effectiveType: '4g', saveData: false });
    expect(prefetchAllowed()).toBe(true);
    onConnection({ effectiveType: '4g', saveData: true });
    expect(prefetchAllowed()).toBe(false);
    onConnection({ effectiveType: '2g' });
    expect(prefetchAllowed()).toBe(false);
  });
});

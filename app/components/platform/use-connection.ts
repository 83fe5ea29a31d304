import { useSyncExternalStore } from 'react';
import { type ConnectionState, connectionState } from '#core/connection.ts';

interface NetworkInformation extends EventTarget {
  effectiveType?: string;
  saveData?: boolean;
}

export function networkInformation(): NetworkInformation | undefined {
  return typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

// Two states, each one object: a snapshot equal to the server's is the same object, so hydrating on a fast
// connection (almost every visitor) schedules no second render of every image.
export const FAST_CONNECTION = connectionState(4);
const SLOW_CONNECTION = connectionState(3);

/** The browser's connection as one of the two state objects. */
export function connectionSnapshot(): ConnectionState {
  return connectionState(networkInformation()?.effectiveType).fastConnection
    ? FAST_CONNECTION
    : SLOW_CONNECTION;
}

/**
 * Connection speed and the dpi map images use (SPEC §4), following the browser's network information. The
 * server renders for a fast connection; a slow one re-renders its images once after hydration.
 */
export function useConnection(): ConnectionState {
  return useSyncExternalStore(subscribeToConnection, connectionSnapshot, () => FAST_CONNECTION);
}

/** §9 link preloading: none in data-saver mode or on 2G. */
export function prefetchAllowed(): boolean {
  const connection = networkInformation();
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

function subscribeToConnection(onChange: () => void): () => void {
  const connection = networkInformation();
  connection?.addEventListener('change', onChange);
  return () => connection?.removeEventListener('change', onChange);
}

function prefetchMode(): 'intent' | 'none' {
  return prefetchAllowed() ? 'intent' : 'none';
}

/**
 * React Router prefetch mode for links: on intent, except in data-saver mode or on 2G (§9), following the
 * connection as it changes. The server (no connection information) says 'intent'; hydration takes the
 * browser's own answer at once rather than the server's, because the two modes render the same markup (an
 * intent link adds only handlers until it is hovered). A different server snapshot would re-render, in one
 * blocking task after hydration, every component that asks (the header, the category page, each tile): about
 * 250 ms of a phone's main thread (issue 22).
 * Intent prefetching also keeps §9's cap of 4 concurrent preloads: React Router starts one only for a link
 * hovered or focused for 100 ms and drops it when the pointer or focus leaves, so at most two run at once.
 */
export function usePrefetchMode(): 'intent' | 'none' {
  return useSyncExternalStore(subscribeToConnection, prefetchMode, prefetchMode);
}

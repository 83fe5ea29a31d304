import { useEffect, useState, useSyncExternalStore } from 'react';
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

/** Connection speed and the dpi map images use (SPEC §4), following the browser's network information. */
export function useConnection(): ConnectionState {
  const [state, setState] = useState<ConnectionState>(() => connectionState(null));
  useEffect(() => {
    const connection = networkInformation();
    if (!connection) return;
    const read = () => setState(connectionState(connection.effectiveType));
    read();
    connection.addEventListener('change', read);
    return () => connection.removeEventListener('change', read);
  }, []);
  return state;
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

/**
 * React Router prefetch mode for links: on intent, except in data-saver mode or on 2G (§9), following the
 * connection as it changes. The server (and hydration) says 'none': it renders the same markup either way.
 * Intent prefetching also keeps §9's cap of 4 concurrent preloads: React Router starts one only for a link
 * hovered or focused for 100 ms and drops it when the pointer or focus leaves, so at most two run at once.
 */
export function usePrefetchMode(): 'intent' | 'none' {
  return useSyncExternalStore(
    subscribeToConnection,
    () => (prefetchAllowed() ? 'intent' : 'none'),
    () => 'none',
  );
}

import { useEffect, useState } from 'react';
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

/** React Router prefetch mode for links: on intent, except in data-saver mode or on 2G (§9). */
export function usePrefetchMode(): 'intent' | 'none' {
  const [mode, setMode] = useState<'intent' | 'none'>('none');
  useEffect(() => setMode(prefetchAllowed() ? 'intent' : 'none'), []);
  return mode;
}

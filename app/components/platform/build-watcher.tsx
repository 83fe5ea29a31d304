import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { type LastReload, shouldReload } from '#core/reload-guard.ts';

const CHECK_EVERY_MS = 60 * 60 * 1000;
const FIRST_CHECK_MS = 1000;
const RELOAD_KEY = 'ridgeline:last-reload';

function lastReload(): LastReload | null {
  try {
    return JSON.parse(sessionStorage.getItem(RELOAD_KEY) ?? 'null') as LastReload | null;
  } catch {
    return null;
  }
}

/** Full page load of `path`, unless the same path was reloaded in the last 10 s (SPEC §4, §9). */
export function guardedReload(path: string): boolean {
  if (!shouldReload(path, lastReload(), Date.now())) return false;
  sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ path, at: Date.now() }));
  window.location.assign(path);
  return true;
}

/**
 * Notices a new deployment (SPEC §4 build check: latest.json polled hourly, first look after 1 s) and makes the
 * next navigation a full page load, so visitors never run old code against new chunks. A chunk that fails to
 * load (a stale chunk) reloads the page at the route being opened.
 */
export function BuildWatcher({ buildId }: { buildId: string }) {
  const stale = useRef(false);
  const navigation = useNavigation();
  const target = navigation.location ? `${navigation.location.pathname}${navigation.location.search}` : null;
  const targetRef = useRef<string | null>(null);
  targetRef.current = target;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      try {
        const response = await fetch(`/builds/latest.json?timestamp=${Date.now()}`, { cache: 'no-store' });
        if (response.ok) {
          const latest = (await response.json()) as { id?: string };
          if (latest.id && latest.id !== buildId) stale.current = true;
        }
      } catch {
        // Offline or the server is restarting: try again next time.
      }
      timer = setTimeout(check, CHECK_EVERY_MS);
    };
    timer = setTimeout(check, FIRST_CHECK_MS);
    return () => clearTimeout(timer);
  }, [buildId]);

  useEffect(() => {
    if (target && stale.current) guardedReload(target);
  }, [target]);

  useEffect(() => {
    const onPreloadError = (event: Event) => {
      const path = targetRef.current ?? `${window.location.pathname}${window.location.search}`;
      if (guardedReload(path)) event.preventDefault();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);

  return null;
}

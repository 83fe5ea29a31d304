import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useText } from '../../lib/locale/use-text.ts';
import { useHydrated } from '../../lib/router/use-hydrated.ts';

/** 'Use my location': shown once JavaScript runs and the browser offers geolocation. */
export function LocateButton({ action }: { action: string }) {
  const t = useText();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [status, setStatus] = useState<'idle' | 'locating' | 'denied'>('idle');
  if (!hydrated || typeof navigator === 'undefined' || !('geolocation' in navigator)) return null;
  return (
    <div className="locate">
      <button
        type="button"
        className="button button--ghost"
        disabled={status === 'locating'}
        onClick={() => {
          setStatus('locating');
          navigator.geolocation.getCurrentPosition(
            (position) => {
              setStatus('idle');
              const lat = position.coords.latitude.toFixed(4);
              const lng = position.coords.longitude.toFixed(4);
              navigate(`${action}?lat=${lat}&lng=${lng}`);
            },
            () => setStatus('denied'),
            { timeout: 10_000, maximumAge: 300_000 },
          );
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 2v4M12 18v4M2 12h4M18 12h4" stroke="currentColor" strokeWidth="2" />
        </svg>
        {status === 'locating' ? t('stores locating') : t('use my location')}
      </button>
      {status === 'denied' ? (
        <p className="form-error" role="alert">
          {t('stores location denied')}
        </p>
      ) : null}
    </div>
  );
}

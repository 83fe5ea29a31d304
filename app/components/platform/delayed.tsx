import { type ReactNode, useEffect, useState } from 'react';

export const ASYNC_COMPONENT_DELAY_MS = 200;

/**
 * A loading state that appears only when loading takes longer than 200 ms (SPEC §9), so fast loads never flash
 * a spinner. Use it as a Suspense fallback for lazily loaded components.
 */
export function Delayed({
  children,
  delay = ASYNC_COMPONENT_DELAY_MS,
}: {
  children: ReactNode;
  delay?: number;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return shown ? children : null;
}

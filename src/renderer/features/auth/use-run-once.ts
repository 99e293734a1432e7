import { useEffect, useRef } from 'react';

/** Runs an effect once per mount even under StrictMode (sign-in codes are single-use). */
export function useRunOnce(fn: () => void): void {
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    fn();
  }, []);
}

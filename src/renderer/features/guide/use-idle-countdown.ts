import { useEffect, useRef, useState } from 'react';

/** What counts as someone still at the kiosk: any touch, click, key or scroll. */
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Counts down `seconds` while `active`, starting again at every touch or key; at zero calls
 * `onTimeout` once. Returns the seconds left (shown on screen so the reader knows the page will
 * close by itself). Used by the card page: a reader who walks away is signed out.
 */
export function useIdleCountdown(active: boolean, seconds: number, onTimeout: () => void): number {
  const [left, setLeft] = useState(seconds);
  const deadline = useRef(0);
  const timeout = useRef(onTimeout);
  timeout.current = onTimeout;
  useEffect(() => {
    if (!active) return undefined;
    deadline.current = Date.now() + seconds * 1000;
    setLeft(seconds);
    const reset = () => {
      deadline.current = Date.now() + seconds * 1000;
      setLeft(seconds);
    };
    let fired = false;
    const tick = setInterval(() => {
      const s = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
      setLeft(s);
      if (s === 0 && !fired) {
        fired = true;
        timeout.current();
      }
    }, 250);
    for (const e of ACTIVITY) window.addEventListener(e, reset, { capture: true, passive: true });
    return () => {
      clearInterval(tick);
      for (const e of ACTIVITY) window.removeEventListener(e, reset, { capture: true });
    };
  }, [active, seconds]);
  return left;
}

import { useEffect, useRef } from 'react';

/**
 * Barcode scanners are keyboard wedges: they type the code in a burst of keystrokes a few
 * milliseconds apart and press Enter. A person types 100 ms or more apart. A burst that arrives
 * while the focus is not in a text field (the librarian clicked a loan, a button kept the focus)
 * is still a scan and goes to the desk instead of being lost.
 */

/** The slowest gap between two keystrokes of a scan, and the fewest characters a scan has. */
export const SCAN_GAP_MS = 35;
export const SCAN_MIN_LENGTH = 4;

export interface Keystroke { key: string; at: number }

/** The code a burst of keystrokes ending in Enter typed, or null when a person typed them. */
export function scannedCode(keys: readonly Keystroke[]): string | null {
  const chars = keys.filter((k) => k.key.length === 1);
  if (chars.length < SCAN_MIN_LENGTH || chars.length !== keys.length) return null;
  for (let i = 1; i < chars.length; i++) if (chars[i]!.at - chars[i - 1]!.at > SCAN_GAP_MS) return null;
  return chars.map((k) => k.key).join('');
}

const isTextField = (el: Element | null) =>
  el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(el.type)) || (el as HTMLElement | null)?.isContentEditable === true;

/** Calls `onScan` for every scanner burst typed while no text field has the focus. */
export function useScannerBursts(onScan: (code: string) => void, enabled = true): void {
  const keys = useRef<Keystroke[]>([]);
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTextField(document.activeElement) || e.ctrlKey || e.altKey || e.metaKey) {
        keys.current = [];
        return;
      }
      const now = e.timeStamp || performance.now();
      const last = keys.current.at(-1);
      if (last && now - last.at > SCAN_GAP_MS) keys.current = [];
      if (e.key === 'Enter') {
        const code = scannedCode(keys.current);
        keys.current = [];
        if (code) {
          e.preventDefault();
          latest.current(code);
        }
        return;
      }
      if (e.key.length === 1) keys.current.push({ key: e.key, at: now });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}

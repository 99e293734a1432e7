import { useEffect, useState } from 'react';
import { bridge, isDesktop } from '../../lib/bridge.ts';

/** This computer's printers, from the desktop app (none in a browser). */
export function usePrinters(): string[] {
  const [printers, setPrinters] = useState<string[]>([]);
  useEffect(() => {
    if (isDesktop()) void bridge.printers().then((r) => r.ok && setPrinters(r.data));
  }, []);
  return printers;
}

import { useEffect, useRef, useState } from 'react';
import { bridge, isDesktop } from '../../lib/bridge.ts';

const POLL_MS = 400;

export type RfidState = 'unsupported' | 'idle' | 'reading' | 'unavailable';

/**
 * Reading shelves with the RFID pad (desktop only, through the device bridge): while on, the pad's
 * inventory of tags in the field is read again and again; each tag (by UID) goes to the stocktake
 * once per session with the item id its chip carries, so a librarian sweeps the pad along a shelf.
 * A tag whose chip cannot be decoded is reported once. In a plain browser the bridge cannot: the
 * screen says so and the barcode box does everything.
 */
export function useRfidInventory(onTag: (code: string, uid: string) => void, onUnreadable: () => void) {
  const [state, setState] = useState<RfidState>(isDesktop() ? 'idle' : 'unsupported');
  const latest = useRef({ onTag, onUnreadable });
  latest.current = { onTag, onUnreadable };

  useEffect(() => {
    if (state !== 'reading') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = new Set<string>();
    const tick = async () => {
      const r = await bridge.rfidReadPad();
      if (stopped) return;
      if (!r.ok) {
        setState('unavailable');
        return;
      }
      for (const tag of r.data.tags) {
        if (seen.has(tag.uid)) continue;
        seen.add(tag.uid);
        if (tag.data?.primaryItemId) latest.current.onTag(tag.data.primaryItemId, tag.uid);
        else latest.current.onUnreadable();
      }
      for (const uid of r.data.unreadable) {
        if (seen.has(uid)) continue;
        seen.add(uid);
        latest.current.onUnreadable();
      }
      timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [state]);

  return {
    state,
    start: () => setState(isDesktop() ? 'reading' : 'unsupported'),
    stop: () => setState(isDesktop() ? 'idle' : 'unsupported'),
  };
}

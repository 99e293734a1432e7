import { useEffect, useRef, useState } from 'react';
import { bridge, isDesktop } from '../../lib/bridge.ts';

/** How often the desk asks the board what lies on the pad. */
const POLL_MS = 500;

export type PadState = 'none' | 'ready' | 'unavailable';

/**
 * The desk's RFID pad (desktop only, when a board is set up in /setting): books laid on it are
 * read together and each one goes to the desk once, with its tag's UID, as if it had been
 * scanned; a reader card opens the reader. A tag stays handled while it lies on the pad (a
 * refused book is not tried again and again): lifting it and laying it down again retries it. A
 * tag that cannot be read is reported once and tried again on the next read.
 */
export function usePad(onTag: (code: string, uid: string) => void, onUnreadable: () => void): PadState {
  const [state, setState] = useState<PadState>('none');
  const latest = useRef({ onTag, onUnreadable });
  latest.current = { onTag, onUnreadable };

  useEffect(() => {
    if (!isDesktop()) return;
    let live = true;
    void bridge.rfidStatus().then((r) => {
      if (live && r.ok && r.data.config) setState(r.data.state === 'ready' ? 'ready' : 'unavailable');
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (state !== 'ready') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handled = new Set<string>();
    const reported = new Set<string>();
    const tick = async () => {
      const r = await bridge.rfidReadPad();
      if (stopped) return;
      if (!r.ok) setState(r.error.code === 'rfid.unavailable' ? 'unavailable' : 'ready');
      else {
        const present = new Set([...r.data.tags.map((t) => t.uid), ...r.data.unreadable]);
        for (const uid of [...handled]) if (!present.has(uid)) handled.delete(uid);
        for (const uid of [...reported]) if (!present.has(uid)) reported.delete(uid);
        for (const tag of r.data.tags) {
          if (handled.has(tag.uid)) continue;
          handled.add(tag.uid);
          if (tag.data?.primaryItemId) latest.current.onTag(tag.data.primaryItemId, tag.uid);
          else latest.current.onUnreadable();
        }
        for (const uid of r.data.unreadable) {
          if (reported.has(uid)) continue;
          reported.add(uid);
          latest.current.onUnreadable();
        }
      }
      timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [state]);
  return state;
}

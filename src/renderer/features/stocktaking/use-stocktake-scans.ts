import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { stocktakingCalls as C, type ScanReply } from '../../../shared/api/stocktaking.ts';
import { call } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { playSound } from '../../lib/sounds.ts';

/** Where the desk is scanning: a copy of another area or shelf is misplaced. */
export interface ScanPlace { AreaID: number | null; ShelfID: number | null }

export interface ScanEntry {
  key: number;
  code: string;
  reply?: ScanReply;
  error?: (t: TFunction) => string;
}

let nextKey = 1;
const KEEP = 50;

/**
 * The desk's scans of one stocktake, sent one after another in the order they came (a scanner is
 * faster than the network), each with the desk's sound: the high tone when the copy is where it
 * belongs, the low one for anything to look at (misplaced, not expected, unknown, refused).
 * The counts are read again shortly after the last scan, so a burst of scans asks once.
 */
export function useStocktakeScans(stocktakeId: number) {
  const qc = useQueryClient();
  const [log, setLog] = useState<ScanEntry[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const add = (e: Omit<ScanEntry, 'key'>) => {
    setLog((l) => [{ key: nextKey++, ...e }, ...l].slice(0, KEEP));
    playSound(e.reply && e.reply.Result === 'found' ? 'success' : 'refusal');
    clearTimeout(refresh.current);
    refresh.current = setTimeout(() => void qc.invalidateQueries({ queryKey: ['stocktaking', 'one', stocktakeId] }), 300);
  };
  const send = async (code: string, place: ScanPlace, uid?: string) => {
    try {
      const reply = await call(C.scan, {
        ID: stocktakeId, Code: code, ...(uid ? { Uid: uid } : {}),
        ...(place.AreaID ? { AreaID: place.AreaID } : {}), ...(place.ShelfID ? { ShelfID: place.ShelfID } : {}),
      }, { toast: false });
      add({ code, reply });
    } catch (err) {
      const msg = isApiError(err) ? err : null;
      add({ code, error: (t) => (msg ? (msg.isKey ? t(msg.message) : msg.message) : String(err)) });
    }
  };
  const scan = (raw: string, place: ScanPlace, uid?: string) => {
    const code = raw.trim();
    if (!code) return;
    queue.current = queue.current.then(() => send(code, place, uid)).catch(() => undefined);
  };
  return { log, scan };
}

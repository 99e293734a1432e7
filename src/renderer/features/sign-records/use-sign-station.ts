import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { signRecordCalls as C, type SignRecord } from '../../../shared/api/sign-records.ts';
import { call } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { playSound } from '../../lib/sounds.ts';

/** Where this station signs readers in; kept on this computer, since a station stays where it is. */
export interface StationPlace { BranchID: number | null; Room: string; Station: string }

const KEY = 'lib.signStation';

function loadPlace(): StationPlace {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<StationPlace> | null;
    return { BranchID: typeof v?.BranchID === 'number' ? v.BranchID : null, Room: String(v?.Room ?? ''), Station: String(v?.Station ?? '') };
  } catch {
    return { BranchID: null, Room: '', Station: '' };
  }
}

export interface StationEntry {
  key: number;
  card: string;
  /** counted, a repeat within the window, or refused (unknown card …). */
  kind: 'counted' | 'already' | 'refused';
  record?: SignRecord;
  cardStatus?: string;
  error?: (t: TFunction) => string;
}

let nextKey = 1;

/** The station's place and its scans, sent one after another in the order they came. */
export function useSignStation() {
  const [place, setPlaceState] = useState<StationPlace>(loadPlace);
  const [log, setLog] = useState<StationEntry[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const setPlace = (p: Partial<StationPlace>) => setPlaceState((old) => {
    const next = { ...old, ...p };
    localStorage.setItem(KEY, JSON.stringify(next));
    return next;
  });
  const add = (e: Omit<StationEntry, 'key'>) => {
    setLog((l) => [{ key: nextKey++, ...e }, ...l].slice(0, 200));
    playSound(e.kind === 'refused' ? 'refusal' : 'success');
  };
  const send = async (card: string, at: StationPlace) => {
    if (at.BranchID == null) {
      add({ card, kind: 'refused', error: (t) => t('validation:required.branch') });
      return;
    }
    try {
      const r = await call(C.signIn, { ReaderID: card, BranchID: at.BranchID, Room: at.Room.trim(), Station: at.Station.trim() }, { toast: false });
      add({ card, kind: r.Counted ? 'counted' : 'already', record: r.Record, cardStatus: r.CardStatus });
    } catch (err) {
      const msg = isApiError(err) ? err : null;
      add({ card, kind: 'refused', error: (t) => (msg ? (msg.isKey ? t(msg.message) : msg.message) : String(err)) });
    }
  };
  /** A scanned or typed card, signed in at `at` after the scans before it. */
  const scan = (raw: string, at: StationPlace) => {
    const card = raw.trim();
    if (!card) return;
    queue.current = queue.current.then(() => send(card, at)).catch(() => undefined);
  };
  return { place, setPlace, log, scan };
}

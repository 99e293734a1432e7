import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { circulationCalls as C } from '../../../shared/api/circulation.ts';
import { call } from '../../lib/api-client.ts';
import { playSound } from '../../lib/sounds.ts';
import { refusalText, withHold, type DeskEntry } from './use-desk.ts';

let nextKey = 1;

/**
 * What a scan does on the deferred-return screen (/deferred-return): the book is returned as of
 * the day chosen, one scan after another in the order they came, each with its own idempotency
 * key. Every scan adds a line to the log (newest first) and plays the desk's sound for done or
 * refused.
 */
export function useDeferredReturn() {
  const [log, setLog] = useState<DeskEntry[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const add = (e: Omit<DeskEntry, 'key' | 'reasons' | 'transactionId' | 'undone' | 'title'> & Partial<DeskEntry>) => {
    const entry: DeskEntry = { key: nextKey++, reasons: [], transactionId: null, undone: false, title: '', ...e };
    setLog((l) => [entry, ...l].slice(0, 300));
    playSound(entry.ok ? 'success' : 'refusal');
  };

  const giveBack = async (barcode: string, day: string) => {
    try {
      const res = await call(C.deferredReturn, { Barcode: barcode, ReturnDay: day }, { toast: false, idempotencyKey: crypto.randomUUID() });
      const late = res.Loan.OverdueDays;
      const name = res.Reader.Name;
      add({
        ok: true, kind: 'return', barcode, title: res.Loan.Title, transactionId: res.TransactionID,
        text: (t: TFunction) => withHold(t, res.Hold, late > 0
          ? t('circulation:deferred.returnedLate', { day, name, days: late })
          : t('circulation:deferred.returned', { day, name })),
      });
    } catch (err) {
      const { text, more } = refusalText(err, 'return');
      add({ ok: false, kind: 'refused', barcode, text, reasons: more });
    }
  };

  /** A scanned or typed barcode, returned as of `day` (yyyy-mm-dd) after the scans before it. */
  const scan = (raw: string, day: string) => {
    const code = raw.trim();
    if (!code) return;
    queue.current = queue.current.then(() => giveBack(code, day)).catch(() => undefined);
  };

  /** A scan refused before it is sent (no valid day chosen). */
  const refuse = (barcode: string, text: (t: TFunction) => string) => add({ ok: false, kind: 'refused', barcode, text });

  return { log, scan, refuse };
}

import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { classCornerCalls as C, type Classmate } from '../../../shared/api/class-corner.ts';
import { call } from '../../lib/api-client.ts';
import { playSound } from '../../lib/sounds.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { scanEntry, type ScanEntry } from './scan-log.tsx';

/** Card numbers compare as the scanner types them, ignoring case. */
const sameCard = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The class librarian's desk: a scan that is a classmate's card (from the class roster) chooses
 * the borrower; any other scan, with a borrower chosen, lends that book at once. Scans are handled
 * one after another in the order they came, each with its own line in the log.
 */
export function useCornerDesk(deptId: number) {
  const qc = useQueryClient();
  const roster = useQuery({ queryKey: ['class-corner', 'roster', deptId], queryFn: () => call(C.getRoster, { DeptID: deptId, Page: 1, Rows: 1000 }) });
  const rule = useQuery({ queryKey: ['class-corner', 'rule', deptId], queryFn: () => call(C.getRule, { DeptID: deptId }) });
  const [reader, setReaderState] = useState<Classmate | null>(null);
  const readerRef = useRef<Classmate | null>(null);
  const [log, setLog] = useState<ScanEntry[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const setReader = (r: Classmate | null) => {
    readerRef.current = r;
    setReaderState(r);
  };
  const add = (e: ScanEntry, sound = true) => {
    setLog((l) => [e, ...l].slice(0, 300));
    if (sound) playSound(e.ok ? 'success' : 'refusal');
  };

  const pick = (m: Classmate) => {
    setReader(m);
    add(scanEntry(true, m.ReaderID, (t) => t('class-corner:desk.picked', { name: m.Name })), false);
  };

  const lend = async (barcode: string, who: Classmate) => {
    try {
      const r = await call(C.lend, { DeptID: deptId, UserID: who.UserID, Barcode: barcode }, { toast: false, idempotencyKey: crypto.randomUUID() });
      if (readerRef.current?.UserID === who.UserID) setReader({ ...who, ...r.Reader });
      add(scanEntry(true, barcode, (t) => t('class-corner:desk.lent', { title: r.Loan.Title, name: who.Name, due: r.Loan.DueDay })));
      void qc.invalidateQueries({ queryKey: ['class-corner'] });
    } catch (err) {
      add(scanEntry(false, barcode, (t) => errorText(t, err)));
    }
  };

  const handle = async (code: string) => {
    const mate = roster.data?.List.find((m) => sameCard(m.ReaderID, code));
    if (mate) return pick(mate);
    const who = readerRef.current;
    if (!who) return add(scanEntry(false, code, (t) => t('class-corner:desk.noReader')));
    return lend(code, who);
  };

  const scan = (code: string) => {
    queue.current = queue.current.then(() => handle(code)).catch(() => undefined);
  };

  return { roster: roster.data?.List ?? [], rule: rule.data ?? null, reader, pick, clear: () => setReader(null), log, scan };
}

import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { HeldFor } from '../../../shared/api/holds.ts';
import { circulationCalls as C, refusalDataSchema, wordReason, type DeskReader } from '../../../shared/api/circulation.ts';
import { call } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { playSound } from '../../lib/sounds.ts';
import { bridge } from '../../lib/bridge.ts';
import { catalogueCalls } from '../../../shared/api/catalogue.ts';

export type DeskMode = 'borrow' | 'return' | 'renew';

/** One line of the desk's log: what a scan did, worded when shown (in the language shown). */
export interface DeskEntry {
  key: number;
  ok: boolean;
  kind: 'borrow' | 'return' | 'renew' | 'undo' | 'refused' | 'info';
  barcode: string;
  title: string;
  text: (t: TFunction) => string;
  /** Every reason of a refusal, each worded when shown. */
  reasons: Array<(t: TFunction) => string>;
  transactionId: number | null;
  undone: boolean;
}

/** A card scanned again this soon is the pad reading it twice, not a new visit. */
const REPEAT_MS = 3000;

/**
 * A refused desk call, worded in the language shown: the action's refusal with its first reason,
 * and every further reason on a line of its own. Anything else (network, permission) as the
 * client says it.
 */
export function refusalText(err: unknown, action: 'borrow' | 'return' | 'renew' | null): { text: (t: TFunction) => string; more: Array<(t: TFunction) => string> } {
  const parsed = isApiError(err) ? refusalDataSchema.safeParse(err.data) : null;
  const reasons = parsed?.success ? parsed.data.Reasons : [];
  const word = (t: TFunction, i: number) => wordReason((key, params) => t(key, params ?? {}), reasons[i]!);
  if (!reasons.length || !action) return { text: (t) => errorText(t, err), more: [] };
  return {
    text: (t) => t(`circulation:refused.${action}`, { reason: word(t, 0) }),
    more: reasons.slice(1).map((_, i) => (t: TFunction) => word(t, i + 1)),
  };
}

/** A returned book another reader waits for goes to the hold shelf, not the shelves: the line says for whom. */
export function withHold(t: TFunction, hold: HeldFor | null | undefined, text: string): string {
  if (!hold) return text;
  return `${text}${t('circulation:desk.toHoldShelf', { name: hold.ReaderName, className: hold.ClassName || '—', day: hold.ExpiresDay })}`;
}

let nextKey = 1;

/** The school's AFI values (Config/GetAFI), asked once per desk; null when not set. */
type Afi = { inStock: number; onLoan: number } | null;

/**
 * The desk's state and what a scan does in each mode. Scans are handled one after another in the
 * order they came (a librarian scans faster than the gateway answers); each write carries its own
 * idempotency key, so a retried request never lends or returns twice.
 */
export function useDesk(mode: DeskMode, opts: { onVerifyRequired?: (r: DeskReader) => void } = {}) {
  const [reader, setReader] = useState<DeskReader | null>(null);
  const [log, setLogState] = useState<DeskEntry[]>([]);
  const logRef = useRef<DeskEntry[]>([]);
  const setLog = (next: (l: DeskEntry[]) => DeskEntry[]) => {
    logRef.current = next(logRef.current);
    setLogState(logRef.current);
  };
  const [pending, setPending] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const readerRef = useRef<DeskReader | null>(null);
  const lastCard = useRef<{ code: string; at: number } | null>(null);
  const afi = useRef<Promise<Afi> | null>(null);

  /** Books whose AFI did not switch, by tag: laid on the pad again, only the AFI is tried again. */
  const afiPending = useRef(new Map<string, { key: number; kind: 'borrow' | 'return' }>());

  /**
   * A book from the pad was lent or returned: its tag's AFI is switched (on loan / in stock) so the
   * security gate agrees. When that fails the transaction stands, the line says so (spec), and the
   * book laid on the pad again retries the AFI alone. True when the AFI is switched.
   */
  const switchAfi = async (entryKey: number, uid: string, kind: 'borrow' | 'return'): Promise<boolean> => {
    afi.current ??= call(catalogueCalls.getAfi, {}, { toast: false })
      .then((a) => ({ inStock: parseInt(a.AFI, 16), onLoan: parseInt(a.LoanAFI, 16) }))
      .catch(() => null);
    const values = await afi.current;
    if (!values) afi.current = null; // not set yet: asked again next time
    const value = values ? (kind === 'borrow' ? values.onLoan : values.inStock) : null;
    const done = value != null && Number.isInteger(value) && (await bridge.rfidSetAfi(uid, value)).ok;
    const base = logRef.current.find((e) => e.key === entryKey);
    if (done) {
      afiPending.current.delete(uid);
      if (base && !base.ok) setLog((l) => l.map((e) => (e.key === entryKey ? { ...e, ok: true, text: (t) => t(`circulation:desk.afiFixed.${kind}`) } : e)));
      playSound('success');
      return true;
    }
    afiPending.current.set(uid, { key: entryKey, kind });
    setLog((l) => l.map((e) => (e.key === entryKey ? { ...e, ok: false, text: (t) => t(`circulation:desk.afiFailed.${kind}`) } : e)));
    playSound('refusal');
    return false;
  };

  const showReader = (r: DeskReader | null) => {
    readerRef.current = r;
    setReader(r);
  };
  const add = (e: Omit<DeskEntry, 'key' | 'reasons' | 'transactionId' | 'undone' | 'barcode' | 'title'> & Partial<DeskEntry>, opts: { quiet?: boolean } = {}) => {
    const entry: DeskEntry = { key: nextKey++, reasons: [], transactionId: null, undone: false, barcode: '', title: '', ...e };
    setLog((l) => [entry, ...l].slice(0, 300));
    // A book from the pad sounds once its AFI is switched too.
    if (!opts.quiet) playSound(entry.ok ? 'success' : 'refusal');
    return entry.key;
  };
  const refused = (barcode: string, err: unknown, action: 'borrow' | 'return' | 'renew' | null, title = '') => {
    const { text, more } = refusalText(err, action);
    add({ ok: false, kind: 'refused', barcode, title, text, reasons: more });
  };

  const openReader = (r: DeskReader, code: string) => {
    const now = Date.now();
    if (readerRef.current?.UserID === r.UserID && lastCard.current?.code === code && now - lastCard.current.at < REPEAT_MS) {
      lastCard.current = { code, at: now };
      add({ ok: true, kind: 'info', barcode: code, text: (t) => t('circulation:desk.readerRepeated') });
      return;
    }
    lastCard.current = { code, at: now };
    showReader(r);
    add({ ok: true, kind: 'info', barcode: code, title: r.Name, text: (t) => t('circulation:desk.readerOpened', { name: r.Name }) });
  };

  const borrow = async (barcode: string, uid?: string) => {
    const r = readerRef.current;
    if (!r) return add({ ok: false, kind: 'refused', barcode, text: (t) => t('circulation:desk.readerFirst') });
    try {
      const res = await call(C.literatureCirc, { UserID: r.UserID, Barcode: barcode }, { toast: false, idempotencyKey: crypto.randomUUID() });
      showReader(res.Reader);
      const key = add({ ok: true, kind: 'borrow', barcode, title: res.Loan.Title, transactionId: res.TransactionID, text: (t) => t('circulation:desk.borrowed', { due: res.Loan.DueAt.slice(0, 10) }) }, { quiet: uid != null });
      if (uid) await switchAfi(key, uid, 'borrow');
    } catch (err) {
      refused(barcode, err, 'borrow');
      // Borrow verification (use-borrow-verify.ts): the gateway wants the reader to confirm first.
      if (isApiError(err) && refusalDataSchema.safeParse(err.data).data?.Reasons.some((x) => x.Code === 'verifyRequired')) opts.onVerifyRequired?.(r);
    }
  };

  const giveBack = async (barcode: string, uid?: string) => {
    try {
      const res = await call(C.literatureReturn, { Barcode: barcode }, { toast: false, idempotencyKey: crypto.randomUUID() });
      const late = res.Loan.OverdueDays;
      const key = add({
        ok: true, kind: 'return', barcode, title: res.Loan.Title, transactionId: res.TransactionID,
        text: (t) => withHold(t, res.Hold, late > 0 ? t('circulation:desk.returnedLate', { name: res.Reader.Name, days: late }) : t('circulation:desk.returned', { name: res.Reader.Name })),
      }, { quiet: uid != null });
      if (uid) await switchAfi(key, uid, 'return');
      if (readerRef.current?.UserID === res.Reader.UserID) await refreshReader();
    } catch (err) {
      refused(barcode, err, 'return');
    }
  };

  const renewOne = async (barcode: string) => {
    try {
      const res = await call(C.renew, { Barcode: barcode }, { toast: false, idempotencyKey: crypto.randomUUID() });
      add({ ok: true, kind: 'renew', barcode, title: res.Loan.Title, transactionId: res.TransactionID, text: (t) => t('circulation:desk.renewed', { due: res.Loan.DueAt.slice(0, 10) }) });
      if (readerRef.current) await refreshReader();
    } catch (err) {
      refused(barcode, err, 'renew');
    }
  };

  const refreshReader = async () => {
    const r = readerRef.current;
    if (!r) return;
    try {
      const res = await call(C.getCircUserInfoByBarCode, { BarCode: r.ReaderID }, { toast: false });
      if (res.Kind === 'reader') showReader(res.Reader);
    } catch {
      // The panel keeps what it showed; the next scan refreshes it.
    }
  };

  const handle = async (code: string, uid?: string) => {
    let found;
    try {
      found = await call(C.getCircUserInfoByBarCode, { BarCode: code }, { toast: false });
    } catch (err) {
      return refused(code, err, null);
    }
    if (found.Kind === 'reader') return openReader(found.Reader, code);
    if (found.Kind === 'none') return add({ ok: false, kind: 'refused', barcode: code, text: (t) => t('circulation:desk.unknownCode', { code }) });
    // A book: lent, returned (no reader card needed) or renewed at once.
    if (mode === 'return') return giveBack(code, uid);
    return mode === 'borrow' ? borrow(code, uid) : renewOne(code);
  };

  /** Runs desk work after everything asked before it. */
  const enqueue = (work: () => Promise<unknown>) => {
    setPending((n) => n + 1);
    queue.current = queue.current.then(async () => void (await work())).catch(() => undefined).finally(() => setPending((n) => n - 1));
  };

  /** A scan, a typed code or a tag on the pad (with its UID): queued behind the ones before it. */
  const scan = (raw: string, uid?: string) => {
    const code = raw.trim();
    const retry = uid ? afiPending.current.get(uid) : undefined;
    if (retry && uid) enqueue(() => switchAfi(retry.key, uid, retry.kind));
    else if (code) enqueue(() => handle(code, uid));
  };

  /** A tag on the pad that holds nothing the desk can read. */
  const padUnreadable = () => add({ ok: false, kind: 'refused', text: (t) => t('rfid:errors.no-tag') });

  /** Undoes the newest transaction of this desk that is not undone yet. */
  const undoLast = () => {
    enqueue(async () => {
      const entry = logRef.current.find((e) => e.transactionId != null && !e.undone && e.kind !== 'undo');
      if (!entry?.transactionId) return add({ ok: false, kind: 'refused', text: (t) => t('circulation:desk.nothingToUndo') });
      try {
        const res = await call(C.undo, { TransactionID: entry.transactionId }, { toast: false });
        setLog((l) => l.map((e) => (e.key === entry.key ? { ...e, undone: true } : e)));
        add({ ok: true, kind: 'undo', barcode: res.Barcode, title: entry.title, text: (t) => t(`circulation:desk.undone.${res.Kind}`) });
        await refreshReader();
      } catch (err) {
        refused(entry.barcode, err, null, entry.title);
      }
    });
  };

  /** Renews every open loan of the reader shown, one by one, each with its own outcome. */
  const renewAll = () => {
    for (const l of readerRef.current?.Loans ?? []) enqueue(() => renewOne(l.Barcode));
  };

  const closeReader = () => {
    showReader(null);
    lastCard.current = null;
  };

  return { reader, log, busy: pending > 0, scan, padUnreadable, undoLast, renewAll, renewOne: (barcode: string) => enqueue(() => renewOne(barcode)), closeReader };
}

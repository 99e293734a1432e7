import type { BatchRow, ClassReader } from '../../../shared/api/circulation-batch.ts';

/**
 * The list batch borrowing builds before it lends anything (/batchborrow): each scanned book goes
 * to the selected reader; in 'next' mode the selection then moves on to the next reader in the
 * roster who may still borrow, in 'one' mode it stays (one reader, many books). A reader card
 * scanned instead of a book selects that reader. Nothing is written until "Lend all".
 */

export type BorrowMode = 'next' | 'one';

export interface QueueLine {
  key: number;
  userId: number;
  barcode: string;
  /** pending until sent; then lent or refused with the gateway's row. */
  status: 'pending' | 'lent' | 'refused';
  result: BatchRow | null;
}

export interface BorrowState {
  selected: number | null;
  lines: QueueLine[];
}

export type ScanOutcome =
  | { kind: 'queued'; line: QueueLine }
  | { kind: 'reader'; userId: number }
  | { kind: 'duplicate'; barcode: string; userId: number }
  | { kind: 'noReader' };

let nextKey = 1;

/** Books pending for the reader. */
export const pendingOf = (lines: readonly QueueLine[], userId: number) => lines.filter((l) => l.userId === userId && l.status === 'pending').length;

/** How many more books the reader may take once the pending ones are lent. */
export const remainingOf = (reader: ClassReader, lines: readonly QueueLine[]) => reader.Left - pendingOf(lines, reader.UserID);

/** The first reader after `userId` in the roster who may still borrow; the same reader when there is none. */
export function nextReader(roster: readonly ClassReader[], lines: readonly QueueLine[], userId: number | null): number | null {
  const from = roster.findIndex((r) => r.UserID === userId);
  for (let i = from + 1; i < roster.length; i++) if (remainingOf(roster[i]!, lines) > 0) return roster[i]!.UserID;
  return userId;
}

/** The first reader who may borrow, to start with. */
export const firstReader = (roster: readonly ClassReader[], lines: readonly QueueLine[] = []) =>
  roster.find((r) => remainingOf(r, lines) > 0)?.UserID ?? roster[0]?.UserID ?? null;

/** A scanned or typed code: a reader card selects, a book joins the list for the selected reader. */
export function scan(state: BorrowState, roster: readonly ClassReader[], code: string, mode: BorrowMode): { state: BorrowState; outcome: ScanOutcome } {
  const card = roster.find((r) => r.ReaderID.toLowerCase() === code.toLowerCase());
  if (card) return { state: { ...state, selected: card.UserID }, outcome: { kind: 'reader', userId: card.UserID } };
  if (state.selected == null) return { state, outcome: { kind: 'noReader' } };
  const twice = state.lines.find((l) => l.barcode.toLowerCase() === code.toLowerCase() && l.status !== 'refused');
  if (twice) return { state, outcome: { kind: 'duplicate', barcode: code, userId: twice.userId } };
  const line: QueueLine = { key: nextKey++, userId: state.selected, barcode: code, status: 'pending', result: null };
  // A refused book scanned again replaces its refused line (for this reader now), never doubles it.
  const lines = [...state.lines.filter((l) => l.barcode.toLowerCase() !== code.toLowerCase()), line];
  const selected = mode === 'next' ? nextReader(roster, lines, state.selected) : state.selected;
  return { state: { selected, lines }, outcome: { kind: 'queued', line } };
}

export function remove(state: BorrowState, key: number): BorrowState {
  return { ...state, lines: state.lines.filter((l) => l.key !== key) };
}

/** The lines "Lend all" sends: pending, and refused ones sent again (the librarian fixed the cause). */
export const toSend = (lines: readonly QueueLine[]) => lines.filter((l) => l.status !== 'lent');

/** The gateway's rows laid back onto the lines sent (row n = the n-th line sent). */
export function applyResult(lines: readonly QueueLine[], sent: readonly QueueLine[], rows: readonly BatchRow[]): QueueLine[] {
  const byKey = new Map(sent.map((l, i) => [l.key, rows.find((r) => r.Row === i + 1)]));
  return lines.map((l) => {
    const row = byKey.get(l.key);
    return row ? { ...l, status: row.Ok ? 'lent' : 'refused', result: row } : l;
  });
}

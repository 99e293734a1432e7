import { describe, expect, it } from 'vitest';
import type { BatchRow, ClassReader } from '../../../shared/api/circulation-batch.ts';
import { applyResult, firstReader, nextReader, remainingOf, remove, scan, toSend, type BorrowState } from './batch-borrow-queue.ts';

const reader = (UserID: number, Left: number): ClassReader => ({
  UserID, ReaderID: `R${UserID}`, Name: `N${UserID}`, ClassName: 'C', Left, MaxLoans: 5, OnLoan: 5 - Left, Blocks: [], Loans: [],
});
// R2 may borrow nothing (blocked or at the quota); R3 one more book.
const roster = [reader(1, 2), reader(2, 0), reader(3, 1), reader(4, 3)];
const start: BorrowState = { selected: firstReader(roster), lines: [] };

describe('batch borrowing list (/batchborrow)', () => {
  it('gives each scanned book to the selected reader and moves on to the next who may still borrow', () => {
    let s = start;
    expect(s.selected).toBe(1);
    ({ state: s } = scan(s, roster, 'B1', 'next'));
    expect(s.selected).toBe(3);
    ({ state: s } = scan(s, roster, 'B2', 'next'));
    // R3's one book is now pending: R4 is next.
    expect(s.selected).toBe(4);
    expect(remainingOf(roster[2]!, s.lines)).toBe(0);
    expect(s.lines.map((l) => [l.userId, l.barcode, l.status])).toEqual([[1, 'B1', 'pending'], [3, 'B2', 'pending']]);
    // At the end of the roster the selection stays.
    ({ state: s } = scan(s, roster, 'B3', 'next'));
    expect(s.selected).toBe(4);
    expect(nextReader(roster, s.lines, 4)).toBe(4);
  });

  it('keeps the reader in "one reader, many books", selects by card, and tells a book scanned twice', () => {
    let s = start;
    ({ state: s } = scan(s, roster, 'B1', 'one'));
    ({ state: s } = scan(s, roster, 'B2', 'one'));
    expect(s.lines.every((l) => l.userId === 1)).toBe(true);
    const card = scan(s, roster, 'r4', 'one');
    expect(card.outcome).toEqual({ kind: 'reader', userId: 4 });
    expect(card.state.lines).toHaveLength(2);
    const twice = scan(card.state, roster, 'b1', 'one');
    expect(twice.outcome).toEqual({ kind: 'duplicate', barcode: 'b1', userId: 1 });
    expect(twice.state).toBe(card.state);
    expect(scan({ selected: null, lines: [] }, roster, 'B9', 'next').outcome).toEqual({ kind: 'noReader' });
  });

  it('removes a line, and lays the gateway rows back onto the lines sent; a refused line is sent again', () => {
    let s = start;
    for (const code of ['B1', 'B2', 'B3']) ({ state: s } = scan(s, roster, code, 'next'));
    s = remove(s, s.lines[1]!.key);
    const sent = toSend(s.lines);
    expect(sent.map((l) => l.barcode)).toEqual(['B1', 'B3']);
    const row = (Row: number, Ok: boolean): BatchRow => ({ Row, Barcode: '', Loan: null, Reader: null, Ok, Reasons: [], Message: Ok ? '' : 'no', PreviousDueAt: '' });
    const lines = applyResult(s.lines, sent, [row(1, true), row(2, false)]);
    expect(lines.map((l) => [l.barcode, l.status])).toEqual([['B1', 'lent'], ['B3', 'refused']]);
    expect(toSend(lines).map((l) => l.barcode)).toEqual(['B3']);
    // A refused book may be scanned again (it is not in the list as lent or pending).
    const again = scan({ selected: 1, lines }, roster, 'B3', 'one');
    expect(again.outcome.kind).toBe('queued');
    expect(again.state.lines.map((l) => [l.barcode, l.status, l.userId])).toEqual([['B1', 'lent', 1], ['B3', 'pending', 1]]);
  });
});

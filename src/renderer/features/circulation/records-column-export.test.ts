import { beforeEach, describe, expect, it } from 'vitest';
import { defaultChoice, loadChoice, moved } from './records-column-export.tsx';

const on = (c: ReadonlyArray<{ key: string; on: boolean }>) => c.filter((x) => x.on).map((x) => x.key);

describe('the column choice of an export', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the screen\'s columns in its order, the list\'s other columns after them, unticked', () => {
    const c = defaultChoice('log', ['Kind', 'At', 'DueDay' as never]);
    expect(on(c)).toEqual(['Kind', 'At']);
    expect(c.map((x) => x.key)).toEqual(['Kind', 'At', 'Barcode', 'Title', 'ReaderID', 'ReaderName', 'ClassName', 'StaffName', 'StaffAccount', 'Note']);
  });

  it('remembers the ticked columns in order per list; unknown or foreign names and broken storage fall back', () => {
    localStorage.setItem('lib.columnExport.loans', JSON.stringify(['State', 'Kind', 'Barcode', 42]));
    expect(on(loadChoice('loans', ['Barcode']))).toEqual(['State', 'Barcode']);
    expect(on(loadChoice('open', ['Title']))).toEqual(['Title']);
    localStorage.setItem('lib.columnExport.open', '{not json');
    expect(on(loadChoice('open', ['Title']))).toEqual(['Title']);
    localStorage.setItem('lib.columnExport.open', JSON.stringify(['Nope']));
    expect(on(loadChoice('open', ['Title']))).toEqual(['Title']);
  });

  it('moves a column up or down, never past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

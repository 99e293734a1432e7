import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { authorNumber, callNumberSortKey, compareCallNumbers, composeCallNumber, nextSequenceNumber, parseCallNumber } from './call-number.ts';

describe('call numbers', () => {
  it('compose and parse', () => {
    expect(composeCallNumber({ classNo: 'I247.5', bookNo: '123', addNo: '2' })).toBe('I247.5/123:2');
    expect(composeCallNumber({ classNo: 'I247.5', bookNo: '', addNo: '' })).toBe('I247.5');
    expect(parseCallNumber('I247.5/123:2')).toEqual({ classNo: 'I247.5', bookNo: '123', addNo: '2' });
    expect(parseCallNumber('K825.6=74/W12')).toEqual({ classNo: 'K825.6=74', bookNo: 'W12', addNo: '' });
    expect(parseCallNumber('TP312')).toEqual({ classNo: 'TP312', bookNo: '', addNo: '' });
  });

  it('种次号 is one more than the highest in the class', () => {
    expect(nextSequenceNumber([])).toBe('1');
    expect(nextSequenceNumber(['1', '12', '3', 'x', '12:2'])).toBe('13');
  });

  it('种次号 passes over a hand-typed book number too long to be a place in the class', () => {
    expect(nextSequenceNumber(['7', '20240000001'])).toBe('8');
  });

  it('author numbers follow the Cutter rules, Chinese names through pinyin', () => {
    expect(authorNumber('Smith')).toBe('S65');
    expect(authorNumber('Adams')).toBe('A33');
    expect(authorNumber('Quinn')).toBe('Q56');
    expect(authorNumber('Schultz')).toBe('S38');
    expect(authorNumber('lu xun')).toBe('L89');
    expect(authorNumber('Ōe Kenzaburō')).toBe('O45');
    expect(authorNumber('鲁迅')).toBe('');
  });

  it('sorts the way shelves are ordered', () => {
    const shelf = ['I24/5', 'I247/1', 'I247.5/2', 'I247.5/10', 'I247.5/10:2', 'I247.5-53/1', 'I247.5=6/1', 'I247.51/1', 'I25/1', 'TB/1', 'TP3/1', 'TP312/9', 'TP312.8/1'];
    const shuffled = [...shelf].reverse();
    expect(shuffled.sort(compareCallNumbers)).toEqual(shelf);
  });

  it('the sort key is a total order consistent with compare (property)', () => {
    const callNo = fc.tuple(fc.stringMatching(/^[A-Z]{1,2}\d{0,3}(\.\d{1,2})?$/), fc.stringMatching(/^\d{0,3}$/), fc.stringMatching(/^\d?$/))
      .map(([c, b, a]) => composeCallNumber({ classNo: c, bookNo: b, addNo: a }));
    fc.assert(fc.property(callNo, callNo, callNo, (a, b, c) => {
      expect(Math.sign(compareCallNumbers(a, b))).toBe(-Math.sign(compareCallNumbers(b, a)));
      if (compareCallNumbers(a, b) <= 0 && compareCallNumbers(b, c) <= 0) expect(compareCallNumbers(a, c)).toBeLessThanOrEqual(0);
      expect(compareCallNumbers(a, b) === 0).toBe(callNumberSortKey(a) === callNumberSortKey(b));
    }));
  });
});

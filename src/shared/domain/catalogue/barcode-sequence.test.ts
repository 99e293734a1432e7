import { describe, expect, it } from 'vitest';
import { barcodeRange, formatBarcode } from './barcode-sequence.ts';

describe('barcode ranges', () => {
  it('pads each number to the width after the prefix', () => {
    expect(formatBarcode('T', 8, 42)).toBe('T00000042');
    expect(barcodeRange({ prefix: 'LIB-', width: 4, first: 998, count: 3 }, 5000)).toEqual({ ok: true, barcodes: ['LIB-0998', 'LIB-0999', 'LIB-1000'] });
  });
  it('says why a range cannot be printed', () => {
    expect(barcodeRange({ prefix: 'A B', width: 4, first: 1, count: 1 }, 5000)).toEqual({ ok: false, problem: 'prefix' });
    expect(barcodeRange({ prefix: '', width: 0, first: 1, count: 1 }, 5000)).toEqual({ ok: false, problem: 'width' });
    expect(barcodeRange({ prefix: '', width: 4, first: -1, count: 1 }, 5000)).toEqual({ ok: false, problem: 'first' });
    expect(barcodeRange({ prefix: '', width: 4, first: 1, count: 5001 }, 5000)).toEqual({ ok: false, problem: 'count' });
    expect(barcodeRange({ prefix: '', width: 4, first: 1, count: Number.NaN }, 5000)).toEqual({ ok: false, problem: 'count' });
    // 9999 fits four digits, 10000 does not.
    expect(barcodeRange({ prefix: '', width: 4, first: 9990, count: 10 }, 5000).ok).toBe(true);
    expect(barcodeRange({ prefix: '', width: 4, first: 9990, count: 11 }, 5000)).toEqual({ ok: false, problem: 'tooWide' });
  });
});

import JsBarcode from 'jsbarcode';

import type { BarcodeFormat } from '../../shared/domain/printing/label-template.ts';

export interface BarcodeBars {
  /** Width in modules (narrow bars), quiet zones excluded. */
  modules: number;
  /** Dark runs as [first module, width in modules]: each one rectangle of the barcode's one path. */
  runs: Array<[number, number]>;
}

/**
 * The bars of a barcode: JsBarcode does the encoding (into a plain object, no DOM), runs of dark
 * modules are merged so each bar is one rectangle and the whole barcode one filled path. One path
 * per barcode keeps a 5000-label PDF small and fast, where one object per bar would not.
 */
export function barcodeBars(value: string, format: BarcodeFormat): BarcodeBars {
  const out: { encodings?: Array<{ data: string }> } = {};
  JsBarcode(out, value, { format, ...(format === 'EAN13' ? { flat: true } : {}) });
  const bits = (out.encodings ?? []).map((e) => e.data).join('');
  if (!bits) throw new Error(`cannot encode ${value} as ${format}`);
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < bits.length; ) {
    if (bits[i] !== '1') {
      i += 1;
      continue;
    }
    let j = i;
    while (j < bits.length && bits[j] === '1') j += 1;
    runs.push([i, j - i]);
    i = j;
  }
  return { modules: bits.length, runs };
}

/** A sequence's barcode: its prefix, then the number zero-padded to the sequence's width. */
export const formatBarcode = (prefix: string, width: number, n: number) => `${prefix}${String(n).padStart(width, '0')}`;

/**
 * A barcode both sequences can issue, or null when they cannot meet: T with 8 digits and T0
 * with 7 both give T00000001. They meet when the barcodes are as long and one prefix is the
 * other's followed by digits only (those digits are then part of the shorter one's number).
 */
export function sharedBarcode(a: { prefix: string; width: number }, b: { prefix: string; width: number }): string | null {
  if (a.prefix.length + a.width !== b.prefix.length + b.width) return null;
  const [short, long] = a.prefix.length <= b.prefix.length ? [a, b] : [b, a];
  if (!long.prefix.startsWith(short.prefix) || !/^[0-9]*$/.test(long.prefix.slice(short.prefix.length))) return null;
  return formatBarcode(long.prefix, long.width, 1);
}

export type RangeProblem = 'prefix' | 'width' | 'first' | 'count' | 'tooWide';

/**
 * The barcodes of a typed range (pre-printing while the network is down): `count` numbers from
 * `first`, each padded to `width` digits after `prefix`, or why the range cannot be printed.
 * The prefix takes what a sequence's prefix takes (letters, digits, hyphen).
 */
export function barcodeRange(r: { prefix: string; width: number; first: number; count: number }, max: number): { ok: true; barcodes: string[] } | { ok: false; problem: RangeProblem } {
  if (!/^[A-Za-z0-9-]{0,16}$/.test(r.prefix)) return { ok: false, problem: 'prefix' };
  if (!Number.isInteger(r.width) || r.width < 1 || r.width > 18) return { ok: false, problem: 'width' };
  if (!Number.isSafeInteger(r.first) || r.first < 0) return { ok: false, problem: 'first' };
  if (!Number.isInteger(r.count) || r.count < 1 || r.count > max) return { ok: false, problem: 'count' };
  if (String(r.first + r.count - 1).length > r.width) return { ok: false, problem: 'tooWide' };
  return { ok: true, barcodes: Array.from({ length: r.count }, (_, i) => formatBarcode(r.prefix, r.width, r.first + i)) };
}

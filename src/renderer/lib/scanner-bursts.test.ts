import { describe, expect, it } from 'vitest';
import { scannedCode } from './scanner-bursts.ts';

const burst = (code: string, gap: number, start = 1000) => [...code].map((key, i) => ({ key, at: start + i * gap }));

describe('telling a scanner from a person', () => {
  it('a burst of quick keystrokes is a scan; typing is not', () => {
    expect(scannedCode(burst('T0001234', 8))).toBe('T0001234');
    expect(scannedCode(burst('T0001234', 120))).toBeNull();
    // One slow gap in the middle: someone typed part of it.
    const mixed = burst('T0001234', 8);
    mixed[4]!.at += 200;
    for (let i = 5; i < mixed.length; i++) mixed[i]!.at += 200;
    expect(scannedCode(mixed)).toBeNull();
  });
  it('too short to be a barcode, or with control keys in it: not a scan', () => {
    expect(scannedCode(burst('T01', 5))).toBeNull();
    expect(scannedCode([...burst('T0001', 5), { key: 'Shift', at: 1030 }])).toBeNull();
  });
});

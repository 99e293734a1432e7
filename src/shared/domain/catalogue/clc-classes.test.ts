import { describe, expect, it } from 'vitest';
import { CLC_CLASSES, CLC_MAIN_CLASSES, clcFivePart, clcMainClass, clcPath, clcTree, isPlausibleClc } from './clc-classes.ts';

describe('CLC', () => {
  it('has the 22 main classes, each with a second level and both languages', () => {
    expect(CLC_MAIN_CLASSES.map((c) => c.code).join('')).toBe('ABCDEFGHIJKNOPQRSTUVXZ');
    for (const t of clcTree()) expect(t.children.length, t.code).toBeGreaterThan(3);
    expect(new Set(CLC_CLASSES.map((c) => c.code)).size).toBe(CLC_CLASSES.length);
    for (const c of CLC_CLASSES) expect(c.zh && c.en, c.code).toBeTruthy();
  });

  it('finds main class, five part and path', () => {
    expect(clcMainClass('I247.5')?.en).toBe('Literature');
    expect(clcFivePart('I247.5')).toBe('social');
    expect(clcFivePart('TP312')).toBe('natural');
    expect(clcFivePart('Z228')).toBe('general');
    expect(clcFivePart('123')).toBeNull();
    expect(clcPath('TP312.8').map((c) => c.code)).toEqual(['T', 'TP']);
    expect(clcPath('G623.2').map((c) => c.code)).toEqual(['G', 'G6', 'G62'].filter((c) => CLC_CLASSES.some((x) => x.code === c)));
  });

  it('tells plausible class numbers from typing slips', () => {
    for (const ok of ['I247.5', 'TP312', 'K825.6=74', 'H319.4', 'I287.45', 'G624.231', 'O1-49']) expect(isPlausibleClc(ok), ok).toBe(true);
    for (const bad of ['L123', 'W5', '123', 'TA12', '', 'I24 7']) expect(isPlausibleClc(bad), bad).toBe(false);
  });
});

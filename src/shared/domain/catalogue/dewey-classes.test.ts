import { describe, expect, it } from 'vitest';
import { deweyClass, isValidDewey } from './dewey-classes.ts';

describe('Dewey', () => {
  it('finds the main class of a number and refuses what is not one', () => {
    expect(deweyClass('813.54')?.en).toBe('Literature');
    expect(deweyClass('005.133')?.zh).toBe('计算机科学、信息与总类');
    for (const bad of ['81', '813.', 'I247', '8135']) expect(isValidDewey(bad), bad).toBe(false);
  });
});

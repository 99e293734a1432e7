import { describe, expect, it } from 'vitest';
import { moved } from './booklist-editor.tsx';

describe('moving a title on a reading list', () => {
  it('swaps it with its neighbour and leaves the ends where they are', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

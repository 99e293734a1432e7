import { describe, expect, it } from 'vitest';
import { isComplete, isFinished, percentOf } from './job-progress.ts';

describe('job progress', () => {
  it('is 100 % exactly when Progress reaches DataCount', () => {
    expect(percentOf({ Progress: 0, DataCount: 3, State: 1 })).toBe(0);
    expect(percentOf({ Progress: 2, DataCount: 3, State: 1 })).toBe(66);
    expect(percentOf({ Progress: 299, DataCount: 300, State: 1 })).toBe(99);
    expect(percentOf({ Progress: 3, DataCount: 3, State: 1 })).toBe(100);
    expect(isComplete({ Progress: 3, DataCount: 3, State: 1 })).toBe(true);
  });

  it('keeps polling until the file exists, stops on failure or stop', () => {
    expect(isFinished({ Progress: 3, DataCount: 3, State: 1, ResultFile: '' })).toBe(false);
    expect(isFinished({ Progress: 3, DataCount: 3, State: 2, ResultFile: '/f' })).toBe(true);
    expect(isFinished({ Progress: 1, DataCount: 3, State: 3, ResultFile: '' })).toBe(true);
    expect(isFinished({ Progress: 1, DataCount: 3, State: 4, ResultFile: '' })).toBe(true);
  });
});

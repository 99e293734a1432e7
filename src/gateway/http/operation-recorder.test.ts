import { describe, expect, it } from 'vitest';
import { describeTarget } from './operation-recorder.ts';

describe('describeTarget', () => {
  it('names what a call acted on from its scalar fields and short lists, without paging or secrets', () => {
    expect(describeTarget({ Page: 1, Rows: 20, Barcode: 'T0001', UserID: 5, Renew: true })).toBe('Barcode=T0001 · UserID=5 · Renew=true');
    expect(describeTarget({ Password: 'x1', NewPwd: 'y', Pin: '1234', Token: 'abc', Name: '张三' })).toBe('Password=*** · NewPwd=*** · Pin=*** · Token=*** · Name=张三');
    expect(describeTarget({ IDs: [1, 2, 3, 4, 5, 6, 7] })).toBe('IDs=1, 2, 3, 4, 5 … (7)');
    expect(describeTarget({ Nested: { a: 1 }, Empty: '', Missing: null })).toBe('');
  });

  it('cuts long values and drops control characters', () => {
    const out = describeTarget({ Note: `a\u0000b\u202e${'x'.repeat(100)}` });
    expect(out).not.toMatch(/[\u0000\u202e]/);
    expect(out.length).toBeLessThanOrEqual('Note='.length + 60);
    expect(out.endsWith('…')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { spansTwo } from './filter-bar.tsx';

describe('filter cells', () => {
  it('a text filter whose label would be cut in one 200 px cell takes two', () => {
    expect(spansTwo({ widget: 'text' }, 'Title, author, initials or ISBN')).toBe(true);
    expect(spansTwo({ widget: 'text' }, 'Barcode, tag, call number, ISBN or words')).toBe(true);
    expect(spansTwo({ widget: 'text' }, '书名、作者、拼音首字母或 ISBN')).toBe(true);
    expect(spansTwo({ widget: 'text' }, 'Class number')).toBe(false);
    expect(spansTwo({ widget: 'text' }, '读者证号或姓名')).toBe(false);
    // Selects show their value, not their label, once chosen: one cell.
    expect(spansTwo({ widget: 'select' }, 'Title, author, initials or ISBN')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { indexTerms, prefixUpperBound, queryTerms } from './search-terms.ts';

describe('search terms', () => {
  it('cuts CJK runs into bigrams plus the last character, Latin and digits into folded words', () => {
    expect(indexTerms(['《西游记》'])).toEqual(['西游', '游记', '记']);
    expect(indexTerms(['Ｈarry Potter 2', '吴承恩 著'])).toEqual(['harry', 'potter', '2', '吴承', '承恩', '恩', '著']);
    expect(indexTerms(['我的science日记'])).toEqual(['我的', '的', 'science', '日记', '记']);
  });

  it('asks for every bigram of a CJK query, a lone character or a word as a prefix', () => {
    expect(queryTerms('西游记')).toEqual([{ term: '西游', prefix: false }, { term: '游记', prefix: false }]);
    expect(queryTerms('猫')).toEqual([{ term: '猫', prefix: true }]);
    expect(queryTerms('ＨＡＲＲＹ pot')).toEqual([{ term: 'harry', prefix: true }, { term: 'pot', prefix: true }]);
    expect(queryTerms('《》 —— ！')).toEqual([]);
  });

  it('every indexed title is found by any part of its text the query cuts the same way', () => {
    const title = '小王子与宇宙的秘密 The Little Prince';
    const held = indexTerms([title]);
    const found = (q: string) => queryTerms(q).every(({ term, prefix }) => held.some((h) => (prefix ? h.startsWith(term) : h === term)));
    for (const q of ['王子', '宇宙的秘密', '密', '小', 'little', 'prin', '秘密 prince']) expect(found(q), q).toBe(true);
    for (const q of ['王宇', 'princess', '秘书']) expect(found(q), q).toBe(false);
  });

  it('bounds a prefix range in code-point order', () => {
    expect(prefixUpperBound('ab')).toBe('ac');
    expect(prefixUpperBound('猫')).toBe('猬');
    expect('猫咪' >= '猫' && '猫咪' < prefixUpperBound('猫')).toBe(true);
    expect(prefixUpperBound('\ud7ff')).toBe('\ue000');
  });
});

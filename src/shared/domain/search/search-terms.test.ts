import { describe, expect, it } from 'vitest';
import { fold, indexTerms, prefixUpperBound, publisherQueryTerms, queryTerms, tagged, titleIndexTerms } from './search-terms.ts';

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

describe('search terms: traditional characters and fields', () => {
  it('folds traditional characters to simplified, the same for the index and the query', () => {
    expect(fold('西遊記 臺灣 裡 ＡＢＣ')).toBe('西游记 台湾 里 abc');
    // Characters that are ordinary simplified text stay as they are.
    expect(fold('著作 才 吃')).toBe('著作 才 吃');
    expect(indexTerms(['西遊記'])).toEqual(indexTerms(['西游记']));
    expect(queryTerms('紅樓夢')).toEqual(queryTerms('红楼梦'));
  });

  it('tags the terms of each field, keeps the publisher\'s pieces whole and the title\'s markers', () => {
    const terms = titleIndexTerms({ title: '长安的荔枝', en_title: 'Lychee', author: '马伯庸 著', series: '', subjects: '唐代', publisher: '湖南文艺出版社' });
    expect(terms).toEqual(expect.arrayContaining(['长安', '荔枝', 'lychee', '=长安的荔枝', '^长安', '@马伯', '@伯庸', '@著', '%唐代', '&湖南文艺出版社']));
    expect(terms).not.toContain('马伯');
    expect(publisherQueryTerms('湖南 文艺')).toEqual([{ term: '&湖南', prefix: true }, { term: '&文艺', prefix: true }]);
    expect(tagged('author', 'x'.repeat(60))).toHaveLength(40);
  });
});

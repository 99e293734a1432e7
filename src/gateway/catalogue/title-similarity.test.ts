import { describe, expect, it } from 'vitest';
import { candidateKey, LIKELY_DUPLICATE, textSimilarity, titleSimilarity } from './title-similarity.ts';

describe('title similarity', () => {
  it('treats scripts, punctuation and case as the same title', () => {
    expect(textSimilarity('红楼梦', '紅樓夢')).toBe(1);
    expect(textSimilarity('红楼梦', 'Hong Lou Meng')).toBe(1);
    expect(textSimilarity('《西游记》（上）', '西游记 上')).toBe(1);
    expect(textSimilarity('Harry Potter', 'harry  potter!')).toBe(1);
  });

  it('scores near titles high and different ones low', () => {
    expect(textSimilarity('三国演义', '三国演义（青少版）')).toBeGreaterThan(0.6);
    expect(textSimilarity('三国演义', '水浒传')).toBeLessThan(0.3);
    expect(titleSimilarity({ title: '呐喊', author: '鲁迅 著' }, { title: '呐喊', author: '鲁迅' })).toBeGreaterThanOrEqual(LIKELY_DUPLICATE);
    expect(titleSimilarity({ title: '呐喊', author: '鲁迅' }, { title: '呐喊', author: '张三' })).toBeLessThan(LIKELY_DUPLICATE);
  });

  it('gives a prefilter key', () => {
    expect(candidateKey('红楼梦')).toBe('hong');
  });
});

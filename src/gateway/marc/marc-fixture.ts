import type { CatalogueDraft, CopyDraft, MarcFlavour } from '../../shared/domain/marc-rules.ts';

/**
 * Deterministic synthetic titles for tests and benchmarks: even numbers are Chinese books
 * (CNMARC), odd numbers English ones (MARC 21), each with two copies. Realistic shapes (CLC
 * numbers, 种次号 call numbers, ISBNs with valid check digits, prices), no real bibliographic data.
 */

const ZH_TITLES = ['数学的故事', '中国古代神话', '昆虫记', '小王子', '西游记', '海底两万里', '植物的秘密', '宇宙简史'];
const ZH_AUTHORS = ['王小明', '李华', '张伟', '刘洋', '陈静', '杨帆'];
const ZH_PUBLISHERS = ['人民教育出版社', '少年儿童出版社', '中华书局', '科学出版社'];
const ZH_PLACES = ['北京', '上海', '南京', '长沙'];
const ZH_SUBJECTS = ['数学--普及读物', '神话--中国', '昆虫--青少年读物', '天文学'];
const CLC = ['O1-49', 'I207.73', 'Q96-49', 'I565.88', 'I242.4', 'P1-49'];
const EN_TITLES = ['The story of numbers', 'Charlotte\'s web', 'A brief history of time', 'The secret garden', 'Wonder', 'Holes'];
const EN_AUTHORS = ['Smith, John', 'White, E. B.', 'Hawking, Stephen', 'Burnett, Frances Hodgson', 'Palacio, R. J.', 'Sachar, Louis'];
const EN_PUBLISHERS = ['Penguin', 'HarperCollins', 'Bantam', 'Scholastic'];
const EN_PLACES = ['New York', 'London', 'Boston'];
const EN_SUBJECTS = ['Mathematics--Juvenile literature', 'Friendship--Fiction', 'Cosmology', 'Gardens--Fiction'];

function isbn13(seed: number): string {
  const body = `978${String(7000000000 + (seed % 1000000000)).slice(-9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

export function syntheticTitle(i: number): { flavour: MarcFlavour; item: CatalogueDraft; copies: CopyDraft[] } {
  const zh = i % 2 === 0;
  const price = Math.round((12 + (i % 70) + (i % 10) / 10) * 100) / 100;
  const classNumber = pick(CLC, i);
  const bookNumber = String(1 + (i % 500));
  const item: CatalogueDraft = zh
    ? {
        title: `${pick(ZH_TITLES, i)}（第${1 + (i % 12)}册）`,
        parallelTitle: `Volume ${1 + (i % 12)}`,
        statement: `${pick(ZH_AUTHORS, i)}著`,
        authors: [pick(ZH_AUTHORS, i), pick(ZH_AUTHORS, i + 1)],
        publisher: pick(ZH_PUBLISHERS, i),
        place: pick(ZH_PLACES, i),
        year: String(1990 + (i % 35)),
        isbn: isbn13(i),
        price,
        currency: 'CNY',
        classNumber,
        bookNumber,
        language: 'chi',
        summary: '本书用生动的故事介绍知识，适合中小学生阅读。'.repeat(1 + (i % 3)),
        subjects: [pick(ZH_SUBJECTS, i)],
        series: '少年科普丛书',
        edition: '第2版',
        extent: `${100 + (i % 300)}页`,
      }
    : {
        title: `${pick(EN_TITLES, i)} ${i}`,
        statement: `by ${pick(EN_AUTHORS, i)}`,
        authors: [pick(EN_AUTHORS, i)],
        publisher: pick(EN_PUBLISHERS, i),
        place: pick(EN_PLACES, i),
        year: String(1980 + (i % 45)),
        isbn: isbn13(i),
        price,
        currency: 'USD',
        classNumber,
        deweyNumber: '510',
        bookNumber,
        language: 'eng',
        summary: 'A story told for young readers, with pictures and notes. '.repeat(1 + (i % 3)).trim(),
        subjects: [pick(EN_SUBJECTS, i), pick(EN_SUBJECTS, i + 1)],
        series: 'Young readers',
        edition: '2nd ed',
        extent: `${100 + (i % 300)} p`,
      };
  const copies: CopyDraft[] = [0, 1].map((k) => ({
    barcode: `T${String(i * 2 + k).padStart(8, '0')}`,
    callNumber: `${classNumber}/${bookNumber}${k === 1 ? ':2' : ''}`,
    price,
    location: k === 0 ? 'A01' : 'B02',
  }));
  return { flavour: zh ? 'unimarc' : 'marc21', item, copies };
}

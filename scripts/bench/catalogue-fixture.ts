import type { Kysely } from 'kysely';
import type { Database } from '../../src/gateway/db/schema.ts';
import { indexNewTitles } from '../../src/gateway/search/title-index.ts';
import { spellTitle } from '../../src/gateway/catalogue/catalogue-store.ts';
import { CLC_CLASSES } from '../../src/shared/domain/catalogue/clc-classes.ts';

/**
 * The benchmark fixture (never in the default seed): `titles` titles and two copies each for
 * school 1, realistic Chinese and English titles, authors, publishers, CLC classes and valid
 * ISBNs, plus one reader holding 400 open loans (the circulation desk's worst case). Bulk inserts
 * in transactions of 2,000 rows. Deterministic (a seeded PRNG).
 */
const ZH_WORDS = ['红楼', '西游', '科学', '数学', '故事', '宇宙', '海洋', '动物', '植物', '历史', '中国', '世界', '探险', '童话', '诗词', '地理', '恐龙', '机器人', '航天', '森林', '小王子', '星星', '春天', '秋天', '朋友', '学校', '家乡', '长江', '黄河', '长城', '丝绸之路', '百科', '漫画', '魔法', '侦探', '英雄', '奇迹', '梦想', '音乐', '绘画'];
const ZH_PATTERNS = [(a: string, b: string) => `${a}的${b}`, (a: string, b: string) => `${a}${b}全书`, (a: string, _b: string) => `我的${a}日记`, (a: string, b: string) => `${a}与${b}`, (a: string, _b: string) => `${a}探秘`];
const EN_WORDS = ['ocean', 'space', 'dragon', 'garden', 'river', 'castle', 'secret', 'robot', 'forest', 'star', 'island', 'mountain', 'journey', 'winter', 'summer', 'friend', 'magic', 'detective', 'history', 'science'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴', '徐', '孙', '朱', '马', '胡', '郭', '林', '何', '高', '罗'];
const GIVEN = ['小明', '晓东', '文华', '海燕', '建国', '丽华', '志强', '秀英', '明', '静', '伟', '芳', '磊', '洋', '勇', '艳'];
const EN_AUTHORS = ['Smith, John', 'Brown, Emma', 'Taylor, Liam', 'Wilson, Olivia', 'Clark, Noah', 'White, E. B.', 'Dahl, Roald', 'Carle, Eric'];
const PUBLISHERS = ['人民文学出版社', '少年儿童出版社', '中华书局', '商务印书馆', '浙江少年儿童出版社', '科学出版社', '接力出版社', 'Penguin Books'];

function prng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

export async function generateCatalogueFixture(db: Kysely<Database>, opts: { titles: number; schoolId?: number; seed?: number }): Promise<{ titles: number; copies: number; loans: number; ms: number; sample: { zh: string; en: string; initials: string; isbn: string; callNo: string } }> {
  const t0 = performance.now();
  const school = opts.schoolId ?? 1;
  const rnd = prng(opts.seed ?? 42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const areas = await db.selectFrom('collection_areas').select(['id', 'branch_id', 'storage_area']).where('school_id', '=', school).where('storage_area', '=', 2).execute();
  const classes = CLC_CLASSES.filter((c) => c.code.length >= 2).map((c) => c.code);
  const now = new Date().toISOString();
  let sample = { zh: '', en: '', initials: '', isbn: '', callNo: '' };
  let copies = 0;
  const BATCH = 1000; // SQLite takes at most 32,766 bound values per statement
  for (let from = 0; from < opts.titles; from += BATCH) {
    const n = Math.min(BATCH, opts.titles - from);
    await db.transaction().execute(async (trx) => {
      const titles = Array.from({ length: n }, (_, k) => {
        const i = from + k;
        const english = rnd() < 0.15;
        const title = english ? `The ${pick(EN_WORDS)} of the ${pick(EN_WORDS)} ${i}` : `${pick(ZH_PATTERNS)(pick(ZH_WORDS), pick(ZH_WORDS))}（${i}）`;
        const first12 = `979${String(200000000 + i).padStart(9, '0')}`;
        let sum = 0;
        for (let d = 0; d < 12; d++) sum += (d % 2 === 0 ? 1 : 3) * Number(first12[d]);
        const isbn13 = first12 + String((10 - (sum % 10)) % 10);
        const spelled = spellTitle(title);
        if (i === Math.floor(opts.titles / 2)) sample = { zh: title.slice(0, 2), en: english ? title.split(' ')[1]! : 'ocean', initials: spelled.initials.slice(0, 3), isbn: isbn13, callNo: '' };
        return {
          school_id: school, title, en_title: '', author: english ? pick(EN_AUTHORS) : `${pick(SURNAMES)}${pick(GIVEN)} 著`, publisher: pick(PUBLISHERS),
          isbn: isbn13, isbn13, price: Math.round(rnd() * 6000 + 1000) / 100, class_no: english ? 'H319.4' : pick(classes), book_no: String(i + 1),
          language: english ? 'en' : 'zh', pub_year: 1990 + Math.floor(rnd() * 35), ...spelled, created_at: now, updated_at: now, source: 'bench',
        };
      });
      const mid = Math.floor(opts.titles / 2) - from;
      if (mid >= 0 && mid < n) sample.callNo = `${titles[mid]!.class_no}/${titles[mid]!.book_no}`;
      const ids = await trx.insertInto('titles').values(titles).returning('id').execute();
      await indexNewTitles(trx, null, school, ids.map((r, k) => ({ id: r.id, title: titles[k]!.title, en_title: '', author: titles[k]!.author, series: '', subjects: '', publisher: titles[k]!.publisher })));
      const rows = ids.flatMap((r, k) => [0, 1].map((c) => {
        const area = pick(areas);
        return {
          school_id: school, title_id: r.id, barcode: `BX${String((from + k) * 2 + c).padStart(8, '0')}`, rfid: null, branch_id: area.branch_id, area_id: area.id,
          call_no: `${titles[k]!.class_no}/${titles[k]!.book_no}`, storage_area: area.storage_area, circ_state: 'available', price: titles[k]!.price, discount_price: titles[k]!.price,
          created_at: now, updated_at: now,
        };
      }));
      await trx.insertInto('copies').values(rows).execute();
      copies += rows.length;
    });
  }
  // One reader with 400 open loans.
  const reader = await db.selectFrom('users').select('id').where('school_id', '=', school).where('identity', '=', 'student').orderBy('id').executeTakeFirstOrThrow();
  const lend = await db.selectFrom('copies').select('id').where('school_id', '=', school).where('barcode', 'like', 'BX%').orderBy('id').limit(400).execute();
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('loans').values(lend.map((c) => ({ school_id: school, copy_id: c.id, user_id: reader.id, loaned_at: now, due_at: due, returned_at: null }))).execute();
    await trx.updateTable('copies').set({ circ_state: 'borrowed' }).where('id', 'in', lend.map((c) => c.id)).execute();
  });
  return { titles: opts.titles, copies, loans: lend.length, ms: performance.now() - t0, sample };
}

import type { Row, Tables } from './demo-data.ts';

/**
 * Library-info slice of the demo seed (migration 0036): each school's profile (introduction,
 * hours, contact, rules), a gallery of generated drawings, network resources in several
 * categories, and in school 1 a published new-book announcement of its newest titles plus a
 * draft. Deterministic: no randomness, dates from `now`.
 */
const HOURS = JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((Day) => ({
  Day, Closed: Day === 0, Open: Day === 6 ? '09:00' : '07:40', Close: Day === 6 ? '12:00' : Day === 5 ? '16:00' : '17:30',
})));

/** The drawings library-info/demo-pictures.ts draws for ids demo:<name> (the seed may not import a domain folder). */
const DEMO_PICTURES = ['reading-room', 'picture-books', 'study-corner', 'front-desk'] as const;

const RESOURCES = [
  { name: '国家数字图书馆', en: 'National Digital Library of China', url: 'https://www.nlc.cn/', cat: 'ebook', desc: '国家图书馆的电子图书、期刊和古籍，凭读者证免费阅读。' },
  { name: '中国知网', en: 'CNKI', url: 'https://www.cnki.net/', cat: 'database', desc: '期刊、学位论文和报纸全文数据库；校内网络可免费下载。' },
  { name: '国家中小学智慧教育平台', en: 'National Smart Education Platform', url: 'https://basic.smartedu.cn/', cat: 'open-course', desc: '各学科的同步课程、专题教育和课后服务资源。' },
  { name: '学习强国 · 听书', en: 'Xuexi audiobooks', url: 'https://www.xuexi.cn/', cat: 'audio-video', desc: '名著朗读与有声读物。' },
  { name: 'Project Gutenberg', en: 'Project Gutenberg', url: 'https://www.gutenberg.org/', cat: 'ebook', desc: 'Over 70,000 free English classics as e-books.' },
  { name: '中华经典古籍库', en: 'Chinese Classics Library', url: 'https://www.ancientbooks.cn/', cat: 'reading', desc: '经典古籍整理本在线阅读。' },
] as const;

export function addLibraryInfoData(tables: Tables, now: Date): void {
  const rows = (t: string): Row[] => {
    let list = tables.get(t);
    if (!list) tables.set(t, (list = []));
    return list;
  };
  const at = now.toISOString();
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  let pictureId = 1;
  let resourceId = 1;
  let announcementId = 1;
  for (const school of rows('schools')) {
    const sid = Number(school.id);
    const zh = String(school.name);
    const en = String(school.en_name);
    rows('library_profiles').push({
      school_id: sid,
      intro: `${zh}图书馆面向全校师生开放，设有借阅区、绘本区和自习区，藏书以中外文学、科普和学科拓展读物为主。欢迎同学们课间和午休时来借书、读书。`,
      en_intro: `The library of ${en} is open to every student and teacher. It has a lending area, a picture-book corner and a study area; its books are mainly Chinese and world literature, popular science and reading beyond the subjects. Come and borrow or read at break and at lunchtime.`,
      rules: '1. 凭读者证借书，每人同时最多借 5 册，借期 30 天，可续借一次。\n2. 馆内保持安静，请勿饮食。\n3. 爱护图书，遗失或损坏按规定赔偿。\n4. 阅毕的图书请放在还书车上，由管理员上架。',
      en_rules: '1. Borrow with your reader card: up to 5 books at a time for 30 days, renewable once.\n2. Keep quiet in the library; no food or drink.\n3. Take care of the books; lost or damaged books are paid for as the rules say.\n4. Put books you have read on the returns trolley; staff shelve them.',
      phone: sid === 1 ? '010-6201 8866' : '021-6321 0527', email: `library@${String(school.code).toLowerCase()}.example`,
      hours: HOURS, hours_note: '寒暑假及法定节假日闭馆，开放安排另行通知。', en_hours_note: 'Closed in the winter and summer holidays and on public holidays; see the notices.', updated_at: at,
    });
    DEMO_PICTURES.forEach((name, i) => {
      const caption = [['阅览室', 'Reading room'], ['绘本区', 'Picture books'], ['自习区', 'Study corner'], ['服务台', 'Front desk']][i]!;
      rows('library_pictures').push({ id: pictureId++, school_id: sid, file_id: `demo:${name}`, caption: caption[0]!, en_caption: caption[1]!, sort: i + 1, created_at: at });
    });
    RESOURCES.forEach((r, i) => {
      rows('network_resources').push({ id: resourceId++, school_id: sid, name: r.name, en_name: r.en, url: r.url, description: r.desc, category: r.cat, sort: i + 1, updated_at: at });
    });
  }
  // School 1: its 24 newest titles announced last week, and a draft for this month.
  const titles = rows('titles').filter((t) => t.school_id === 1).map((t) => Number(t.id)).sort((a, b) => b - a);
  const announce = (title: string, intro: string, published: boolean, list: number[]) => {
    const id = announcementId++;
    rows('newbook_announcements').push({
      id, school_id: 1, title, intro, source: 'dates', batch_id: null, date_from: day(-37), date_to: day(-7),
      published_at: published ? new Date(now.getTime() - 6 * 86_400_000).toISOString() : null, created_by: null, updated_at: at,
    });
    list.forEach((title_id, sort) => rows('newbook_announcement_titles').push({ announcement_id: id, title_id, sort }));
  };
  announce('本月新书通告', '新到图书已上架，欢迎借阅！热门新书可在检索门户预约。', true, titles.slice(0, 24));
  announce('下月新书通告（草稿）', '', false, titles.slice(24, 36));
}

import { addDays, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { Prng } from './prng.ts';
import type { Row, Tables } from './demo-data.ts';

/**
 * Reading themes and activities of the demo seed, dated around "now" so the portal and the kiosk
 * show some running, some to come and some ended: per school a few themes, activities with a
 * "read from the list" and a "write a note" task (titles of the demo catalogue, chosen by topic),
 * and readers' notes. Its own PRNG, so the rest of the demo data stays as it was.
 */

const DAY = 86_400_000;
/** The demo schools' calendars are Beijing time (borrow-rules-data.ts). */
const OFFSET = 480;

interface ActivityPlan {
  title: string;
  summary: string;
  body: string;
  organizer: string;
  /** Days from today (local) of the first and last day. */
  from: number;
  to: number;
  /** Words a title of its book list should contain (the catalogue's topics), best first. */
  topics: string[];
  readTarget: number;
  notes: number;
}

interface ThemePlan { title: string; summary: string; daysAgo: number; activities: ActivityPlan[] }

const PLANS: Record<number, ThemePlan[]> = {
  1: [
    {
      title: '书香校园读书月', daysAgo: 40,
      summary: '四月是学校的读书月。全校师生共读经典、写读书笔记、评选“阅读之星”，让每个班级都飘着书香。',
      activities: [
        {
          title: '经典共读：一起读好书', organizer: '图书馆 · 语文组', from: -10, to: 20, topics: ['故事', '童话', '成长'], readTarget: 2, notes: 14,
          summary: '从推荐书单中任选两本借阅，读完后写一篇读书笔记。',
          body: '活动时间内，从下面的书单中借阅至少两本书并读完。\n读完后写一篇读书笔记：这本书讲了什么？你最喜欢哪个人物？为什么？\n优秀笔记将在图书馆门口的展板展出。',
        },
        {
          title: '读书笔记大赛', organizer: '语文教研组', from: -5, to: 9, topics: ['历史', '中国', '传说'], readTarget: 1, notes: 9,
          summary: '写下你最近读过的一本书的读书笔记，参加年级评比。',
          body: '每位同学提交一篇读书笔记（300 字以内），写清楚书名、主要内容和自己的感想。\n各年级评出一、二、三等奖，颁奖仪式在读书月闭幕式上举行。',
        },
        {
          title: '春季阅读打卡', organizer: '图书馆', from: -75, to: -45, topics: ['自然', '动物', '植物'], readTarget: 3, notes: 8,
          summary: '连续一个月，每周至少读一本书并打卡。',
          body: '活动已经结束，感谢所有参加的同学！\n完成打卡的同学可以到图书馆领取书签一枚。',
        },
      ],
    },
    {
      title: '科普阅读季', daysAgo: 120,
      summary: '走进科学的世界：恐龙、宇宙、海洋和机器人。读科普书，做小小科学家。',
      activities: [
        {
          title: '恐龙与化石主题阅读', organizer: '科学组', from: 7, to: 37, topics: ['恐龙', '化石', '地球'], readTarget: 2, notes: 0,
          summary: '读两本关于恐龙和化石的书，画一张你最喜欢的恐龙。',
          body: '活动开始后，借阅书单中的两本书。\n读完后写下你认识的三种恐龙和它们生活的年代。',
        },
        {
          title: '小小科学家读书会', organizer: '科学组 · 图书馆', from: -110, to: -80, topics: ['科学', '宇宙', '海洋'], readTarget: 2, notes: 6,
          summary: '每两周一次读书会，分享你读到的科学知识。',
          body: '读书会已经结束。同学们一共分享了几十个有趣的科学问题，精彩笔记见下方。',
        },
      ],
    },
    {
      title: '假期阅读计划', daysAgo: 200,
      summary: '假期也不停止阅读：亲子共读、好书推荐，和家人一起享受读书的乐趣。',
      activities: [
        {
          title: '寒假亲子共读', organizer: '德育处 · 图书馆', from: -160, to: -130, topics: ['家', '朋友', '成长'], readTarget: 2, notes: 5,
          summary: '和爸爸妈妈一起读一本书，写下共读感受。',
          body: '寒假期间，每个家庭共读至少两本书，并由孩子写一段共读感受。',
        },
        {
          title: '暑期阅读挑战', organizer: '图书馆', from: 30, to: 75, topics: ['冒险', '探险', '旅行'], readTarget: 3, notes: 0,
          summary: '暑假读完三本书，挑战成功可获得“阅读小达人”证书。',
          body: '暑假开始后可以借阅书单中的书。挑战规则：读完三本，每本写一句话感想。',
        },
      ],
    },
  ],
  2: [
    {
      title: '育才读书节', daysAgo: 30,
      summary: '育才中学第十届读书节。',
      activities: [{
        title: '名著导读', organizer: '语文组', from: -3, to: 25, topics: ['历史', '故事'], readTarget: 1, notes: 3,
        summary: '读一本名著并写读后感。', body: '读一本书单中的名著，写一篇读后感。',
      }],
    },
  ],
};

const NOTES = [
  '读完这本书，我最喜欢里面的主人公，他遇到困难从不放弃。',
  '这本书让我知道了很多以前不知道的知识，推荐给同学们。',
  '故事很精彩，我一口气就读完了，还想再读一遍。',
  '书里的插图很漂亮，我和妈妈一起读的。',
  '我学到了要爱护身边的小动物和大自然。',
  '有些地方有点难懂，问了老师以后明白了，很有收获。',
  '读完以后我写了一首小诗，送给书里的朋友。',
  '这本书告诉我，友谊比什么都珍贵。',
  '我把书里的故事讲给了弟弟听，他也很喜欢。',
  '原来科学这么有趣！我想当一名科学家。',
];

export function addActivitiesData(tables: Tables, nowDate: Date): void {
  const rows = (t: string): Row[] => {
    let list = tables.get(t);
    if (!list) tables.set(t, (list = []));
    return list;
  };
  const rng = new Prng(0xac7100);
  const now = nowDate.getTime();
  const today = toLocalDay(nowDate.toISOString(), OFFSET);
  // The first instant of a local day (UTC).
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`) - OFFSET * 60_000;
  let themeId = 0;
  let activityId = 0;
  let taskId = 0;
  let entryId = 0;
  for (const [sid, themes] of Object.entries(PLANS).map(([k, v]) => [Number(k), v] as const)) {
    const titles = rows('titles').filter((t) => t.school_id === sid);
    const students = rows('users').filter((u) => u.school_id === sid && u.identity === 'student' && u.dept_id != null);
    const demoStudent = students.find((u) => u.account === 'student');
    if (!titles.length || !students.length) continue;
    for (const theme of themes) {
      const tid = ++themeId;
      const created = new Date(now - theme.daysAgo * DAY).toISOString();
      rows('activity_themes').push({ id: tid, school_id: sid, title: theme.title, summary: theme.summary, created_by: null, created_at: created, updated_at: created });
      for (const a of theme.activities) {
        const aid = ++activityId;
        const start = addDays(today, a.from);
        const end = addDays(today, a.to);
        rows('activities').push({
          id: aid, school_id: sid, theme_id: tid, title: a.title, summary: a.summary, body: a.body, organizer: a.organizer,
          start_date: start, end_date: end, created_by: null, created_at: created, updated_at: created,
        });
        // Its book list: titles on its topics first, then any, six in all, no title twice.
        const picked = new Set<number>();
        for (const word of a.topics) for (const t of titles) if (picked.size < 6 && String(t.title).includes(word)) picked.add(Number(t.id));
        while (picked.size < 6) picked.add(Number(rng.pick(titles).id));
        const books = [...picked];
        const readTask = ++taskId;
        const noteTask = ++taskId;
        rows('activity_tasks').push(
          { id: readTask, school_id: sid, activity_id: aid, title: `从书单中借阅 ${a.readTarget} 本书`, description: '在活动期间借阅下面书单中的书，借满即完成。', kind: 'read', target: a.readTarget, sort: 1 },
          { id: noteTask, school_id: sid, activity_id: aid, title: '写一篇读书笔记', description: '写下书名、主要内容和你的感想，300 字以内。', kind: 'note', target: 1, sort: 2 },
        );
        books.forEach((b, k) => {
          rows('activity_task_books').push({ task_id: readTask, title_id: b, sort: k + 1 });
          if (k < 3) rows('activity_task_books').push({ task_id: noteTask, title_id: b, sort: k + 1 });
        });
        // Entries between the first day and the last one (or now), never in the future.
        const from = dayStart(start);
        const until = Math.min(now - 3_600_000, dayStart(addDays(end, 1)) - 1);
        for (let i = 0; i < a.notes && until > from; i++) {
          const writer = i === 0 && a.from < 0 && a.to > 0 && demoStudent ? demoStudent : rng.pick(students);
          const book = rng.pick(books.slice(0, 3));
          rows('activity_submissions').push({
            id: ++entryId, school_id: sid, activity_id: aid, task_id: noteTask, title_id: book, user_id: writer.id!,
            content: rng.pick(NOTES), created_at: new Date(from + Math.floor(rng.next() * (until - from))).toISOString(),
          });
        }
      }
    }
  }
}

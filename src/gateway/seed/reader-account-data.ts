import type { Row, Tables } from './demo-data.ts';

/**
 * The demo student's own account, so the portal's personal centre shows every case out of the box:
 * three books out (one that can be renewed, one renewed already, one overdue), a deposit, and two
 * purchase suggestions (one waiting, one bought with the library's reply). Their random open
 * loans from the year of circulation are closed first (the students' group lends three at most).
 * Deterministic: no random draws, so the rest of the demo is unchanged.
 */

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

export function addReaderAccountData(tables: Tables, now: number): void {
  const users = tables.get('users') ?? [];
  const me = users.find((u) => u.account === 'student' && u.school_id === 1);
  const loans = tables.get('loans') ?? [];
  const copies = tables.get('copies') ?? [];
  if (!me) return;
  const copyById = new Map(copies.map((c) => [c.id as number, c]));

  for (const l of loans) {
    if (l.user_id !== me.id || l.returned_at != null) continue;
    const loaned = Date.parse(l.loaned_at as string);
    l.returned_at = iso(Math.min(now - 1000, Math.max(loaned + 60_000, now - 2 * 3600_000)));
    const c = copyById.get(l.copy_id as number);
    if (c) c.circ_state = 'available';
  }

  // Copies nobody has had since before the earliest new loan: free the whole time.
  const lastOut = new Map<number, number>();
  for (const l of loans) {
    const until = l.returned_at == null ? Number.POSITIVE_INFINITY : Date.parse(l.returned_at as string);
    lastOut.set(l.copy_id as number, Math.max(lastOut.get(l.copy_id as number) ?? 0, until));
  }
  const earliest = now - 40 * DAY;
  const free = copies.filter((c) => c.school_id === 1 && c.storage_area === 2 && c.circ_state === 'available' && (lastOut.get(c.id as number) ?? 0) < earliest);
  const plan = [
    { daysAgo: 6, loanDays: 30, renewed: 0 },
    { daysAgo: 20, loanDays: 30, renewed: 1 },
    { daysAgo: 40, loanDays: 30, renewed: 0 },
  ];
  let nextId = Math.max(0, ...loans.map((l) => l.id as number)) + 1;
  const titlesTaken = new Set<number>();
  for (const p of plan) {
    // One copy per title: a reader borrows a title once at a time.
    const c = free.find((x) => !titlesTaken.has(x.title_id as number));
    if (!c) break;
    titlesTaken.add(c.title_id as number);
    free.splice(free.indexOf(c), 1);
    const loanedAt = now - p.daysAgo * DAY - 3 * 3600_000;
    const due = loanedAt + (p.loanDays + p.renewed * 15) * DAY;
    loans.push({
      id: nextId++, school_id: 1, copy_id: c.id!, user_id: me.id!,
      loaned_at: iso(loanedAt), due_at: iso(due), returned_at: null, renew_count: p.renewed,
    });
    c.circ_state = 'borrowed';
  }
  me.deposit = 100;

  const recs: Row[] = [
    {
      title: '昆虫记', author: '法布尔', publisher: '人民文学出版社', isbn: '', reason: '想了解更多昆虫的故事，学校图书馆的那本总被借走。',
      state: 'pending', reply: '', handled_at: null, daysAgo: 3,
    },
    {
      title: '小王子', author: '圣埃克苏佩里', publisher: '', isbn: '', reason: '老师推荐的书。',
      state: 'processed', reply: '已采购，预计下月上架。', handled_at: iso(now - 10 * DAY), daysAgo: 20,
    },
  ];
  const list = tables.get('recommendations') ?? [];
  tables.set('recommendations', list);
  const words = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}]/gu, '');
  const dept = (tables.get('departments') ?? []).find((d) => d.id === me.dept_id);
  for (const r of recs) {
    const at = iso(now - (r.daysAgo as number) * DAY);
    list.push({
      id: list.length + 1, school_id: 1, user_id: me.id!, title: r.title!, author: r.author!, publisher: r.publisher!, isbn: '',
      // The grouping key as recommendations-store's bookKey makes it without an ISBN.
      group_key: `t:${words(r.title as string)}|${words(r.author as string)}`, reason: r.reason!,
      identity: 'student', dept_id: me.dept_id ?? null, class_name: (dept?.name as string | undefined) ?? '', learning_stage: (dept?.learning_stage as string | null | undefined) ?? null,
      state: r.state!, abandon_reason: null, reply: r.reply!, batch_id: null, entered_by: null, handled_by: r.handled_at ? 1 : null,
      handled_at: r.handled_at ?? null, created_at: at, updated_at: r.handled_at ?? at,
    });
  }
}

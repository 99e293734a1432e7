import { sql, type Kysely, type Transaction } from 'kysely';
import type { GroupListQuery, MySuggestion, StageStatisticsQuery, StageStatisticsRow, SuggestionDetail, SuggestionGroup } from '../../shared/api/recommendations.ts';
import { toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { formatOffset } from '../../shared/domain/borrowing/local-days.ts';
import type { Database } from '../db/schema.ts';
import { containsText } from '../db/like.ts';

/** Queries of purchase suggestions; every one is scoped by the school. */

export type Db = Kysely<Database> | Transaction<Database>;

/** Case, width, spaces and punctuation do not make another book: "The Little Prince" = "little prince". */
export function normaliseWords(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}]/gu, '');
}

/** The book's identity: its ISBN-13 when it has a valid ISBN, else its normalised title and author. */
export function bookKey(title: string, author: string, isbn: string | undefined): string {
  const isbn13 = isbn ? toIsbn13(isbn) : null;
  return isbn13 ?? `t:${normaliseWords(title)}|${normaliseWords(author)}`.slice(0, 520);
}

/** The start of a local day as an instant, and the start of the day after (a day's suggestions are [from, to)). */
const dayStart = (day: string, offset: number) => new Date(Date.parse(`${day}T00:00:00${formatOffset(offset)}`)).toISOString();
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export type GroupFilters = Omit<GroupListQuery, 'Page' | 'Rows'>;

/** The suggestions matching the staff list's filters (any state when none is given). */
function filtered(db: Db, schoolId: number, f: Omit<GroupFilters, 'State' | 'LearningStage'> & Partial<Pick<GroupFilters, 'State' | 'LearningStage'>>, utcOffset: number) {
  let q = db.selectFrom('recommendations as r').where('r.school_id', '=', schoolId);
  if (f.State) q = q.where('r.state', '=', f.State);
  if (f.DateFrom) q = q.where('r.created_at', '>=', dayStart(f.DateFrom, utcOffset));
  if (f.DateTo) q = q.where('r.created_at', '<', dayStart(nextDay(f.DateTo), utcOffset));
  if (f.Identity) q = q.where('r.identity', '=', f.Identity);
  if (f.LearningStage) q = q.where('r.learning_stage', '=', f.LearningStage);
  const key = f.SearchKey?.trim();
  if (key) {
    const isbn13 = toIsbn13(key);
    q = q.where((eb) => eb.or([
      containsText('r.title', key), containsText('r.author', key), containsText('r.publisher', key),
      ...(isbn13 ? [eb('r.group_key', '=', isbn13)] : []),
    ]));
  }
  return q;
}

function detailQuery(db: Db, schoolId: number) {
  return db.selectFrom('recommendations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('batches as b', 'b.id', 'r.batch_id')
    .leftJoin('users as hs', 'hs.id', 'r.handled_by')
    .leftJoin('users as es', 'es.id', 'r.entered_by')
    .where('r.school_id', '=', schoolId)
    .selectAll('r')
    .select(['u.reader_id as card', 'u.name as reader_name', 'b.batch_no', 'hs.name as handled_by_name', 'es.name as entered_by_name']);
}
type DetailRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['executeTakeFirstOrThrow']>>;

export function toMine(r: { id: number; title: string; author: string; publisher: string; isbn: string; reason: string; state: string; abandon_reason: string | null; reply: string; created_at: string; handled_at: string | null }): MySuggestion {
  return {
    ID: r.id, Title: r.title, Author: r.author, Publisher: r.publisher, ISBN: r.isbn, Reason: r.reason,
    State: r.state as MySuggestion['State'], AbandonReason: (r.abandon_reason as MySuggestion['AbandonReason']) ?? null,
    Reply: r.reply, CreatedAt: r.created_at, HandledAt: r.handled_at,
  };
}

function toDetail(r: DetailRow): SuggestionDetail {
  return {
    ...toMine(r),
    UserID: r.user_id, ReaderID: r.card, ReaderName: r.reader_name, Identity: r.identity as SuggestionDetail['Identity'],
    ClassName: r.class_name, LearningStage: (r.learning_stage as SuggestionDetail['LearningStage']) ?? null,
    EnteredBy: r.entered_by_name ?? '', HandledBy: r.handled_by_name ?? '', BatchNo: r.batch_no ?? '',
  };
}

export async function suggestionDetails(db: Db, schoolId: number, where: { ids?: number[]; key?: string }): Promise<SuggestionDetail[]> {
  let q = detailQuery(db, schoolId);
  if (where.ids) q = q.where('r.id', 'in', where.ids);
  if (where.key != null) q = q.where('r.group_key', '=', where.key);
  return (await q.orderBy('r.created_at').orderBy('r.id').limit(1000).execute()).map(toDetail);
}

/**
 * Copies the school holds of each book and how many are on the shelf: by ISBN-13 for keys that are
 * one, else by the title (and author when given) as catalogued, compared without case.
 */
export async function holdingsOf(db: Db, schoolId: number, books: Array<{ key: string; title: string; author: string }>): Promise<Map<string, { held: number; available: number }>> {
  const out = new Map<string, { held: number; available: number }>();
  if (!books.length) return out;
  const titleIds = new Map<string, number[]>();
  const isbnKeys = books.filter((b) => !b.key.startsWith('t:')).map((b) => b.key);
  if (isbnKeys.length) {
    const rows = await db.selectFrom('titles').select(['id', 'isbn13']).where('school_id', '=', schoolId).where('isbn13', 'in', isbnKeys).execute();
    for (const r of rows) titleIds.set(r.isbn13, [...(titleIds.get(r.isbn13) ?? []), r.id]);
  }
  for (const b of books.filter((x) => x.key.startsWith('t:'))) {
    let q = db.selectFrom('titles').select('id').where('school_id', '=', schoolId).where(sql`lower(title)`, '=', b.title.toLowerCase());
    if (b.author) q = q.where(containsText('author', b.author));
    titleIds.set(b.key, (await q.limit(50).execute()).map((r) => r.id));
  }
  const all = [...new Set([...titleIds.values()].flat())];
  const counts = all.length
    ? await db.selectFrom('copies').select(['title_id', (e) => e.fn.countAll<number | string>().as('n'), (e) => e.fn.sum<number | string>(e.case().when('circ_state', '=', 'available').then(1).else(0).end()).as('free')])
      .where('title_id', 'in', all).groupBy('title_id').execute()
    : [];
  const byTitle = new Map(counts.map((c) => [c.title_id, c]));
  for (const b of books) {
    const ids = titleIds.get(b.key) ?? [];
    out.set(b.key, {
      held: ids.reduce((n, id) => n + Number(byTitle.get(id)?.n ?? 0), 0),
      available: ids.reduce((n, id) => n + Number(byTitle.get(id)?.free ?? 0), 0),
    });
  }
  return out;
}

/** A page of the staff list: books in the state, the most asked first, then the latest asked. */
export async function groupPage(db: Db, schoolId: number, f: GroupFilters, utcOffset: number, page: number, rows: number): Promise<{ List: SuggestionGroup[]; Total: number }> {
  const grouped = filtered(db, schoolId, f, utcOffset)
    .select((e) => ['r.group_key', e.fn.countAll<number | string>().as('n'), e.fn.max('r.created_at').as('last')])
    .groupBy('r.group_key');
  const [total, keys] = await Promise.all([
    db.selectFrom(grouped.as('g')).select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    grouped.orderBy(sql`count(*)`, 'desc').orderBy(sql`max(r.created_at)`, 'desc').orderBy('r.group_key')
      .limit(rows).offset((page - 1) * rows).execute(),
  ]);
  if (!keys.length) return { List: [], Total: Number(total.n) };
  const members = await filtered(db, schoolId, f, utcOffset)
    .leftJoin('batches as b', 'b.id', 'r.batch_id')
    .leftJoin('users as hs', 'hs.id', 'r.handled_by')
    .where('r.group_key', 'in', keys.map((k) => k.group_key))
    .selectAll('r')
    .select(['b.batch_no', 'hs.name as handled_by_name'])
    .orderBy('r.created_at').orderBy('r.id')
    .execute();
  const byKey = new Map<string, typeof members>();
  for (const m of members) byKey.set(m.group_key, [...(byKey.get(m.group_key) ?? []), m]);
  const books = keys.map((k) => {
    const first = byKey.get(k.group_key)![0]!;
    return { key: k.group_key, title: first.title, author: first.author };
  });
  const held = await holdingsOf(db, schoolId, books);
  const List = keys.map((k): SuggestionGroup => {
    const rs = byKey.get(k.group_key)!;
    const first = rs[0]!;
    // The line shows what the first reader typed, filling gaps from the others.
    const pick = (f: 'author' | 'publisher' | 'isbn') => rs.find((r) => r[f])?.[f] ?? '';
    const handled = rs.filter((r) => r.handled_at).sort((a, b) => (b.handled_at! > a.handled_at! ? 1 : -1))[0];
    const h = held.get(k.group_key) ?? { held: 0, available: 0 };
    return {
      Key: k.group_key, Title: first.title, Author: pick('author'), Publisher: pick('publisher'), ISBN: pick('isbn'),
      Count: rs.length, IDs: rs.map((r) => r.id), FirstAt: first.created_at, LastAt: rs.at(-1)!.created_at, State: f.State,
      Held: h.held, Available: h.available,
      Reply: handled?.reply ?? '', AbandonReason: (handled?.abandon_reason as SuggestionGroup['AbandonReason']) ?? null,
      HandledBy: handled?.handled_by_name ?? '', HandledAt: handled?.handled_at ?? null, BatchNo: handled?.batch_no ?? '',
    };
  });
  return { List, Total: Number(total.n) };
}

export type StageFilters = Omit<StageStatisticsQuery, 'Page' | 'Rows'>;

/**
 * A page of /statistical-purchasing: per book, the readers of each learning stage who asked (the
 * stage recorded when they asked), the most asked first. Title, author and ISBN are the largest
 * value typed for the book, so a blank never wins over a typed one.
 */
export async function stagePage(db: Db, schoolId: number, f: StageFilters, utcOffset: number, page: number, rows: number): Promise<{ List: StageStatisticsRow[]; Total: number }> {
  const stage = (s: string) => sql<number | string>`sum(case when r.learning_stage = ${s} then 1 else 0 end)`;
  const grouped = filtered(db, schoolId, f, utcOffset)
    .select((e) => [
      'r.group_key', e.fn.countAll<number | string>().as('n'), e.fn.max('r.created_at').as('last'),
      e.fn.max('r.title').as('title'), e.fn.max('r.author').as('author'), e.fn.max('r.isbn').as('isbn'),
      stage('primary').as('primary'), stage('junior').as('junior'), stage('senior').as('senior'),
      sql<number | string>`sum(case when r.state = 'pending' then 1 else 0 end)`.as('pending'),
      sql<number | string>`sum(case when r.state = 'processed' then 1 else 0 end)`.as('processed'),
    ])
    .groupBy('r.group_key');
  const [total, list] = await Promise.all([
    db.selectFrom(grouped.as('g')).select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    grouped.orderBy(sql`count(*)`, 'desc').orderBy(sql`max(r.created_at)`, 'desc').orderBy('r.group_key')
      .limit(rows).offset((page - 1) * rows).execute(),
  ]);
  const held = await holdingsOf(db, schoolId, list.map((r) => ({ key: r.group_key, title: String(r.title), author: String(r.author) })));
  return {
    Total: Number(total.n),
    List: list.map((r) => {
      const [n, p, j, s] = [Number(r.n), Number(r.primary), Number(r.junior), Number(r.senior)];
      const h = held.get(r.group_key) ?? { held: 0, available: 0 };
      return {
        Title: String(r.title), Author: String(r.author), ISBN: String(r.isbn),
        Primary: p, Junior: j, Senior: s, Other: n - p - j - s, Count: n, Pending: Number(r.pending), Processed: Number(r.processed), Held: h.held, Available: h.available,
      };
    }),
  };
}

/** Who the reader is, as a suggestion records it: identity, class or department, learning stage. */
export async function readerSnapshot(db: Db, schoolId: number, userId: number) {
  const u = await db.selectFrom('users as u')
    .leftJoin('departments as d', (j) => j.onRef('d.id', '=', 'u.dept_id').on('d.school_id', '=', schoolId))
    .select(['u.id', 'u.identity', 'u.dept_id', 'd.name as dept_name', 'd.learning_stage'])
    .where('u.school_id', '=', schoolId).where('u.id', '=', userId)
    .executeTakeFirst();
  if (!u) return undefined;
  return { identity: u.identity, dept_id: u.dept_id, class_name: u.dept_name ?? '', learning_stage: u.learning_stage ?? null };
}

import { sql, type Kysely, type Selectable } from 'kysely';
import { DEFAULT_PORTAL_SETTINGS, HOT_DAYS, HOT_WORD_COUNT, PORTAL_SETTINGS_KEY, portalSettingsSchema, searchAdminCalls as C } from '../../shared/api/search-admin.ts';
import { requireSchool } from '../access/call-context.ts';
import { utcOffsetOf } from '../borrow-rules/borrow-rule-store.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { containsText } from '../db/like.ts';
import { readSetting, writeSetting } from '../db/school-settings.ts';
import type { Database, SearchBlockedWordsTable, SearchHotWordsTable } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { normalizeSearchWord } from './search-log.ts';

type Db = Kysely<Database>;

/**
 * The portal's search settings (contract: shared/api/search-admin.ts). Words are stored as the
 * log keeps them (normalizeSearchWord), so a pinned or blocked word compares with logged ones.
 */

const toHot = (r: Selectable<SearchHotWordsTable>) => ({ ID: r.id, Word: r.word, Sort: r.sort, UpdateTime: r.updated_at });
const toBlocked = (r: Selectable<SearchBlockedWordsTable>) => ({ ID: r.id, Word: r.word, UpdateTime: r.updated_at });

async function unique<T>(key: string, word: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict(key, { word });
    throw err;
  }
}

const blockedWords = async (db: Db, schoolId: number) =>
  (await db.selectFrom('search_blocked_words').select('word').where('school_id', '=', schoolId).execute()).map((r) => r.word);
/** A blocked word anywhere in a word hides it ("badword" blocks "a badword b"). */
const isBlocked = (word: string, blocked: readonly string[]) => blocked.some((b) => word.includes(b));

async function checkNotBlocked(db: Db, schoolId: number, word: string) {
  const hit = (await blockedWords(db, schoolId)).find((b) => word.includes(b));
  if (hit) throw AppError.conflict('search-admin:hotWordBlocked', { word, blocked: hit });
}

function logQuery(db: Db, schoolId: number, f: { DateFrom?: string; DateTo?: string; ZeroHit?: boolean; SearchKey?: string }, offset: number) {
  let q = db.selectFrom('search_log as l').where('l.school_id', '=', schoolId);
  const start = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - offset * 60_000).toISOString();
  if (f.DateFrom) q = q.where('l.at', '>=', start(f.DateFrom));
  if (f.DateTo) q = q.where('l.at', '<', start(new Date(Date.parse(`${f.DateTo}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)));
  if (f.SearchKey?.trim()) q = q.where(containsText('l.word', normalizeSearchWord(f.SearchKey)));
  return q;
}


export const searchAdminHandlers = {
  'searchAdmin.getHotWordList': handler(C.getHotWordList, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db.selectFrom('search_hot_words').where('school_id', '=', schoolId);
    if (i.SearchKey?.trim()) q = q.where(containsText('word', normalizeSearchWord(i.SearchKey)));
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('sort').orderBy('id').limit(i.Rows).offset((i.Page - 1) * i.Rows).execute(),
    ]);
    return { Total: Number(n), List: rows.map(toHot) };
  }),
  'searchAdmin.addHotWord': handler(C.addHotWord, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    const word = normalizeSearchWord(i.Word);
    await checkNotBlocked(ctx.app.db, schoolId, word);
    const row = await unique('search-admin:hotWordExists', word, () => writeTx(ctx.app.db, (trx) =>
      trx.insertInto('search_hot_words').values({ school_id: schoolId, word, sort: i.Sort, updated_at: new Date().toISOString() }).returningAll().executeTakeFirstOrThrow()));
    return toHot(row);
  }),
  'searchAdmin.updateHotWord': handler(C.updateHotWord, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    const word = normalizeSearchWord(i.Word);
    await checkNotBlocked(ctx.app.db, schoolId, word);
    const row = await unique('search-admin:hotWordExists', word, () => writeTx(ctx.app.db, (trx) =>
      trx.updateTable('search_hot_words').set({ word, sort: i.Sort, updated_at: new Date().toISOString() })
        .where('school_id', '=', schoolId).where('id', '=', i.ID).returningAll().executeTakeFirst()));
    if (!row) throw AppError.notFound();
    return toHot(row);
  }),
  'searchAdmin.deleteHotWord': handler(C.deleteHotWord, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    const r = await writeTx(ctx.app.db, (trx) => trx.deleteFrom('search_hot_words').where('school_id', '=', schoolId).where('id', '=', i.ID).executeTakeFirst());
    if (Number(r.numDeletedRows) === 0) throw AppError.notFound();
    return null;
  }),

  'searchAdmin.getBlockedWordList': handler(C.getBlockedWordList, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db.selectFrom('search_blocked_words').where('school_id', '=', schoolId);
    if (i.SearchKey?.trim()) q = q.where(containsText('word', normalizeSearchWord(i.SearchKey)));
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('word').limit(i.Rows).offset((i.Page - 1) * i.Rows).execute(),
    ]);
    return { Total: Number(n), List: rows.map(toBlocked) };
  }),
  'searchAdmin.addBlockedWord': handler(C.addBlockedWord, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    const word = normalizeSearchWord(i.Word);
    const row = await unique('search-admin:blockedWordExists', word, () => writeTx(ctx.app.db, (trx) =>
      trx.insertInto('search_blocked_words').values({ school_id: schoolId, word, updated_at: new Date().toISOString() }).returningAll().executeTakeFirstOrThrow()));
    return toBlocked(row);
  }),
  'searchAdmin.updateBlockedWord': handler(C.updateBlockedWord, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    const word = normalizeSearchWord(i.Word);
    const row = await unique('search-admin:blockedWordExists', word, () => writeTx(ctx.app.db, (trx) =>
      trx.updateTable('search_blocked_words').set({ word, updated_at: new Date().toISOString() })
        .where('school_id', '=', schoolId).where('id', '=', i.ID).returningAll().executeTakeFirst()));
    if (!row) throw AppError.notFound();
    return toBlocked(row);
  }),
  'searchAdmin.deleteBlockedWord': handler(C.deleteBlockedWord, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    const r = await writeTx(ctx.app.db, (trx) => trx.deleteFrom('search_blocked_words').where('school_id', '=', schoolId).where('id', '=', i.ID).executeTakeFirst());
    if (Number(r.numDeletedRows) === 0) throw AppError.notFound();
    return null;
  }),

  'searchAdmin.getSearchLog': handler(C.getSearchLog, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = logQuery(ctx.app.db, schoolId, i, await utcOffsetOf(ctx.app.db, schoolId));
    if (i.ZeroHit) q = q.where('l.hits', '=', 0);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.select(['l.id', 'l.at', 'l.word', 'l.hits', 'l.identity']).orderBy('l.id', 'desc').limit(i.Rows).offset((i.Page - 1) * i.Rows).execute(),
    ]);
    return { Total: Number(n), List: rows.map((r) => ({ ID: r.id, At: r.at, Word: r.word, Hits: r.hits, Identity: r.identity })) };
  }),

  'searchAdmin.getSearchWords': handler(C.getSearchWords, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    const base = logQuery(ctx.app.db, schoolId, i, await utcOffsetOf(ctx.app.db, schoolId));
    const count = (identity: string) => sql<number>`sum(case when l.identity = ${identity} then 1 else 0 end)`;
    let grouped = base.select((eb) => [
      'l.word', eb.fn.countAll<number>().as('searches'), eb.fn.max('l.hits').as('hits'), eb.fn.max('l.at').as('last_at'),
      count('student').as('students'), count('teacher').as('teachers'), count('').as('anonymous'),
    ]).groupBy('l.word');
    // Zero-hit words: not one search of them found anything (the purchasing list).
    if (i.ZeroHit) grouped = grouped.having((eb) => eb.fn.max('l.hits'), '=', 0);
    const [{ n }, rows] = await Promise.all([
      ctx.app.db.selectFrom(grouped.as('g')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      grouped.orderBy('searches', 'desc').orderBy('last_at', 'desc').limit(i.Rows).offset((i.Page - 1) * i.Rows).execute(),
    ]);
    return {
      Total: Number(n),
      List: rows.map((r) => {
        const searches = Number(r.searches);
        const [students, teachers, anonymous] = [Number(r.students), Number(r.teachers), Number(r.anonymous)];
        return {
          Word: r.word, Searches: searches, Hits: Number(r.hits), LastAt: String(r.last_at),
          Students: students, Teachers: teachers, Anonymous: anonymous, Others: searches - students - teachers - anonymous,
        };
      }),
    };
  }),

  'searchAdmin.getPortalHotWords': handler(C.getPortalHotWords, async (_i, ctx) => {
    if (ctx.schoolId == null) return [];
    const schoolId = ctx.schoolId;
    const db = ctx.app.db;
    const since = new Date(Date.now() - HOT_DAYS * 86_400_000).toISOString();
    const [pinned, blocked, top] = await Promise.all([
      db.selectFrom('search_hot_words').select('word').where('school_id', '=', schoolId).orderBy('sort').orderBy('id').limit(HOT_WORD_COUNT).execute(),
      blockedWords(db, schoolId),
      // Words that found something: a hot word leading to nothing helps no one.
      db.selectFrom('search_log').select((eb) => ['word', eb.fn.countAll<number>().as('n')])
        .where('school_id', '=', schoolId).where('at', '>=', since).where('hits', '>', 0)
        .groupBy('word').orderBy('n', 'desc').orderBy('word').limit(HOT_WORD_COUNT * 5).execute(),
    ]);
    const out = pinned.filter((p) => !isBlocked(p.word, blocked)).map((p) => ({ Word: p.word, Pinned: true }));
    const seen = new Set(out.map((w) => w.Word));
    for (const t of top) {
      if (out.length >= HOT_WORD_COUNT) break;
      if (seen.has(t.word) || isBlocked(t.word, blocked)) continue;
      seen.add(t.word);
      out.push({ Word: t.word, Pinned: false });
    }
    return out;
  }),

  'searchAdmin.getPortalSettings': handler(C.getPortalSettings, async (_i, ctx) =>
    readSetting(ctx.app.db, requireSchool(ctx), PORTAL_SETTINGS_KEY, portalSettingsSchema, DEFAULT_PORTAL_SETTINGS)),
  'searchAdmin.savePortalSettings': handler(C.savePortalSettings, async (i, ctx) => {
    await writeSetting(ctx.app.db, requireSchool(ctx), PORTAL_SETTINGS_KEY, i);
    return i;
  }),
} satisfies HandlerMapFor<typeof C>;

import type { FastifyInstance } from 'fastify';

/**
 * The search log's writer: the portal's catalogue search records what was searched after it has
 * its answer, without waiting for the insert (a search never waits on the log, and a failed insert
 * never fails a search). Only the first page counts: turning pages is not a new search.
 */

/** Words are kept as the index compares them: full-width folded, lower case, single spaces. */
export function normalizeSearchWord(key: string): string {
  return key.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 100);
}

const pending = new Set<Promise<void>>();

export function recordSearch(app: FastifyInstance, e: { schoolId: number; userId: number | null; key: string | undefined; page: number; hits: number }): void {
  const word = e.key ? normalizeSearchWord(e.key) : '';
  if (!word || e.page !== 1) return;
  const db = app.db;
  const p = (async () => {
    const who = e.userId == null ? undefined
      : await db.selectFrom('users').select('identity').where('school_id', '=', e.schoolId).where('id', '=', e.userId).executeTakeFirst();
    await db.insertInto('search_log').values({
      school_id: e.schoolId, word, hits: e.hits, user_id: who ? e.userId : null, identity: who?.identity ?? '', at: new Date().toISOString(),
    }).execute();
  })().catch((err: unknown) => app.log.warn({ err }, 'search log: insert failed'));
  pending.add(p);
  void p.finally(() => pending.delete(p));
}

/** Resolves when every insert started so far has ended (tests; a clean shutdown). */
export async function searchLogIdle(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

import type { Selectable } from 'kysely';
import { isPublicTranslationKey, translationCalls, type Translation } from '../../shared/api/translation.ts';
import type { TranslationsTable } from '../db/schema.ts';
import { isUniqueViolation } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { containsText } from '../db/like.ts';
import { requireSchool } from '../access/call-context.ts';

const toDto = (r: Selectable<TranslationsTable>): Translation => ({
  ID: r.id, Key: r.key, ZhCN: r.zh_cn, EnUS: r.en_us, UpdateTime: r.updated_at,
});

/** A duplicate key is a friendly 409, whether we see it first or the unique index does (a race). */
async function guardDuplicate<T>(key: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict('errors:translationExists', { key });
    throw err;
  }
}

export const translationHandlers = {
  'translation.get': handler(translationCalls.getTranslation, async (input, ctx) => {
    let q = ctx.app.db.selectFrom('translations').where('school_id', '=', requireSchool(ctx));
    if (input.SearchKey?.trim()) {
      const key = input.SearchKey.trim();
      q = q.where((eb) => eb.or([containsText('key', key), containsText('zh_cn', key), containsText('en_us', key)]));
    }
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('key').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    return { Total: Number(n), List: rows.map(toDto) };
  }),
  'translation.add': handler(translationCalls.addTranslation, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await guardDuplicate(input.Key, () =>
      ctx.app.db
        .insertInto('translations')
        .values({ school_id: schoolId, key: input.Key, zh_cn: input.ZhCN, en_us: input.EnUS, updated_at: new Date().toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return toDto(row);
  }),
  'translation.update': handler(translationCalls.updateTranslation, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await guardDuplicate(input.Key, () =>
      ctx.app.db
        .updateTable('translations')
        .set({ key: input.Key, zh_cn: input.ZhCN, en_us: input.EnUS, updated_at: new Date().toISOString() })
        .where('school_id', '=', schoolId)
        .where('id', '=', input.ID)
        .returningAll()
        .executeTakeFirst(),
    );
    if (!row) throw AppError.notFound();
    return toDto(row);
  }),
  'translation.delete': handler(translationCalls.deleteTranslation, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const r = await ctx.app.db.deleteFrom('translations').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw AppError.notFound();
    return null;
  }),
  'translation.search': handler(translationCalls.searchTranslation, async (_input, ctx) => {
    if (ctx.schoolId == null) return [];
    const rows = await ctx.app.db.selectFrom('translations').selectAll().where('school_id', '=', ctx.schoolId).orderBy('key').execute();
    // Before sign-in, only the strings of the pre-sign-in pages (a school's other overrides may
    // name its internal screens and workflows).
    return (ctx.principal ? rows : rows.filter((r) => isPublicTranslationKey(r.key))).map(toDto);
  }),
} satisfies HandlerMapFor<typeof translationCalls>;

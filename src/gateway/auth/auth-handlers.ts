import { authCalls } from '../../shared/api/auth.ts';
import { allCalls } from '../../shared/api/all-calls.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { menusFor, operationsFor } from '../access/menu-store.ts';
import { findSchoolByCode, parseTheme } from '../access/school-store.ts';
import { currentUserAndSchool, requireUser } from '../access/call-context.ts';

/** Permission keys the contract checks: an administrator ("*") holds them all. */
const CONTRACT_PERMS = [...new Set(allCalls.flatMap((c) => (c.perm ? [c.perm] : [])))];

/** The part of the auth calls the gateway core serves; sign-in and tokens are the SSO module's. */
export const authHandlers = {
  'auth.authorization': handler(authCalls.authorization, async (_input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const perms = await ctx.app.permissions.of(userId, schoolId);
    const [Menus, Operations] = await Promise.all([
      menusFor(ctx.app.db, schoolId, perms),
      operationsFor(ctx.app.db, schoolId, perms, CONTRACT_PERMS),
    ]);
    return { Menus, Operations, MenuVersion: 'new' as const };
  }),
  'auth.language': handler(authCalls.language, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    await ctx.app.db
      .updateTable('users')
      .set({ language: input.Language, updated_at: new Date().toISOString() })
      .where('school_id', '=', schoolId)
      .where('id', '=', userId)
      .execute();
    return { Language: input.Language };
  }),
  'auth.getReadersInfo': handler(authCalls.getReadersInfo, async (_input, ctx) => {
    const { user, school } = await currentUserAndSchool(ctx);
    return {
      UserID: user.id,
      Name: user.name,
      ReaderID: user.reader_id,
      SchoolID: school.id,
      SchoolName: ctx.lang === 'en-US' && school.en_name ? school.en_name : school.name,
      SchoolCode: school.code,
      Identity: user.identity,
      DeptName: (ctx.lang === 'en-US' ? user.dept_en_name || user.dept_name : user.dept_name) ?? null,
    };
  }),
  'auth.getSchoolByCode': handler(authCalls.getSchoolByCode, async (input, ctx) => {
    const school = await findSchoolByCode(ctx.app.db, input.SchoolCode);
    if (!school) throw AppError.notFound('errors:schoolNotFound');
    return {
      SchoolID: school.id,
      SchoolName: school.name,
      SchoolEnName: school.en_name,
      SchoolCode: school.code,
      ThemeColor: parseTheme(school.theme_color),
    };
  }),
} satisfies HandlerMapFor<typeof authCalls>;

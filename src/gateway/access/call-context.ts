import type { CallContext } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { findSchool } from './school-store.ts';
import { findUser } from './user-store.ts';

/** The school of the call; 'optional' calls without token or valid SchoolID header have none. */
export function requireSchool(ctx: CallContext): number {
  if (ctx.schoolId == null) throw AppError.badRequest('errors:schoolRequired');
  return ctx.schoolId;
}

/** The signed-in user of a 'user' call (the HTTP layer already refused anything else). */
export function requireUser(ctx: CallContext): { userId: number; schoolId: number } {
  const p = ctx.principal;
  if (!p || p.userId == null) throw AppError.unauthorized();
  return { userId: p.userId, schoolId: p.schoolId };
}

/** The signed-in user's row and their school's row (both scoped by the token's school). */
export async function currentUserAndSchool(ctx: CallContext) {
  const { userId, schoolId } = requireUser(ctx);
  const [user, school] = await Promise.all([findUser(ctx.app.db, schoolId, userId), findSchool(ctx.app.db, schoolId)]);
  if (!user || !school) throw AppError.notFound('errors:userNotFound');
  return { user, school };
}

import { sessionCalls } from '../../shared/api/session.ts';
import type { Identity } from '../../shared/domain/identities.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { findSchool, parseTheme } from '../access/school-store.ts';
import { rolesOf } from '../access/user-store.ts';
import { currentUserAndSchool, requireSchool, requireUser } from '../access/call-context.ts';

export const sessionHandlers = {
  'session.getUser': handler(sessionCalls.getUser, async (_input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const [{ user, school }, roles] = await Promise.all([currentUserAndSchool(ctx), rolesOf(ctx.app.db, schoolId, userId)]);
    return {
      UserID: user.id,
      Account: user.account,
      Name: user.name,
      SchoolID: school.id,
      SchoolName: school.name,
      SchoolEnName: school.en_name,
      SchoolCode: school.code,
      Identity: user.identity as Identity,
      Roles: roles.map((r) => ({ ID: r.id, Name: r.name, EnName: r.en_name })),
      Language: user.language,
      PasswordPolicy: school.password_policy,
    };
  }),
  'session.getUnitInfo': handler(sessionCalls.getUnitInfo, async (_input, ctx) => {
    const school = await findSchool(ctx.app.db, requireSchool(ctx));
    if (!school) throw AppError.notFound('errors:schoolNotFound');
    const shown = { SchoolID: school.id, SchoolName: school.name, SchoolEnName: school.en_name, ThemeColor: parseTheme(school.theme_color) };
    // Before sign-in a page needs the names and colours only.
    if (!ctx.principal) return shown;
    return {
      ...shown,
      SchoolCode: school.code,
      Address: school.address,
      Area: school.area,
      LearningPeriod: school.learning_period,
    };
  }),
} satisfies HandlerMapFor<typeof sessionCalls>;

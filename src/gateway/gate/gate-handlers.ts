import {
  GATE_ALARMS_MENU, GATE_CLIENT_PREFIX, GATE_RECORDS_MENU, GATE_SCOPE, GATE_STATS_MENU, STAT_DEFAULT_DAYS, gateCalls as C, type StatQuery,
} from '../../shared/api/gate.ts';
import { addDays, daysBetween, toLocalDay, weekdayOf } from '../../shared/domain/borrowing/local-days.ts';
import { branchFilter, branchScope, inList } from '../access/access-scope.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { holds } from '../access/permissions.ts';
import { utcOffsetOf } from '../borrow-rules/borrow-rule-store.ts';
import { isUniqueViolation } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { hashDeviceSecret, newDeviceClientId, newDeviceSecret } from '../security/device-secrets.ts';
import { alarmExportJob, statExportJob } from './gate-exports.ts';
import { ingestEvents } from './gate-ingest.ts';
import { findAlarms, findEvents, inOut, statistic, type GateScope } from './gate-store.ts';

/**
 * Security gates (contract: shared/api/gate.ts). The controller's batch is accepted from its own
 * token only (a user token, the library's service token or another gate's token is refused), for
 * its own gate, while the gate is enabled and its secret unchanged since the token. Staff reads
 * are limited to the branches of their scope; the door screen's counts need no sign-in and carry
 * numbers only.
 */

/** The longest period of the statistic: three years of days (a report, not a dump). */
const MAX_STAT_DAYS = 3 * 366;

async function scopeOf(ctx: CallContext): Promise<GateScope> {
  const { schoolId } = requireUser(ctx);
  const [branchIds, utcOffsetMinutes] = await Promise.all([branchFilter(ctx), utcOffsetOf(ctx.app.db, schoolId)]);
  return { schoolId, branchIds, lang: ctx.lang, utcOffsetMinutes };
}

async function gateRow(ctx: CallContext, schoolId: number, id: number) {
  const g = await ctx.app.db.selectFrom('gates').innerJoin('branches as b', 'b.id', 'gates.branch_id')
    .select(['gates.id', 'gates.name', 'gates.branch_id', 'gates.location', 'gates.client_id', 'gates.enabled', 'gates.last_seen_at', 'b.name as branch_name', 'b.en_name as branch_en'])
    .where('gates.school_id', '=', schoolId).where('gates.id', '=', id).executeTakeFirst();
  if (!g) throw AppError.notFound('gate:notFound');
  return {
    ID: g.id, Name: g.name, BranchID: g.branch_id, BranchName: (ctx.lang === 'en-US' && g.branch_en) || g.branch_name,
    Location: g.location, ClientID: g.client_id, Enabled: !!g.enabled, LastSeenAt: g.last_seen_at,
  };
}

/** The gate list and filters serve three screens: any of their menus opens them. */
async function requireAnyGateMenu(ctx: CallContext): Promise<{ userId: number; schoolId: number }> {
  const u = requireUser(ctx);
  const perms = await ctx.app.permissions.of(u.userId, u.schoolId);
  if (![GATE_RECORDS_MENU, GATE_ALARMS_MENU, GATE_STATS_MENU].some((m) => holds(perms, m))) throw AppError.forbidden();
  return u;
}

/** The statistic's period: as given, else the last STAT_DEFAULT_DAYS days to the school's today; checked. */
function periodOf(q: StatQuery, utcOffsetMinutes: number): { DateFrom: string; DateTo: string } {
  const DateTo = q.DateTo ?? (q.DateFrom ? addDays(q.DateFrom, STAT_DEFAULT_DAYS - 1) : toLocalDay(new Date().toISOString(), utcOffsetMinutes));
  const DateFrom = q.DateFrom ?? addDays(DateTo, -(STAT_DEFAULT_DAYS - 1));
  if (DateTo < DateFrom) throw AppError.badRequest('gate:invalid.periodOrder');
  if (daysBetween(DateFrom, DateTo) > MAX_STAT_DAYS) throw AppError.badRequest('gate:invalid.periodTooLong');
  return { DateFrom, DateTo };
}

export const gateHandlers = {
  'gate.postEvents': handler(C.postEvents, async (input, ctx) => {
    const p = ctx.principal;
    if (!p || p.kind !== 'client' || p.device?.kind !== 'gate' || !p.scopes.includes(GATE_SCOPE)) throw AppError.forbidden('gate:deviceOnly');
    if (p.device.id !== input.GateID) throw AppError.forbidden('gate:otherGate');
    const gate = await ctx.app.db.selectFrom('gates').select(['id', 'school_id', 'branch_id', 'enabled', 'secret_gen'])
      .where('id', '=', input.GateID).where('school_id', '=', p.schoolId).executeTakeFirst();
    // Disabled, or its secret reset since this token: the token no longer speaks for the gate.
    if (!gate || !gate.enabled || gate.secret_gen !== p.device.gen) throw AppError.unauthorized('gate:tokenOutdated');
    const offset = await utcOffsetOf(ctx.app.db, gate.school_id);
    return ingestEvents(ctx.app.db, { id: gate.id, schoolId: gate.school_id, branchId: gate.branch_id }, input.Events, offset);
  }),

  'gate.getGates': handler(C.getGates, async (_input, ctx) => {
    const s = await scopeOf(ctx);
    let q = ctx.app.db.selectFrom('gates').select('id').where('school_id', '=', s.schoolId);
    if (s.branchIds) q = q.where('branch_id', 'in', inList(s.branchIds));
    const ids = await q.orderBy('branch_id').orderBy('name').execute();
    return Promise.all(ids.map((r) => gateRow(ctx, s.schoolId, r.id)));
  }),

  'gate.saveGate': handler(C.saveGate, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const db = ctx.app.db;
    const scope = await branchScope(ctx);
    const branch = await db.selectFrom('branches').select('id').where('school_id', '=', schoolId).where('id', '=', input.BranchID).executeTakeFirst();
    if (!branch) throw AppError.notFound('gate:branchNotFound');
    scope.require(branch.id);
    const values = { name: input.Name, branch_id: branch.id, location: input.Location, enabled: input.Enabled ? 1 : 0 };
    const same = await db.selectFrom('gates').select('id').where('school_id', '=', schoolId).where('name', '=', input.Name)
      .$if(input.ID != null, (q) => q.where('id', '!=', input.ID!)).executeTakeFirst();
    if (same) throw AppError.conflict('gate:nameTaken');
    if (input.ID != null) {
      const old = await db.selectFrom('gates').select('branch_id').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!old) throw AppError.notFound('gate:notFound');
      scope.require(old.branch_id);
      await db.updateTable('gates').set(values).where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
      const gate = await gateRow(ctx, schoolId, input.ID);
      return { Gate: gate, ClientID: gate.ClientID, ClientSecret: null };
    }
    const secret = newDeviceSecret();
    try {
      const row = await db.insertInto('gates').values({
        ...values, school_id: schoolId, client_id: newDeviceClientId(GATE_CLIENT_PREFIX), secret_hash: hashDeviceSecret(secret), created_at: new Date().toISOString(),
      }).returning('id').executeTakeFirstOrThrow();
      const gate = await gateRow(ctx, schoolId, row.id);
      return { Gate: gate, ClientID: gate.ClientID, ClientSecret: secret };
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict('gate:nameTaken');
      throw err;
    }
  }),

  'gate.resetSecret': handler(C.resetSecret, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    const gate = await gateRow(ctx, schoolId, input.ID);
    scope.require(gate.BranchID);
    const secret = newDeviceSecret();
    await ctx.app.db.updateTable('gates').set((eb) => ({ secret_hash: hashDeviceSecret(secret), secret_gen: eb('secret_gen', '+', 1) }))
      .where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
    return { Gate: gate, ClientID: gate.ClientID, ClientSecret: secret };
  }),

  'gate.getGateOptions': handler(C.getGateOptions, async (_input, ctx) => {
    const { schoolId } = await requireAnyGateMenu(ctx);
    const branchIds = await branchFilter(ctx);
    let q = ctx.app.db.selectFrom('gates').select(['id', 'name']).where('school_id', '=', schoolId);
    if (branchIds) q = q.where('branch_id', 'in', inList(branchIds));
    return (await q.orderBy('name').execute()).map((r) => ({ ID: r.id, Name: r.name }));
  }),

  'gate.getBranchOptions': handler(C.getBranchOptions, async (_input, ctx) => {
    const { schoolId } = await requireAnyGateMenu(ctx);
    const branchIds = await branchFilter(ctx);
    let q = ctx.app.db.selectFrom('branches').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId);
    if (branchIds) q = q.where('id', 'in', inList(branchIds));
    const en = ctx.lang === 'en-US';
    return (await q.orderBy('sort').orderBy('id').execute()).map((r) => ({ ID: r.id, Name: (en && r.en_name) || r.name }));
  }),

  'gate.getEvents': handler(C.getEvents, async (input, ctx) => {
    const { Page, Rows, ...f } = input;
    return findEvents(ctx.app.db, await scopeOf(ctx), f, Page, Rows);
  }),

  'gate.getAlarms': handler(C.getAlarms, async (input, ctx) => {
    const { Page, Rows, ...f } = input;
    return findAlarms(ctx.app.db, await scopeOf(ctx), f, Page, Rows);
  }),

  'gate.exportAlarms': handler(C.exportAlarms, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const scope = await scopeOf(ctx);
    return { DataID: await ctx.app.jobs.start(alarmExportJob({ app: ctx.app, lang: ctx.lang, scope, userId, filters: input })) };
  }),

  'gate.getStatistic': handler(C.getStatistic, async (input, ctx) => {
    const scope = await scopeOf(ctx);
    const { Unit, ...f } = input;
    return statistic(ctx.app.db, scope, { ...f, ...periodOf(input, scope.utcOffsetMinutes) }, Unit);
  }),

  'gate.exportStatistic': handler(C.exportStatistic, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const scope = await scopeOf(ctx);
    const query = { ...input, ...periodOf(input, scope.utcOffsetMinutes) };
    return { DataID: await ctx.app.jobs.start(statExportJob({ app: ctx.app, lang: ctx.lang, scope, userId, query })) };
  }),

  'gate.getPublicCounts': handler(C.getPublicCounts, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const db = ctx.app.db;
    let branchName = '';
    if (input.BranchID != null) {
      const b = await db.selectFrom('branches').select(['name', 'en_name']).where('school_id', '=', schoolId).where('id', '=', input.BranchID).executeTakeFirst();
      if (!b) throw AppError.notFound('gate:branchNotFound');
      branchName = (ctx.lang === 'en-US' && b.en_name) || b.name;
    }
    const day = toLocalDay(new Date().toISOString(), await utcOffsetOf(db, schoolId));
    // Weeks start on Monday, as school timetables in China do.
    const weekFrom = addDays(day, -((weekdayOf(day) + 6) % 7));
    const [today, week] = await Promise.all([inOut(db, schoolId, day, day, input.BranchID), inOut(db, schoolId, weekFrom, day, input.BranchID)]);
    return {
      Day: day, WeekFrom: weekFrom, TodayIn: today.In, TodayOut: today.Out, Occupancy: Math.max(0, today.In - today.Out), WeekIn: week.In, BranchName: branchName,
    };
  }),
} satisfies HandlerMapFor<typeof C>;

import { ledgerCalls as L, LEDGER_MENUS, type LedgerFilters, type LedgerKind } from '../../shared/api/ledgers.ts';
import { branchFilter, inList, typeFilter } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { holds } from '../access/permissions.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { ledgerExportJob } from './ledger-export.ts';
import { copyLedger, titleLedger, weedingLedger } from './ledger-lists.ts';
import { summaryLedger } from './ledger-summary.ts';
import type { LedgerFilter, LedgerScope } from './ledger-store.ts';

/**
 * The accession registers (contract: shared/api/ledgers.ts). Read-only; each register needs its
 * route's menu (the calls serving several registers check the one named), and staff limited to
 * some branches or resource types see only those copies.
 */

async function scopeOf(ctx: CallContext, kind: LedgerKind): Promise<LedgerScope> {
  const { userId, schoolId } = requireUser(ctx);
  if (!holds(await ctx.app.permissions.of(userId, schoolId), LEDGER_MENUS[kind])) throw AppError.forbidden();
  const [branchIds, typeIds, rules] = await Promise.all([branchFilter(ctx), typeFilter(ctx), ctx.app.schoolRules.of(schoolId)]);
  return { schoolId, offset: rules.rules.Calendar.UtcOffsetMinutes, branchIds, typeIds, lang: ctx.lang };
}

/** The filters, with named batches checked to be the school's (404 otherwise, never an empty register that looks real). */
async function filterOf(ctx: CallContext, s: LedgerScope, q: Omit<LedgerFilters, 'From' | 'To'>): Promise<LedgerFilter> {
  const ids = [...new Set(q.BatchIDs ?? [])];
  if (ids.length) {
    const found = await ctx.app.db.selectFrom('batches').select('id').where('school_id', '=', s.schoolId).where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw AppError.notFound('validation:ledgers.batchNotFound');
  }
  return { branchId: q.BranchID, resourceTypeId: q.ResourceTypeID, batchIds: ids.length ? ids : undefined };
}

const named = (lang: string, zh: string, en: string) => (lang === 'en-US' && en ? en : zh);

/** The export's lines under the title: the period and the filters, in words. */
async function headerLines(ctx: CallContext, s: LedgerScope, q: LedgerFilters): Promise<string[]> {
  const db = ctx.app.db;
  const lines: string[] = [];
  if (q.From || q.To) lines.push(ctx.t('ledgers:print.period', { from: q.From ?? '…', to: q.To ?? '…' }));
  if (q.BranchID) {
    const b = await db.selectFrom('branches').select(['name', 'en_name']).where('school_id', '=', s.schoolId).where('id', '=', q.BranchID).executeTakeFirst();
    if (b) lines.push(`${ctx.t('ledgers:fields.BranchID')}: ${named(ctx.lang, b.name, b.en_name)}`);
  }
  if (q.ResourceTypeID) {
    const r = await db.selectFrom('resource_types').select(['name', 'en_name']).where('school_id', '=', s.schoolId).where('id', '=', q.ResourceTypeID).executeTakeFirst();
    if (r) lines.push(`${ctx.t('ledgers:fields.ResourceTypeID')}: ${named(ctx.lang, r.name, r.en_name)}`);
  }
  if (q.BatchIDs?.length) {
    const bs = await db.selectFrom('batches').select('batch_no').where('school_id', '=', s.schoolId).where('id', 'in', q.BatchIDs).orderBy('batch_no').execute();
    lines.push(`${ctx.t('ledgers:fields.BatchIDs')}: ${bs.map((b) => b.batch_no).join(', ')}`);
  }
  return lines;
}

export const ledgersHandlers = {
  'ledgers.summary': handler(L.summary, async (input, ctx) => {
    const s = await scopeOf(ctx, 'ledger');
    return summaryLedger(ctx.app.db, s, await filterOf(ctx, s, input), input.From, input.To);
  }),
  'ledgers.copies': handler(L.copies, async (input, ctx) => {
    const s = await scopeOf(ctx, input.Ledger);
    return copyLedger(ctx.app.db, s, await filterOf(ctx, s, input), { from: input.From, to: input.To }, input.Page, input.Rows);
  }),
  'ledgers.titles': handler(L.titles, async (input, ctx) => {
    const s = await scopeOf(ctx, input.Ledger);
    return titleLedger(ctx.app.db, s, await filterOf(ctx, s, input), { from: input.From, to: input.To }, input.Page, input.Rows);
  }),
  'ledgers.weeding': handler(L.weeding, async (input, ctx) => {
    const s = await scopeOf(ctx, 'weeding');
    return weedingLedger(ctx.app.db, s, await filterOf(ctx, s, input), input.From, input.To, input.Page, input.Rows);
  }),
  'ledgers.options': handler(L.options, async (input, ctx) => {
    const s = await scopeOf(ctx, input.Ledger);
    const db = ctx.app.db;
    let batches = db.selectFrom('batches').select(['id', 'batch_no', 'bookseller', 'registered_on', 'accepted_on', 'branch_id', 'state']).where('school_id', '=', s.schoolId);
    if (s.branchIds) batches = batches.where('branch_id', 'in', inList(s.branchIds));
    let branches = db.selectFrom('branches').select(['id', 'name', 'en_name']).where('school_id', '=', s.schoolId);
    if (s.branchIds) branches = branches.where('id', 'in', inList(s.branchIds));
    let types = db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', s.schoolId);
    if (s.typeIds) types = types.where('id', 'in', inList(s.typeIds));
    const [school, bs, brs, ts] = await Promise.all([
      db.selectFrom('schools').select(['name', 'en_name']).where('id', '=', s.schoolId).executeTakeFirst(),
      batches.orderBy('registered_on', 'desc').orderBy('batch_no').limit(2000).execute(),
      branches.orderBy('id').execute(),
      types.orderBy('id').execute(),
    ]);
    return {
      SchoolName: school ? named(ctx.lang, school.name, school.en_name) : '',
      Batches: bs.map((b) => ({ ID: b.id, BatchNo: b.batch_no, Source: b.bookseller, Day: b.accepted_on ?? b.registered_on, BranchID: b.branch_id, State: b.state })),
      Branches: brs.map((b) => ({ ID: b.id, Name: named(ctx.lang, b.name, b.en_name) })),
      ResourceTypes: ts.map((r) => ({ ID: r.id, Name: named(ctx.lang, r.name, r.en_name) })),
    };
  }),
  'ledgers.export': handler(L.export, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const s = await scopeOf(ctx, input.Ledger);
    const filter = await filterOf(ctx, s, input);
    const school = await ctx.app.db.selectFrom('schools').select(['name', 'en_name']).where('id', '=', s.schoolId).executeTakeFirst();
    const DataID = await ctx.app.jobs.start(ledgerExportJob({
      app: ctx.app, lang: ctx.lang, scope: s, userId, query: input, filter,
      schoolName: school ? named(ctx.lang, school.name, school.en_name) : '', headerLines: await headerLines(ctx, s, input),
    }));
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof L>;


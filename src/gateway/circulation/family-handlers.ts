import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { circulationFamilyCalls as F, FAMILY_MENUS, type FamilyMember } from '../../shared/api/circulation-family.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { branchFilter, inList } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { holds } from '../access/permissions.ts';
import { readerFilter } from '../access/user-store.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
import { findLoans, type LoanFilters, type LoanOrder, type RecordScope } from './records-store.ts';

/**
 * The family's loans (contract: shared/api/circulation-family.ts). Who is in a family comes from
 * student_parents alone. A caller naming nobody, or themselves, is a parent asking for their own
 * children (no menu needed, all branches); naming anyone else needs the screen's menu, and staff
 * limited to some branches see the loans of copies in those branches, as in the other records.
 */

type Db = Kysely<Database>;

async function members(db: Db, schoolId: number, ids: readonly number[], lang: Language): Promise<FamilyMember[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('users').leftJoin('departments as d', 'd.id', 'users.dept_id')
    .select(['users.id', 'users.name', 'users.reader_id', 'users.identity', 'd.name as dept_name', 'd.en_name as dept_en_name'])
    .where('users.school_id', '=', schoolId).where('users.id', 'in', inList(ids))
    .orderBy('users.dept_id').orderBy('users.reader_id').execute();
  return rows.map((r) => ({
    UserID: r.id, Name: r.name, ReaderID: r.reader_id, Identity: r.identity,
    ClassName: (lang === 'en-US' && r.dept_en_name) || r.dept_name || '',
  }));
}

const links = (db: Db, schoolId: number) => db.selectFrom('student_parents').select(['student_id', 'parent_id']).where('school_id', '=', schoolId);

/**
 * The family of `userId`: as a parent, their children and those children's parents; as a student,
 * their parents, the parents' children (brothers and sisters) and themselves. `asSelf`: only the
 * caller's own children (a student asking for themselves sees no one else's loans).
 */
async function familyOf(db: Db, schoolId: number, userId: number, asSelf: boolean): Promise<{ children: number[]; parents: number[] }> {
  const asParent = (await links(db, schoolId).where('parent_id', '=', userId).execute()).map((r) => r.student_id);
  if (asSelf) return { children: asParent, parents: asParent.length ? [userId] : [] };
  let children = asParent;
  if (!children.length) {
    const parents = (await links(db, schoolId).where('student_id', '=', userId).execute()).map((r) => r.parent_id);
    if (!parents.length) return { children: [userId], parents: [] };
    children = (await links(db, schoolId).where('parent_id', 'in', parents).execute()).map((r) => r.student_id);
  }
  children = [...new Set(children)];
  const parents = children.length ? (await links(db, schoolId).where('student_id', 'in', children).execute()).map((r) => r.parent_id) : [];
  return { children, parents: [...new Set(parents)] };
}

interface Family {
  scope: RecordScope;
  children: number[];
  parents: number[];
}

/** Who the request is about and what the caller may see of them. */
async function resolve(ctx: CallContext, menu: string, named: number | undefined): Promise<Family> {
  const { userId, schoolId } = requireUser(ctx);
  const db = ctx.app.db;
  const self = named == null || named === userId;
  if (!self) {
    const perms = await ctx.app.permissions.of(userId, schoolId);
    if (!holds(perms, menu)) throw AppError.forbidden();
    const exists = await db.selectFrom('users').select('id').where('school_id', '=', schoolId).where('id', '=', named).executeTakeFirst();
    if (!exists) throw AppError.notFound('errors:readerNotFound');
  }
  const [fam, cal, branchIds] = await Promise.all([
    familyOf(db, schoolId, named ?? userId, self),
    loadCalendar(db, schoolId),
    self ? Promise.resolve(null) : branchFilter(ctx),
  ]);
  return { ...fam, scope: { schoolId, branchIds, calendar: cal.calendar, now: new Date().toISOString(), lang: ctx.lang } };
}

async function familyPage(ctx: CallContext, fam: Family, f: LoanFilters, order: LoanOrder, page: number, rows: number) {
  const db = ctx.app.db;
  const [loans, Children, Parents] = await Promise.all([
    fam.children.length ? findLoans(db, fam.scope, { ...f, userIds: fam.children }, order, page, rows) : { List: [], Total: 0 },
    members(db, fam.scope.schoolId, fam.children, ctx.lang),
    members(db, fam.scope.schoolId, fam.parents, ctx.lang),
  ]);
  return { ...loans, Children, Parents };
}

const EXPORT_COLUMNS = ['ReaderName', 'ClassName', 'ReaderID', 'Barcode', 'Title', 'LoanedAt', 'DueDay', 'ReturnedAt', 'State', 'OverdueDays'] as const;

function exportJob(o: { app: FastifyInstance; lang: Language; userId: number; fam: Family; kind: 'open' | 'history'; who: string }): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const schoolId = o.fam.scope.schoolId;
  const resultPath = join('files', String(schoolId), `${randomUUID()}.xlsx`);
  const offset = o.fam.scope.calendar.UtcOffsetMinutes;
  const local = (v: string | null) => (v ? new Date(Date.parse(v) + offset * 60_000).toISOString().slice(0, 16).replace('T', ' ') : '');
  return {
    schoolId, userId: o.userId, operationType: 'ExportKinLoans', resultPath,
    fileName: `${t(`circulation:family.export.${o.kind}`)}_${o.who}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet(t(`circulation:family.export.${o.kind}`));
      sheet.columns = EXPORT_COLUMNS.map((k) => ({ header: t(`circulation:family.cols.${k}`), key: k, width: k === 'Title' ? 36 : 16 }));
      sheet.getRow(1).font = { bold: true };
      const f: LoanFilters = { userIds: o.fam.children, ...(o.kind === 'open' ? { state: 'onLoan' as const } : {}) };
      let page = 1;
      let done = 0;
      for (;;) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const { List, Total } = o.fam.children.length ? await findLoans(o.app.db, o.fam.scope, f, o.kind === 'open' ? 'byClass' : 'family', page, 1000) : { List: [], Total: 0 };
        if (page === 1) await ctx.setTotal(Total);
        for (const r of List) {
          const row = sheet.addRow({
            ...r, LoanedAt: local(r.LoanedAt), ReturnedAt: local(r.ReturnedAt),
            State: t(`circulation:records.state.${r.State}`, { days: r.OverdueDays }),
          });
          if (r.State === 'overdue') row.font = { color: { argb: 'FFC00000' } };
        }
        done += List.length;
        await ctx.progress(done);
        if (List.length < 1000) break;
        page++;
      }
      await wb.xlsx.writeFile(file);
    },
  };
}

export const circulationFamilyHandlers = {
  'circulationFamily.findFamilies': handler(F.findFamilies, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const perms = await ctx.app.permissions.of(userId, schoolId);
    if (!holds(perms, FAMILY_MENUS.open) && !holds(perms, FAMILY_MENUS.history)) throw AppError.forbidden();
    const db = ctx.app.db;
    const base = db.selectFrom('users')
      .where('users.school_id', '=', schoolId)
      .where(readerFilter(input.SearchKey))
      .where((eb) => eb.or([
        eb.exists(eb.selectFrom('student_parents as sp').select('sp.parent_id').whereRef('sp.parent_id', '=', 'users.id').where('sp.school_id', '=', schoolId)),
        eb.exists(eb.selectFrom('student_parents as sp').select('sp.student_id').whereRef('sp.student_id', '=', 'users.id').where('sp.school_id', '=', schoolId)),
      ]));
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      base.select('users.id').orderBy('users.identity').orderBy('users.reader_id').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    const ids = rows.map((r) => r.id);
    const [people, pairs] = await Promise.all([
      members(db, schoolId, ids, ctx.lang),
      ids.length ? links(db, schoolId).where((eb) => eb.or([eb('parent_id', 'in', ids), eb('student_id', 'in', ids)])).execute() : Promise.resolve([]),
    ]);
    const others = await members(db, schoolId, [...new Set(pairs.flatMap((p) => [p.parent_id, p.student_id]))], ctx.lang);
    const nameOf = new Map(others.map((m) => [m.UserID, m.Name]));
    const byId = new Map(people.map((p) => [p.UserID, p]));
    return {
      Total: Number(count.n),
      List: ids.map((id) => byId.get(id)!).filter(Boolean).map((p) => ({
        ...p,
        Linked: [...new Set(pairs.filter((x) => x.parent_id === p.UserID || x.student_id === p.UserID)
          .map((x) => (x.parent_id === p.UserID ? x.student_id : x.parent_id)))].map((id) => nameOf.get(id) ?? '').join('、'),
      })),
    };
  }),

  'circulationFamily.getKinBorrowing': handler(F.getKinBorrowing, async (input, ctx) => {
    const fam = await resolve(ctx, FAMILY_MENUS.open, input.UserID);
    return familyPage(ctx, fam, { state: input.OverdueOnly ? 'overdue' : 'onLoan' }, 'byClass', input.Page, input.Rows);
  }),

  'circulationFamily.getKinBorrowRecords': handler(F.getKinBorrowRecords, async (input, ctx) => {
    const fam = await resolve(ctx, FAMILY_MENUS.history, input.UserID);
    return familyPage(ctx, fam, { loanedFrom: input.DateFrom, loanedTo: input.DateTo, state: input.State }, 'family', input.Page, input.Rows);
  }),

  'circulationFamily.exportKin': handler(F.exportKin, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const fam = await resolve(ctx, FAMILY_MENUS[input.Kind], input.UserID);
    const who = await ctx.app.db.selectFrom('users').select('reader_id').where('school_id', '=', schoolId).where('id', '=', input.UserID).executeTakeFirstOrThrow();
    const DataID = await ctx.app.jobs.start(exportJob({ app: ctx.app, lang: ctx.lang, userId, fam, kind: input.Kind, who: who.reader_id }));
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof F>;

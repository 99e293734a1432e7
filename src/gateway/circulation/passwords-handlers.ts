import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  circulationPasswordCalls as P, PASSWORD_MENU, PASSWORD_RESET_OP, PIN_MENU,
  type BatchPreview, type passwordResetInput, type pinSetInput, type ReaderChoice, type SkipReason,
} from '../../shared/api/circulation-passwords.ts';
import { checkPassword, type PasswordPolicy } from '../../shared/domain/validation-rules.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { inList } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { holds } from '../access/permissions.ts';
import { readerFilter } from '../access/user-store.ts';
import { writeTx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
import { hashPassword } from '../security/passwords.ts';
import { deptOptions, deptSubtree } from './records-store.ts';

/**
 * Batch passwords (contract: shared/api/circulation-passwords.ts). The preview and the job read the
 * chosen readers the same way (chosenReaders + planOf), so the job changes exactly the readers the
 * preview counted as changing, as they are when it starts. The job hashes first (slow, nothing
 * written), then writes every hash in one transaction, then writes its report.
 */

type Db = Kysely<Database>;
type PasswordInput = z.infer<typeof passwordResetInput>;
type PinInput = z.infer<typeof pinSetInput>;
type Target = Pick<PasswordInput, 'DeptID' | 'Identity' | 'UserIDs'>;

/** More than this in one batch is refused: the job would hold the gateway's two hash slots for minutes. */
const MAX_BATCH = 2000;

async function requireEither(ctx: CallContext): Promise<{ userId: number; schoolId: number }> {
  const { userId, schoolId } = requireUser(ctx);
  const perms = await ctx.app.permissions.of(userId, schoolId);
  if (!holds(perms, PASSWORD_MENU) && !holds(perms, PIN_MENU)) throw AppError.forbidden();
  return { userId, schoolId };
}

function readersQuery(db: Db, schoolId: number) {
  return db.selectFrom('users')
    .leftJoin('departments as d', 'd.id', 'users.dept_id')
    .leftJoin('borrow_pins as bp', (j) => j.onRef('bp.user_id', '=', 'users.id').on('bp.school_id', '=', schoolId))
    .where('users.school_id', '=', schoolId);
}

function selectReaders(q: ReturnType<typeof readersQuery>) {
  return q.select([
    'users.id', 'users.name', 'users.reader_id', 'users.identity', 'users.birthday', 'users.account',
    'd.name as dept_name', 'd.en_name as dept_en_name', 'bp.user_id as pin_user',
    (eb) => eb.case().when('users.password_hash', 'is not', null).then(1).else(0).end().as('can_sign_in'),
  ]).orderBy('users.dept_id').orderBy('users.reader_id').orderBy('users.id');
}

interface ReaderRow {
  id: number; name: string; reader_id: string; identity: ReaderChoice['Identity']; birthday: string | null; account: string;
  dept_name: string | null; dept_en_name: string | null; pin_user: number | null; can_sign_in: number;
}

const className = (r: ReaderRow, lang: Language) => (lang === 'en-US' && r.dept_en_name) || r.dept_name || '';

/** The readers a target names, in class and card order; 404 when a named class or reader is not the school's. */
async function chosenReaders(db: Db, schoolId: number, t: Target): Promise<ReaderRow[]> {
  let q = readersQuery(db, schoolId);
  if (t.DeptID != null) {
    const ids = await deptSubtree(db, schoolId, t.DeptID);
    if (!ids) throw AppError.notFound('validation:reader.deptNotFound');
    q = q.where('users.dept_id', 'in', inList(ids));
  }
  if (t.Identity) q = q.where('users.identity', '=', t.Identity);
  if (t.UserIDs?.length) {
    const wanted = [...new Set(t.UserIDs)];
    const found = await db.selectFrom('users').select('id').where('school_id', '=', schoolId).where('id', 'in', wanted).execute();
    if (found.length !== wanted.length) throw AppError.notFound('errors:readerNotFound');
    q = q.where('users.id', 'in', wanted);
  }
  const rows: ReaderRow[] = await selectReaders(q).limit(MAX_BATCH + 1).execute();
  if (rows.length > MAX_BATCH) throw AppError.refused('circulation:passwords.tooMany', { max: MAX_BATCH });
  return rows;
}

interface Plan {
  rows: Array<{ reader: ReaderRow; value: string }>;
  skipped: Array<{ reader: ReaderRow; reason: SkipReason }>;
}

/** Administrators' accounts (a role with "*") and other password resetters', which only an administrator may reset. */
async function protectedIds(db: Db, schoolId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.permissions']).where('roles.school_id', '=', schoolId).where('user_roles.user_id', 'in', [...ids]).execute();
  return new Set(rows.filter((r) => r.permissions.includes('"*"') || r.permissions.includes(`"${PASSWORD_RESET_OP}"`)).map((r) => r.user_id));
}

async function passwordPlan(ctx: CallContext, schoolId: number, userId: number, input: PasswordInput): Promise<Plan> {
  const db = ctx.app.db;
  const school = await db.selectFrom('schools').select('password_policy').where('id', '=', schoolId).executeTakeFirstOrThrow();
  const policy: PasswordPolicy = school.password_policy;
  // One value for everyone that breaks the rules is the request's fault, not each reader's.
  if (input.Rule === 'fixed') {
    const broken = checkPassword(input.Password ?? '', policy);
    if (broken) throw AppError.refused(broken);
  }
  const readers = await chosenReaders(db, schoolId, input);
  const perms = await ctx.app.permissions.of(userId, schoolId);
  const guarded = perms.all ? new Set<number>() : await protectedIds(db, schoolId, readers.map((r) => r.id));
  const plan: Plan = { rows: [], skipped: [] };
  for (const r of readers) {
    if (r.id === userId) { plan.skipped.push({ reader: r, reason: 'self' }); continue; }
    if (guarded.has(r.id)) { plan.skipped.push({ reader: r, reason: 'protected' }); continue; }
    let value: string;
    if (input.Rule === 'fixed') value = input.Password!;
    else if (input.Rule === 'cardTail') value = r.reader_id.slice(-6);
    else if (!r.birthday) { plan.skipped.push({ reader: r, reason: 'noBirthday' }); continue; }
    else value = r.birthday.slice(0, 10).replaceAll('-', '');
    if (checkPassword(value, policy)) { plan.skipped.push({ reader: r, reason: 'policy' }); continue; }
    plan.rows.push({ reader: r, value });
  }
  return plan;
}

async function pinPlan(ctx: CallContext, schoolId: number, input: PinInput, withValues: boolean): Promise<Plan> {
  const readers = await chosenReaders(ctx.app.db, schoolId, input);
  const plan: Plan = { rows: [], skipped: [] };
  const len = input.PinLength;
  for (const r of readers) {
    let value: string;
    if (input.Rule === 'fixed') value = input.Pin!;
    else if (input.Rule === 'cardTail') {
      value = r.reader_id.slice(-len);
      if (!/^\d+$/.test(value) || value.length < len) { plan.skipped.push({ reader: r, reason: 'cardNotDigits' }); continue; }
    } else value = withValues ? String(randomInt(0, 10 ** len)).padStart(len, '0') : '';
    plan.rows.push({ reader: r, value });
  }
  return plan;
}

function previewOf(plan: Plan): BatchPreview {
  return {
    Total: plan.rows.length + plan.skipped.length,
    Changes: plan.rows.length,
    Skipped: plan.skipped.slice(0, 100).map((s) => ({ UserID: s.reader.id, Name: s.reader.name, ReaderID: s.reader.reader_id, Reason: s.reason })),
    SkippedTotal: plan.skipped.length,
  };
}

interface BatchJob {
  app: FastifyInstance; lang: Language; schoolId: number; userId: number;
  kind: 'password' | 'pin'; plan: Plan; showValues: boolean;
}

/** Hash all, write all in one transaction, end the changed accounts' sessions (passwords), then the report. */
function batchJob(o: BatchJob): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const resultPath = join('files', String(o.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const base = o.kind === 'password' ? 'circulation:passwords.report' : 'circulation:passwords.pinReport';
  const spec: JobSpec = {
    schoolId: o.schoolId, userId: o.userId, operationType: o.kind === 'password' ? 'ResetPasswords' : 'SetBorrowPins', resultPath,
    fileName: `${t(`${base}.fileName`)}_${stamp}.xlsx`,
    doneMessage: '', stoppedMessage: t('circulation:passwords.stopped'), failedMessage: t('circulation:passwords.failed'),
    async run(ctx: JobContext) {
      const params = o.app.sso?.settings.passwordHashParams;
      await ctx.setTotal(o.plan.rows.length);
      // Two at a time: the hash module runs at most two (about 128 MiB each), the rest wait their turn.
      const hashes: string[] = [];
      for (let i = 0; i < o.plan.rows.length; i += 2) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        hashes.push(...(await Promise.all(o.plan.rows.slice(i, i + 2).map((row) => hashPassword(row.value, params)))));
        if (i % 10 === 8 || i + 2 >= o.plan.rows.length) await ctx.progress(Math.min(i + 2, o.plan.rows.length));
      }
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const now = new Date().toISOString();
      const changed = new Set<number>();
      await writeTx(o.app.db, async (trx) => {
        for (const [i, row] of o.plan.rows.entries()) {
          const id = row.reader.id;
          if (o.kind === 'password') {
            const r = await trx.updateTable('users').set({ password_hash: hashes[i]!, updated_at: now }).where('school_id', '=', o.schoolId).where('id', '=', id).executeTakeFirst();
            if (Number(r.numUpdatedRows) === 1) changed.add(id);
          } else {
            const exists = await trx.selectFrom('users').select('id').where('school_id', '=', o.schoolId).where('id', '=', id).executeTakeFirst();
            if (!exists) continue;
            await trx.insertInto('borrow_pins').values({ user_id: id, school_id: o.schoolId, pin_hash: hashes[i]!, failed_count: 0, locked_until: null, updated_at: now })
              .onConflict((oc) => oc.column('user_id').doUpdateSet({ pin_hash: hashes[i]!, failed_count: 0, locked_until: null, updated_at: now })).execute();
            changed.add(id);
          }
        }
      });
      // Whoever knew the old password is signed out (as after changing one's own).
      if (o.kind === 'password' && o.app.sso) for (const id of changed) await o.app.sso.endOtherSessions(String(id), null);
      await ctx.progress(o.plan.rows.length);
      await writeReport(o, t, base, join(o.app.config.dataDir, resultPath), changed);
      spec.doneMessage = t('circulation:passwords.done', { changed: changed.size, skipped: o.plan.skipped.length + o.plan.rows.length - changed.size });
    },
  };
  return spec;
}

/** One row per chosen reader and its outcome; with random PINs, one slip per row (name, class, card, PIN) to cut and hand out. */
async function writeReport(o: BatchJob, t: (k: string, p?: Record<string, unknown>) => string, base: string, file: string, changed: ReadonlySet<number>) {
  const { default: ExcelJS } = await import('exceljs');
  mkdirSync(dirname(file), { recursive: true });
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(t(`${base}.sheet`));
  const cols = ['Name', 'ClassName', 'ReaderID', ...(o.showValues ? ['Pin'] : []), 'Outcome'];
  sheet.columns = cols.map((k) => ({ header: t(`circulation:passwords.reportCols.${k}`), key: k, width: k === 'Outcome' ? 30 : k === 'Pin' ? 12 : 18 }));
  sheet.getRow(1).font = { bold: true };
  const border = { style: 'dashed' as const };
  for (const r of o.plan.rows) {
    const ok = changed.has(r.reader.id);
    const row = sheet.addRow({
      Name: r.reader.name, ClassName: className(r.reader, o.lang), ReaderID: r.reader.reader_id,
      ...(o.showValues ? { Pin: ok ? r.value : '' } : {}),
      Outcome: t(ok ? 'circulation:passwords.outcome.changed' : 'circulation:passwords.outcome.gone'),
    });
    if (o.showValues) {
      row.height = 28;
      row.font = { size: 13 };
      row.eachCell((c) => { c.border = { top: border, bottom: border }; });
    }
  }
  for (const s of o.plan.skipped) {
    sheet.addRow({ Name: s.reader.name, ClassName: className(s.reader, o.lang), ReaderID: s.reader.reader_id, Outcome: t(`circulation:passwords.skip.${s.reason}`) });
  }
  await wb.xlsx.writeFile(file);
}

export const circulationPasswordHandlers = {
  'circulationPasswords.getReaderChoices': handler(P.getReaderChoices, async (input, ctx) => {
    const { schoolId } = await requireEither(ctx);
    const db = ctx.app.db;
    let q = readersQuery(db, schoolId);
    if (input.DeptID != null) {
      const ids = await deptSubtree(db, schoolId, input.DeptID);
      if (!ids) throw AppError.notFound('validation:reader.deptNotFound');
      q = q.where('users.dept_id', 'in', inList(ids));
    }
    if (input.Identity) q = q.where('users.identity', '=', input.Identity);
    if (input.SearchKey?.trim()) q = q.where(readerFilter(input.SearchKey));
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      selectReaders(q).limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    return {
      Total: Number(count.n),
      List: rows.map((r) => ({
        ID: r.id, Name: r.name, ReaderID: r.reader_id, Identity: r.identity, ClassName: className(r, ctx.lang),
        CanSignIn: Number(r.can_sign_in) === 1, HasPin: r.pin_user != null,
      })),
    };
  }),

  'circulationPasswords.getDeptChoices': handler(P.getDeptChoices, async (_input, ctx) => {
    const { schoolId } = await requireEither(ctx);
    return deptOptions(ctx.app.db, schoolId, ctx.lang);
  }),

  'circulationPasswords.previewPasswordReset': handler(P.previewPasswordReset, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    return previewOf(await passwordPlan(ctx, schoolId, userId, input));
  }),

  'circulationPasswords.resetPasswords': handler(P.resetPasswords, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const plan = await passwordPlan(ctx, schoolId, userId, input);
    if (!plan.rows.length) throw AppError.refused('circulation:passwords.nothingToChange');
    const DataID = await ctx.app.jobs.start(batchJob({ app: ctx.app, lang: ctx.lang, schoolId, userId, kind: 'password', plan, showValues: false }));
    return { DataID, Changes: plan.rows.length };
  }),

  'circulationPasswords.previewPinSet': handler(P.previewPinSet, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return previewOf(await pinPlan(ctx, schoolId, input, false));
  }),

  'circulationPasswords.setPins': handler(P.setPins, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const plan = await pinPlan(ctx, schoolId, input, true);
    if (!plan.rows.length) throw AppError.refused('circulation:passwords.nothingToChange');
    const DataID = await ctx.app.jobs.start(batchJob({ app: ctx.app, lang: ctx.lang, schoolId, userId, kind: 'pin', plan, showValues: input.Rule === 'random' }));
    return { DataID, Changes: plan.rows.length };
  }),
} satisfies HandlerMapFor<typeof P>;

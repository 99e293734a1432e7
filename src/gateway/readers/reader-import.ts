import type { Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import { importCommitInputSchema, importPreviewInputSchema, type ImportMode } from '../../shared/api/import.ts';
import { readerCalls, readerInputSchema, type ReaderInput } from '../../shared/api/readers.ts';
import { IDENTITIES } from '../../shared/domain/identities.ts';
import { LANGUAGES } from '../../shared/domain/ui-constants.ts';
import { isMaskedPhone, maskPhone } from '../../shared/domain/validation-rules.ts';
import { isUniqueViolation } from '../db/connect.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext } from '../http/handler-types.ts';
import type { Translator } from '../http/i18n.ts';
import { loadReaderLookups, readerRuleViolations } from './reader-rules.ts';
import { inputOf, insertReader, userValues } from './reader-store.ts';
import { requireUser } from '../access/call-context.ts';
import { importCommit, importPreview, type ImportAdapter, type ImportColumn, type ImportContext, type ImportRecord, type PlannedRow } from '../import/import-engine.ts';

/**
 * Readers from Excel. The key of an update is the card number (ReaderID); columns the sheet does
 * not have keep their stored values. Titles are the export's (so an exported sheet imports back)
 * in both languages, plus common synonyms. Coded values (identity, sex, status) accept the code
 * or its label in either language; the department is given by name. A masked mobile number
 * (the export masks them) keeps the stored one.
 */
interface Payload {
  input: ReaderInput;
  id: number | null;
  /** updated_at seen by the preview: a different one at commit means someone changed the reader. */
  version: string | null;
}

const COLUMN_SYNONYMS: Record<string, { key?: string; more: string[] }> = {
  ReaderID: { key: 'readerId', more: ['读者证号', '证号', '卡号', 'Card No', 'Card number'] },
  Account: { more: ['账号', '帐号', 'Account'] },
  Name: { key: 'name', more: ['姓名', 'Name'] },
  Identity: { key: 'identity', more: ['身份', 'Identity'] },
  Dept: { key: 'dept', more: ['部门', '班级', 'Department', 'Class'] },
  Sex: { key: 'sex', more: ['性别', 'Sex', 'Gender'] },
  Phone: { key: 'phone', more: ['手机', '手机号', '电话', 'Mobile'] },
  Email: { key: 'email', more: ['邮箱', 'E-mail'] },
  Status: { key: 'status', more: ['状态', 'Status'] },
  ExpireAt: { key: 'expireAt', more: ['有效期', 'Expiry', 'Expiry date'] },
  Birthday: { more: ['出生日期', '生日', 'Birthday', 'Date of birth'] },
};

function columnsFrom(i18n: Translator): ImportColumn[] {
  return Object.entries(COLUMN_SYNONYMS).map(([field, c]) => ({
    field,
    titles: [...(c.key ? LANGUAGES.map((l) => i18n.t(l, `gateway:export.readers.columns.${c.key}`)) : []), ...c.more],
    required: field === 'ReaderID',
  }));
}

/** code or label (either language) → code; unknown text passes through so the schema names the problem. */
function codeMap(i18n: Translator, ns: string, codes: readonly string[]): (v: string) => string {
  const m = new Map<string, string>();
  for (const code of codes) {
    m.set(code.toLowerCase(), code);
    for (const l of LANGUAGES) m.set(i18n.t(l, `gateway:${ns}.${code}`).toLowerCase(), code);
  }
  return (v) => m.get(v.trim().toLowerCase()) ?? v;
}

/** yyyy-mm-dd from "2026-9-1", "2026/09/01" or "2026.9.1"; other text passes through. */
function dateOf(v: string): string {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(v.trim());
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : v.trim();
}

type Existing = Selectable<UsersTable>;

async function existingByCard(ctx: ImportContext, cards: string[]): Promise<Map<string, Existing>> {
  const out = new Map<string, Existing>();
  for (let i = 0; i < cards.length; i += 500) {
    const rows = await ctx.db.selectFrom('users').selectAll().where('school_id', '=', ctx.schoolId).where('reader_id', 'in', cards.slice(i, i + 500)).execute();
    for (const r of rows) out.set(r.reader_id, r);
  }
  return out;
}

async function deptResolver(ctx: ImportContext): Promise<{ byName: (name: string) => number | null | 'ambiguous' | 'unknown'; names: Map<number, string> }> {
  const rows = await ctx.db.selectFrom('departments').select(['id', 'name', 'en_name']).where('school_id', '=', ctx.schoolId).execute();
  const ids = new Map<string, Set<number>>();
  for (const d of rows) {
    for (const n of [d.name, d.en_name]) {
      if (!n) continue;
      const k = n.trim().toLowerCase();
      ids.set(k, (ids.get(k) ?? new Set()).add(d.id));
    }
  }
  return {
    byName: (name) => {
      if (!name.trim()) return null;
      const hit = ids.get(name.trim().toLowerCase());
      if (!hit) return 'unknown';
      return hit.size > 1 ? 'ambiguous' : [...hit][0]!;
    },
    names: new Map(rows.map((d) => [d.id, ctx.lang === 'en-US' ? d.en_name || d.name : d.name])),
  };
}

export function readerImportAdapter(i18n: Translator): ImportAdapter<Payload> {
  const identity = codeMap(i18n, 'identity', IDENTITIES);
  const sex = codeMap(i18n, 'sex', ['male', 'female', 'unknown']);
  const status = codeMap(i18n, 'status', ['active', 'disabled', 'lost', 'expired']);
  return {
    resource: 'readers',
    columns: columnsFrom(i18n),

    async plan(records: ImportRecord[], mode: ImportMode, ctx: ImportContext): Promise<PlannedRow<Payload>[]> {
      const school = await ctx.db.selectFrom('schools').select('code').where('id', '=', ctx.schoolId).executeTakeFirstOrThrow();
      const depts = await deptResolver(ctx);
      const existing = await existingByCard(ctx, [...new Set(records.map((r) => r.values.ReaderID?.trim() ?? '').filter(Boolean))]);
      const seenCards = new Set<string>();
      const seenAccounts = new Set<string>();

      // Pass 1: shape and schema of every row (no database beyond the batch reads above).
      const drafts = records.map((rec) => {
        const v = rec.values;
        const reasons: string[] = [];
        const card = v.ReaderID?.trim() ?? '';
        const old = existing.get(card);
        if (card && seenCards.has(card)) reasons.push('kit:import.reasons.duplicateInFile');
        seenCards.add(card);
        if (old && mode === 'create') reasons.push('validation:reader.readerIdTaken');
        const merged: Record<string, unknown> = old ? { ...inputOf(old) } : {};
        // On an update an empty cell keeps the stored value (a sheet of only card numbers and phones is a phone update).
        const has = (f: string) => f in v && !(old && v[f] === '');
        if (has('ReaderID')) merged.ReaderID = card;
        if (has('Name')) merged.Name = v.Name;
        if (has('Account') && v.Account) merged.Account = v.Account;
        if (!merged.Account && card) merged.Account = `${school.code}_${card}`.toLowerCase();
        if (has('Identity')) merged.Identity = identity(v.Identity!);
        if (has('Sex')) merged.Sex = v.Sex ? sex(v.Sex) : 'unknown';
        if (has('Status')) merged.Status = v.Status ? status(v.Status) : 'active';
        // A masked number (as the export writes it) means "keep the stored phone": it is never
        // written over a real one, and a new reader cannot be created with it.
        const maskedPhone = has('Phone') && isMaskedPhone(v.Phone ?? '');
        if (maskedPhone && !old) reasons.push('validation:phone.masked');
        else if (has('Phone') && !maskedPhone) merged.Phone = v.Phone;
        if (has('Email')) merged.Email = v.Email;
        if (has('Birthday')) merged.Birthday = v.Birthday ? dateOf(v.Birthday) : null;
        if (has('ExpireAt')) merged.ExpireAt = v.ExpireAt ? dateOf(v.ExpireAt) : null;
        if (has('Dept')) {
          const d = depts.byName(v.Dept ?? '');
          if (d === 'unknown') reasons.push('validation:reader.deptNotFound');
          else if (d === 'ambiguous') reasons.push('validation:reader.deptAmbiguous');
          else merged.DeptID = d;
        }
        const parsed = readerInputSchema.safeParse(merged, { error: zodLocale(ctx) });
        if (!parsed.success) {
          for (const i of parsed.error.issues) if (!(maskedPhone && i.path[0] === 'Phone')) reasons.push(i.message);
        }
        const input = parsed.success ? parsed.data : null;
        if (input) {
          if (seenAccounts.has(input.Account)) reasons.push('kit:import.reasons.duplicateInFile');
          seenAccounts.add(input.Account);
        }
        return { rec, old, input, reasons: [...new Set(reasons)] };
      });

      // Pass 2: the save rules, with one batch lookup for the whole file.
      const valid = drafts.filter((d) => d.input);
      const lookups = await loadReaderLookups(ctx.db, ctx.schoolId, { cards: valid.map((d) => d.input!.ReaderID), accounts: valid.map((d) => d.input!.Account) });
      return drafts.map(({ rec, old, input, reasons }) => {
        if (input) reasons.push(...readerRuleViolations(input, old?.id ?? null, lookups).filter((r) => !reasons.includes(r)));
        const shown = input ?? rec.values;
        const data: Record<string, unknown> = {
          ReaderID: shown.ReaderID, Name: shown.Name, Account: input?.Account ?? rec.values.Account, Identity: shown.Identity,
          DeptName: input ? (input.DeptID != null ? depts.names.get(input.DeptID) ?? '' : '') : rec.values.Dept,
          Sex: shown.Sex, Phone: input ? maskPhone(input.Phone) : rec.values.Phone, Email: shown.Email, Status: shown.Status,
          Birthday: shown.Birthday, ExpireAt: shown.ExpireAt,
        };
        for (const k of Object.keys(data)) if (data[k] === undefined) delete data[k];
        const action = reasons.length || !input ? 'reject' : old ? 'update' : 'create';
        return {
          RowNo: rec.rowNo, Action: action, Reasons: reasons, Data: data,
          ...(input && action !== 'reject' ? { payload: { input, id: old?.id ?? null, version: old?.updated_at ?? null } } : {}),
        };
      });
    },

    async apply(trx: Transaction<Database>, row: PlannedRow<Payload>, ctx: ImportContext) {
      const { input, id, version } = row.payload!;
      if (id != null) {
        const now = await trx.selectFrom('users').select('updated_at').where('school_id', '=', ctx.schoolId).where('id', '=', id).executeTakeFirst();
        if (!now) throw AppError.conflict('kit:import.reasons.notFound');
        if (now.updated_at !== version) throw AppError.conflict('kit:import.reasons.changedSincePreview');
      }
      // What the preview checked may have changed since: check again inside this row's transaction.
      const lookups = await loadReaderLookups(trx, ctx.schoolId, { cards: [input.ReaderID], accounts: [input.Account], depts: input.DeptID != null ? [input.DeptID] : [] });
      const broken = readerRuleViolations(input, id, lookups);
      if (broken.length) throw AppError.conflict(broken[0]!);
      try {
        const at = new Date().toISOString();
        if (id == null) return await insertReader(trx, ctx.schoolId, input, at);
        await trx.updateTable('users').set(userValues(input, at)).where('school_id', '=', ctx.schoolId).where('id', '=', id).execute();
        return id;
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.conflict('validation:reader.readerIdTaken');
        throw err;
      }
    },
  };
}

// zod's generic messages in the request's language, as the gateway's own validation words them.
const zodLocales = { 'zh-CN': z.locales.zhCN().localeError, 'en-US': z.locales.en().localeError } as const;
const zodLocale = (ctx: ImportContext) => zodLocales[ctx.lang];

function importContext(ctx: CallContext): ImportContext {
  const { userId, schoolId } = requireUser(ctx);
  return { db: ctx.app.db, schoolId, userId, lang: ctx.lang, t: ctx.t };
}

const adapters = new WeakMap<Translator, ImportAdapter<Payload>>();
function adapterOf(ctx: CallContext): ImportAdapter<Payload> {
  let a = adapters.get(ctx.app.i18n);
  if (!a) adapters.set(ctx.app.i18n, (a = readerImportAdapter(ctx.app.i18n)));
  return a;
}

export const readerImportHandlers = {
  'readers.importPreview': handler(readerCalls.importPreview, async (input, ctx) =>
    importPreview(adapterOf(ctx), input as z.output<typeof importPreviewInputSchema>, importContext(ctx))),
  'readers.importCommit': handler(readerCalls.importCommit, async (input, ctx) =>
    importCommit(adapterOf(ctx), (input as z.output<typeof importCommitInputSchema>).Token, importContext(ctx))),
};

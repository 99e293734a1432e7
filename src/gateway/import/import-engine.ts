import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ImportCommitRow, ImportMode, ImportPreview, ImportPreviewRow, ImportResult } from '../../shared/api/import.ts';
import { IMPORT_MAX_BYTES } from '../../shared/api/import.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { writeTx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { readSheet } from './xlsx-sheet.ts';

/**
 * The generic Excel import (contract: src/shared/api/import.ts). A resource plugs in an adapter:
 * its columns (zh and en titles), `plan` (parse, validate with the resource's own save schema
 * and rules using batch lookups, decide create/update/reject; writes nothing) and `apply` (one
 * row inside its own transaction, re-checking what may have changed since the preview).
 */
export interface ImportColumn {
  field: string;
  /** Header titles that name this column (compared without case, spaces or "*"). */
  titles: readonly string[];
  /** The file is refused when no header names it. */
  required?: boolean;
}

export interface ImportContext {
  db: Kysely<Database>;
  schoolId: number;
  userId: number;
  lang: Language;
  t: (key: string, params?: Record<string, unknown>) => string;
}

/** One sheet row: its number and the text of each mapped column that the sheet has. */
export interface ImportRecord {
  rowNo: number;
  values: Record<string, string>;
}

export interface PlannedRow<P = unknown> extends ImportPreviewRow {
  /** What apply needs (parsed input, id and version of the entry to update); never sent. */
  payload?: P;
}

export interface ImportAdapter<P = unknown> {
  resource: string;
  columns: readonly ImportColumn[];
  plan(records: ImportRecord[], mode: ImportMode, ctx: ImportContext): Promise<PlannedRow<P>[]>;
  /** Writes one planned row; throws an AppError (its key becomes the reason) to reject it. Returns the entry's id. */
  apply(trx: Transaction<Database>, row: PlannedRow<P>, ctx: ImportContext): Promise<number | string>;
}

export const IMPORT_MAX_ROWS = 20_000;
const TOKEN_TTL_MS = 30 * 60_000;
const MAX_TOKENS = 50;

interface Stored {
  owner: string;
  expires: number;
  rows: PlannedRow[];
}
/** Previews waiting for their commit: kept in memory (a restart asks for a new preview), one use each. */
const previews = new Map<string, Stored>();

const ownerOf = (a: ImportAdapter, ctx: ImportContext) => `${ctx.schoolId}:${ctx.userId}:${a.resource}`;
const norm = (s: string) => s.toLowerCase().replace(/[\s*＊]/g, '');

/** Keys the client translates itself stay keys; anything else is worded here in the caller's language. */
function wordReasons(reasons: string[], ctx: ImportContext): string[] {
  return reasons.map((r) => (/^(validation|kit):/.test(r) ? r : /^[a-z][\w-]*:[\w.-]+$/.test(r) ? ctx.t(r) : r));
}

function mapHeaders(adapter: ImportAdapter, headers: string[]): Map<number, string> {
  const byTitle = new Map<string, string>();
  for (const c of adapter.columns) for (const title of [c.field, ...c.titles]) byTitle.set(norm(title), c.field);
  const out = new Map<number, string>();
  headers.forEach((h, i) => {
    const field = byTitle.get(norm(h));
    // Unknown columns (remarks, row numbers) are ignored; a column named twice counts once.
    if (field && ![...out.values()].includes(field)) out.set(i, field);
  });
  return out;
}

export async function importPreview(
  adapter: ImportAdapter, input: { FileName: string; Content: string; Mode: ImportMode }, ctx: ImportContext,
): Promise<ImportPreview> {
  const bytes = Buffer.from(input.Content, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw AppError.badRequest('kit:import.tooLarge');
  const sheet = await readSheet(bytes, IMPORT_MAX_ROWS);
  if ('error' in sheet) throw AppError.badRequest(sheet.error, { max: IMPORT_MAX_ROWS });
  const columns = mapHeaders(adapter, sheet.headers);
  const mapped = new Set(columns.values());
  const missing = adapter.columns.filter((c) => c.required && !mapped.has(c.field));
  if (missing.length) throw AppError.badRequest('errors:importMissingColumns', { columns: missing.map((c) => c.titles[0] ?? c.field).join(', ') });

  const records: ImportRecord[] = sheet.rows.map((r) => {
    const values: Record<string, string> = {};
    for (const [i, field] of columns) values[field] = r.cells[i] ?? '';
    return { rowNo: r.rowNo, values };
  });
  const rows = await adapter.plan(records, input.Mode, ctx);
  for (const r of rows) r.Reasons = wordReasons(r.Reasons, ctx);

  const now = Date.now();
  for (const [k, v] of previews) if (v.expires < now) previews.delete(k);
  while (previews.size >= MAX_TOKENS) previews.delete(previews.keys().next().value!);
  const token = randomUUID();
  previews.set(token, { owner: ownerOf(adapter, ctx), expires: now + TOKEN_TTL_MS, rows });

  const count = (a: string) => rows.filter((r) => r.Action === a).length;
  return {
    Token: token,
    Rows: rows.map(({ payload: _payload, ...shown }) => shown),
    Summary: { Create: count('create'), Update: count('update'), Reject: count('reject') },
  };
}

export async function importCommit(adapter: ImportAdapter, token: string, ctx: ImportContext): Promise<ImportResult> {
  const stored = previews.get(token);
  // Another user's or school's token is as unknown as an expired one.
  if (!stored || stored.owner !== ownerOf(adapter, ctx) || stored.expires < Date.now()) throw AppError.refused('errors:importTokenExpired');
  previews.delete(token);
  const out: ImportCommitRow[] = [];
  for (const row of stored.rows) {
    if (row.Action === 'reject') {
      out.push({ RowNo: row.RowNo, Action: 'rejected', ID: null, Reasons: row.Reasons });
      continue;
    }
    try {
      // Each row is its own transaction: it is written whole or not at all.
      const id = await writeTx(ctx.db, (trx) => adapter.apply(trx, row, ctx));
      out.push({ RowNo: row.RowNo, Action: row.Action === 'create' ? 'created' : 'updated', ID: id, Reasons: [] });
    } catch (err) {
      if (!(err instanceof AppError)) console.error(`import ${adapter.resource} row ${row.RowNo} failed:`, err);
      const reason = err instanceof AppError ? err.key : 'errors:importFailed';
      out.push({ RowNo: row.RowNo, Action: 'rejected', ID: null, Reasons: wordReasons([reason], ctx) });
    }
  }
  const count = (a: string) => out.filter((r) => r.Action === a).length;
  return { Rows: out, Summary: { Created: count('created'), Updated: count('updated'), Rejected: count('rejected') } };
}

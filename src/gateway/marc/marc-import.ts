import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CatalogueDraft, CopyDraft, MarcRules } from '../../shared/domain/marc-rules.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { composeCallNumber } from '../../shared/domain/catalogue/call-number.ts';
import { isbnProblem, toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { writeTx } from '../db/connect.ts';
import { readSetting, writeSetting } from '../db/school-settings.ts';
import { z } from 'zod';
import { readIso2709, type MarcReadResult } from './iso2709-reader.ts';
import { readMarcXml } from './marcxml.ts';
import { mapMarcToCatalogue } from './marc-mapping.ts';
import { ourLanguage } from './marc-catalogue.ts';
import { spellTitle, takeBarcodes, takeSequenceNumber, titleByIsbn13 } from '../catalogue/catalogue-store.ts';
import type { EncodingOption } from './marc-encoding.ts';

/**
 * A MARC file read once into what the preview shows and the import writes. Each record is either
 * importable (its draft, copies and warnings) or broken (reported with its position and 001,
 * never half-written). Kept in memory per school and file for an hour; the import re-reads the
 * file when the gateway restarted in between.
 */
export interface ParsedRecord {
  index: number;
  offset: number;
  controlNumber: string;
  item: CatalogueDraft | null;
  copies: CopyDraft[];
  problems: { code: string; detail: string }[];
  broken: boolean;
}
export interface ParsedFile { records: ParsedRecord[]; flavours: string[]; encodings: string[]; at: number }

const parsed = new Map<string, ParsedFile>();
const TTL_MS = 3600_000;
const key = (school: number, fileId: string) => `${school}:${fileId}`;

export function parseMarcFile(bytes: Buffer, rules: MarcRules, opts: { encoding?: EncodingOption; flavour?: 'auto' | 'marc21' | 'unimarc' } = {}): ParsedFile {
  const start = bytes.subarray(0, 512).toString('latin1').trimStart();
  const results: Iterable<MarcReadResult> = start.startsWith('<')
    ? readMarcXml(bytes, { flavour: opts.flavour ?? 'auto' })
    : readIso2709(bytes, { encoding: opts.encoding ?? 'auto', flavour: opts.flavour ?? 'auto' });
  const records: ParsedRecord[] = [];
  const flavours = new Set<string>();
  const encodings = new Set<string>();
  for (const r of results) {
    if (!r.ok) {
      records.push({ index: r.index, offset: r.offset, controlNumber: r.controlNumber ?? '', item: null, copies: [], problems: [{ code: r.code, detail: r.detail }], broken: true });
      continue;
    }
    flavours.add(r.flavour);
    encodings.add(r.encoding);
    const mapped = mapMarcToCatalogue(r.record, rules[r.flavour]);
    // The mapping names a missing title (map.noTitle) and a wrong ISBN (map.badIsbn, imported without it).
    const problems = [...r.warnings, ...mapped.warnings].map((w) => ({ code: w.code as string, detail: w.detail ?? '' }));
    const noTitle = !mapped.item.title.trim();
    records.push({
      index: r.index, offset: r.offset, controlNumber: r.controlNumber ?? '', item: mapped.item, copies: mapped.copies, problems, broken: noTitle,
    });
  }
  return { records, flavours: [...flavours], encodings: [...encodings], at: Date.now() };
}

export function rememberParsed(school: number, fileId: string, file: ParsedFile): void {
  for (const [k, v] of parsed) if (Date.now() - v.at > TTL_MS) parsed.delete(k);
  parsed.set(key(school, fileId), file);
}
export const recallParsed = (school: number, fileId: string) => parsed.get(key(school, fileId));

// ---- the import ----

export type DuplicatePolicy = 'skip' | 'merge' | 'replace';
export interface ImportCounts { imported: number; merged: number; replaced: number; skipped: number; refused: number; copies: number; copiesRefused: number }
const countsSchema = z.object({ committed: z.number(), imported: z.number(), merged: z.number(), replaced: z.number(), skipped: z.number(), refused: z.number(), copies: z.number(), copiesRefused: z.number() });
const EMPTY = { committed: 0, imported: 0, merged: 0, replaced: 0, skipped: 0, refused: 0, copies: 0, copiesRefused: 0 };
/** Progress of a file's import, written in the same transaction as each chunk: a crash resumes after it. */
const progressKey = (fileId: string) => `marc-import:${fileId}`;

export interface ImportOptions {
  app: FastifyInstance;
  schoolId: number;
  userId: number;
  fileId: string;
  file: ParsedFile;
  policy: DuplicatePolicy;
  withCopies: boolean;
  areaId: number | null;
  lang: Language;
  chunk?: number;
}

function numberOrNull(s: string | undefined): number | null {
  const n = Number(s);
  return Number.isInteger(n) && n >= 1000 && n <= 2199 ? n : null;
}

/**
 * Writes the file's records in transactions of `chunk` records. Each chunk also stores how far the
 * import got, so a stopped or crashed import started again skips what is already in and nothing
 * is doubled. Returns the counts and the report lines (each refused record or copy, with its
 * position in the file and 001).
 */
export async function importParsed(o: ImportOptions, onChunk: (done: number) => Promise<void>, signal: AbortSignal): Promise<{ counts: ImportCounts & { committed: number }; report: string[] }> {
  const { app, schoolId } = o;
  const t = (k: string, p?: Record<string, unknown>) => app.i18n.t(o.lang, k, p);
  // A copy: the fallback object is shared and must never be changed.
  const state = { ...(await readSetting(app.db, schoolId, progressKey(o.fileId), countsSchema, EMPTY)) };
  const report: string[] = [];
  const chunk = o.chunk ?? 2000;
  const areas = await app.db.selectFrom('collection_areas').select(['id', 'code', 'branch_id', 'storage_area']).where('school_id', '=', schoolId).orderBy('id').execute();
  const fallback = areas.find((a) => a.id === o.areaId) ?? areas[0];
  const seq = await app.db.selectFrom('barcode_sequences').selectAll().where('school_id', '=', schoolId).orderBy('is_default', 'desc').orderBy('id').executeTakeFirst();
  const where = (r: ParsedRecord) => t('marc:report.where', { index: r.index + 1, offset: r.offset, id: r.controlNumber || '—' });

  for (let from = state.committed; from < o.file.records.length; from += chunk) {
    if (signal.aborted) throw signal.reason;
    const slice = o.file.records.slice(from, from + chunk);
    const lines: string[] = [];
    const next = { ...state };
    await writeTx(app.db, async (trx) => {
      for (const r of slice) {
        if (r.broken || !r.item) {
          next.refused += 1;
          lines.push(`${where(r)}: ${r.problems.map((p) => t(`marc:issue.${p.code}`, { defaultValue: p.code })).join('; ')}`);
          continue;
        }
        await importOne(trx, o, r, next, lines, { fallback, seq, where: where(r), t });
      }
      next.committed = Math.min(from + chunk, o.file.records.length);
      await writeSetting(trx, schoolId, progressKey(o.fileId), next);
    });
    Object.assign(state, next);
    report.push(...lines);
    await onChunk(state.committed);
  }
  return { counts: state, report };
}

async function importOne(
  trx: Transaction<Database>, o: ImportOptions, r: ParsedRecord, counts: ImportCounts,
  lines: string[], ctx: { fallback: { id: number; code: string; branch_id: number; storage_area: number } | undefined; seq: { id: number; prefix: string; width: number } | undefined; where: string; t: (k: string, p?: Record<string, unknown>) => string },
): Promise<void> {
  const { schoolId } = o;
  const d = r.item!;
  const isbn = d.isbn && !isbnProblem(d.isbn) ? d.isbn : '';
  const isbn13 = isbn ? toIsbn13(isbn)! : '';
  const now = new Date().toISOString();
  const values = {
    title: d.title, en_title: d.parallelTitle ?? '', author: d.authors.join('; ') || d.statement || '', publisher: d.publisher ?? '', place: d.place ?? '',
    pub_year: numberOrNull(d.year), isbn, isbn13, price: d.price != null && d.price >= 0 && d.price <= 100000 ? Math.round(d.price * 100) / 100 : 0,
    class_no: (d.classNumber ?? '').slice(0, 40), dewey_no: (d.deweyNumber ?? '').slice(0, 40), add_no: '', language: ourLanguage(d.language) || 'zh',
    summary: d.summary ?? '', subjects: d.subjects.join('; '), series: d.series ?? '', edition: d.edition ?? '', extent: d.extent ?? '', source: 'marc',
    ...spellTitle(d.title), updated_at: now,
  };
  const existing = isbn13 ? await titleByIsbn13(trx, schoolId, isbn13) : undefined;
  let titleId: number;
  let bookNo: string;
  let addNo = '';
  if (existing) {
    if (o.policy === 'skip') {
      counts.skipped += 1;
      lines.push(`${ctx.where}: ${ctx.t('marc:report.skipped', { title: existing.title })}`);
      return;
    }
    titleId = existing.id;
    bookNo = existing.book_no;
    addNo = existing.add_no;
    if (o.policy === 'replace') {
      await trx.updateTable('titles').set({ ...values, book_no: d.bookNumber || existing.book_no }).where('id', '=', existing.id).where('school_id', '=', schoolId).execute();
      bookNo = d.bookNumber || existing.book_no;
      counts.replaced += 1;
    } else counts.merged += 1;
  } else {
    bookNo = d.bookNumber?.slice(0, 40) || (values.class_no ? await takeSequenceNumber(trx, o.app.dbHandle.kind, schoolId, values.class_no) : '');
    const row = await trx.insertInto('titles').values({ school_id: schoolId, ...values, book_no: bookNo, created_at: now }).returning('id').executeTakeFirstOrThrow();
    titleId = row.id;
    counts.imported += 1;
  }
  if (!o.withCopies || !r.copies.length) return;
  const areaByCode = new Map<string, { id: number; branch_id: number; storage_area: number }>();
  for (const c of r.copies) {
    const area = (c.location && (areaByCode.get(c.location) ?? await trx.selectFrom('collection_areas').select(['id', 'branch_id', 'storage_area']).where('school_id', '=', schoolId).where('code', '=', c.location).executeTakeFirst())) || ctx.fallback;
    if (c.location && area && area !== ctx.fallback) areaByCode.set(c.location, area);
    if (!area) {
      counts.copiesRefused += 1;
      lines.push(`${ctx.where}: ${ctx.t('marc:report.noArea')}`);
      continue;
    }
    let barcode = c.barcode?.trim() ?? '';
    if (barcode && (barcode.length > 64 || !/^[\x21-\x7E]+$/.test(barcode))) barcode = '';
    if (barcode) {
      const used = await trx.selectFrom('copies').select('id').where('school_id', '=', schoolId).where('barcode', '=', barcode).executeTakeFirst();
      if (used) {
        // The title is imported; only this copy is left out, and said so.
        counts.copiesRefused += 1;
        lines.push(`${ctx.where}: ${ctx.t('catalogue:errors.barcodeDuplicated', { barcode })}`);
        continue;
      }
    } else if (ctx.seq) {
      barcode = (await takeBarcodes(trx, schoolId, ctx.seq, 1))[0]!;
    } else {
      counts.copiesRefused += 1;
      lines.push(`${ctx.where}: ${ctx.t('catalogue:errors.noSequence')}`);
      continue;
    }
    const callNo = c.callNumber?.slice(0, 100) || composeCallNumber({ classNo: values.class_no, bookNo, addNo });
    const price = c.price != null && c.price >= 0 && c.price <= 100000 ? Math.round(c.price * 100) / 100 : values.price;
    const copy = await trx.insertInto('copies').values({
      school_id: schoolId, title_id: titleId, barcode, rfid: null, branch_id: area.branch_id, area_id: area.id, call_no: callNo,
      storage_area: area.storage_area, circ_state: 'available', price, discount_price: price, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('copy_events').values({ school_id: schoolId, copy_id: copy.id, barcode, event: 'catalogue', user_id: o.userId, at: now, detail: JSON.stringify({ titleId, source: 'marc' }) }).execute();
    counts.copies += 1;
  }
}

export async function forgetProgress(app: FastifyInstance, schoolId: number, fileId: string): Promise<void> {
  await app.db.deleteFrom('school_settings').where('school_id', '=', schoolId).where('key', '=', progressKey(fileId)).execute();
}

import { indexNewTitles, reindexTitles } from '../search/title-index.ts';
import { insertMany } from '../db/bulk-insert.ts';
import { oneOf } from '../db/one-of.ts';
import { refreshPlannerStatistics } from '../db/planner-statistics.ts';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CatalogueDraft, CopyDraft, MarcIssue, MarcRules } from '../../shared/domain/marc-rules.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { composeCallNumber } from '../../shared/domain/catalogue/call-number.ts';
import { isbnProblem, toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { writeTx } from '../db/connect.ts';
import { withSpacedCheckpoints } from '../db/wal-batching.ts';
import { readSetting, writeSetting } from '../db/school-settings.ts';
import { z } from 'zod';
import { readIso2709, type MarcReadResult } from './iso2709-reader.ts';
import { readMarcXml } from './marcxml.ts';
import { mapMarcToCatalogue } from './marc-mapping.ts';
import { ourLanguage } from './marc-catalogue.ts';
import { spellTitle, takeBarcodes, takeSequenceNumbers } from '../catalogue/catalogue-store.ts';
import type { EncodingOption } from './marc-encoding.ts';
import { issueText, withFacts } from './marc-issue.ts';

/**
 * A MARC file read once into what the preview shows and the import writes. Each record is either
 * importable (its draft, copies and warnings) or broken (reported with its position and 001,
 * never half-written). Kept in memory per school and file (see rememberParsed); read again from
 * the uploaded file, the way Marc/Post read it, whenever it is not.
 */
export interface ParsedRecord {
  index: number;
  offset: number;
  controlNumber: string;
  item: CatalogueDraft | null;
  copies: CopyDraft[];
  /** The reader's and the mapping's issues, with their facts; said in the reader's language when shown (issueText). */
  problems: MarcIssue[];
  broken: boolean;
}
export interface ParsedFile { records: ParsedRecord[]; flavours: string[]; encodings: string[]; at: number }

const parsed = new Map<string, ParsedFile>();
const TTL_MS = 3600_000;
/**
 * Records kept in memory across all parsed files, about 2 kB each (20,000 records: 42 MB of
 * heap): a district's 50 MB dump would otherwise hold some 150 MB for an hour after its preview.
 * The oldest files go first; they are read again from disk when asked for.
 */
const KEPT_RECORDS = 60_000;
const key = (school: number, fileId: string) => `${school}:${fileId}`;

/** Records read between two turns of the event loop: about 20 ms of reading. */
const RECORDS_PER_TURN = 1000;

/**
 * Reads and maps a whole file, giving the event loop a turn every RECORDS_PER_TURN records: a
 * district's 50 MB dump takes over a second to read, and the circulation desks share the
 * gateway's one thread (their scans are answered between two thousand records).
 */
export async function parseMarcFile(bytes: Buffer, rules: MarcRules, opts: { encoding?: EncodingOption; flavour?: 'auto' | 'marc21' | 'unimarc' } = {}): Promise<ParsedFile> {
  const start = bytes.subarray(0, 512).toString('latin1').trimStart();
  const results: Iterable<MarcReadResult> = start.startsWith('<')
    ? readMarcXml(bytes, { flavour: opts.flavour ?? 'auto' })
    : readIso2709(bytes, { encoding: opts.encoding ?? 'auto', flavour: opts.flavour ?? 'auto' });
  const records: ParsedRecord[] = [];
  const flavours = new Set<string>();
  const encodings = new Set<string>();
  let read = 0;
  for (const r of results) {
    if (++read % RECORDS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    if (!r.ok) {
      records.push({ index: r.index, offset: r.offset, controlNumber: r.controlNumber ?? '', item: null, copies: [], problems: [withFacts<MarcIssue>({ code: r.code }, r)], broken: true });
      continue;
    }
    flavours.add(r.flavour);
    encodings.add(r.encoding);
    const mapped = mapMarcToCatalogue(r.record, rules[r.flavour]);
    // The mapping names a missing title (map.noTitle) and a wrong ISBN (map.badIsbn, imported without it).
    // The warnings themselves, not copies: they are already as small as they can be.
    const problems = r.warnings.length || mapped.warnings.length ? [...r.warnings, ...mapped.warnings] : [];
    const noTitle = !mapped.item.title.trim();
    records.push({
      index: r.index, offset: r.offset, controlNumber: r.controlNumber ?? '', item: mapped.item, copies: mapped.copies, problems, broken: noTitle,
    });
  }
  return { records, flavours: [...flavours], encodings: [...encodings], at: Date.now() };
}

export function rememberParsed(school: number, fileId: string, file: ParsedFile): void {
  parsed.delete(key(school, fileId));
  parsed.set(key(school, fileId), file);
  let kept = 0;
  for (const v of parsed.values()) kept += v.records.length;
  // Oldest first (a Map iterates in insertion order); the file just read stays whatever its size.
  for (const [k, v] of parsed) {
    if (v === file) break;
    if (Date.now() - v.at <= TTL_MS && kept <= KEPT_RECORDS) continue;
    parsed.delete(k);
    kept -= v.records.length;
  }
}
export const recallParsed = (school: number, fileId: string) => parsed.get(key(school, fileId));
/** Lets go of a parsed file (its import is done); the next preview reads the file again. */
export const forgetParsed = (school: number, fileId: string) => void parsed.delete(key(school, fileId));

// ---- the import ----

export type DuplicatePolicy = 'skip' | 'merge' | 'replace';
export interface ImportCounts { imported: number; merged: number; replaced: number; skipped: number; refused: number; copies: number; copiesRefused: number }
const countsSchema = z.object({ committed: z.number(), imported: z.number(), merged: z.number(), replaced: z.number(), skipped: z.number(), refused: z.number(), copies: z.number(), copiesRefused: z.number() });
const EMPTY = { committed: 0, imported: 0, merged: 0, replaced: 0, skipped: 0, refused: 0, copies: 0, copiesRefused: 0 };
/**
 * Progress of a file's import, written in the same transaction as each chunk: a stopped or
 * crashed import resumes after it. Removed once the import is finished.
 */
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

  const ctx = { areas: new Map(areas.map((a) => [a.code, a])), fallback, seq, where, t };
  await withSpacedCheckpoints(app.dbHandle.sqlite, async () => {
    for (let from = state.committed; from < o.file.records.length; from += chunk) {
      if (signal.aborted) throw signal.reason;
      const slice = o.file.records.slice(from, from + chunk);
      const next = { ...state };
      const lines = await writeTx(app.db, async (trx) => {
        const out = await importChunk(trx, o, slice, next, ctx);
        next.committed = Math.min(from + chunk, o.file.records.length);
        await writeSetting(trx, schoolId, progressKey(o.fileId), next);
        return out;
      });
      Object.assign(state, next);
      report.push(...lines);
      await onChunk(state.committed);
    }
  });
  // Finished: the file imported again later (another policy, after a correction) starts afresh.
  await forgetProgress(app, schoolId, o.fileId);
  refreshPlannerStatistics(app.dbHandle);
  return { counts: state, report };
}

type Area = { id: number; code: string; branch_id: number; storage_area: number };
interface ChunkContext {
  areas: Map<string, Area>;
  fallback: Area | undefined;
  seq: { id: number; prefix: string; width: number } | undefined;
  where: (r: ParsedRecord) => string;
  t: (k: string, p?: Record<string, unknown>) => string;
}
type TitleValues = ReturnType<typeof titleValues>;
/** A title a record of the chunk lands on: one already catalogued, or one this chunk adds. */
interface Target { id: number; title: string; values: TitleValues | null; bookNo: string; addNo: string; classNo: string; price: number; replacement?: TitleValues }

function titleValues(d: CatalogueDraft, now: string) {
  const isbn = d.isbn && !isbnProblem(d.isbn) ? d.isbn : '';
  return {
    title: d.title, en_title: d.parallelTitle ?? '', author: d.authors.join('; ') || d.statement || '', publisher: d.publisher ?? '', place: d.place ?? '',
    pub_year: numberOrNull(d.year), isbn, isbn13: isbn ? toIsbn13(isbn)! : '', price: d.price != null && d.price >= 0 && d.price <= 100000 ? Math.round(d.price * 100) / 100 : 0,
    class_no: (d.classNumber ?? '').slice(0, 40), dewey_no: (d.deweyNumber ?? '').slice(0, 40), add_no: '', language: ourLanguage(d.language) || 'zh',
    summary: d.summary ?? '', subjects: d.subjects.join('; '), series: d.series ?? '', edition: d.edition ?? '', extent: d.extent ?? '', source: 'marc',
    ...spellTitle(d.title), updated_at: now,
  };
}

/**
 * One chunk of records in one transaction, with a fixed number of statements whatever its size:
 * the titles it may duplicate are looked up at once, new titles, their word index, copies and
 * copy events are written many rows to a statement, 种次号 and barcodes are taken per class and
 * per chunk. The outcome is the one record-by-record import would give: records in file order,
 * a record repeating an ISBN earlier in the file lands on that record's title, a barcode used
 * earlier (in the catalogue or in the file) is refused. Returns the report lines in file order.
 */
async function importChunk(trx: Transaction<Database>, o: ImportOptions, slice: readonly ParsedRecord[], counts: ImportCounts, ctx: ChunkContext): Promise<string[]> {
  const { schoolId } = o;
  const now = new Date().toISOString();
  const lines = new Map<number, string[]>();
  const say = (r: ParsedRecord, text: string) => lines.set(r.index, [...(lines.get(r.index) ?? []), ctx.t('marc:report.line', { where: ctx.where(r), text })]);
  const drafts = slice.map((r) => ({ r, values: r.broken || !r.item ? null : titleValues(r.item, now) }));

  const isbns = [...new Set(drafts.flatMap((d) => (d.values?.isbn13 ? [d.values.isbn13] : [])))];
  const byIsbn = new Map<string, Target>();
  const held = isbns.length ? await trx.selectFrom('titles').select(['id', 'isbn13', 'title', 'book_no', 'add_no', 'class_no', 'price'])
    .where('school_id', '=', schoolId).where(oneOf(o.app.dbHandle.kind, 'isbn13', isbns)).orderBy('id').execute() : [];
  for (const t of held) if (!byIsbn.has(t.isbn13)) byIsbn.set(t.isbn13, { id: t.id, title: t.title, values: null, bookNo: t.book_no, addNo: t.add_no, classNo: t.class_no, price: Number(t.price) });

  // Where each record lands, in file order.
  const landing = new Map<number, Target>();
  const fresh: Array<Target & { values: TitleValues; wantBookNo: string }> = [];
  const replaced = new Set<Target>();
  for (const { r, values } of drafts) {
    if (!values) {
      counts.refused += 1;
      say(r, r.problems.map((p) => issueText(o.app.i18n, o.lang, p)).join(ctx.t('validation:separator')));
      continue;
    }
    const d = r.item!;
    const existing = values.isbn13 ? byIsbn.get(values.isbn13) : undefined;
    if (existing) {
      if (o.policy === 'skip') {
        counts.skipped += 1;
        say(r, ctx.t('marc:report.skipped', { title: existing.title }));
        continue;
      }
      if (o.policy === 'replace') {
        const bookNo = d.bookNumber || existing.bookNo;
        if (existing.values) Object.assign(existing.values, values); // a title this chunk adds: the later record wins
        else replaced.add(existing);
        Object.assign(existing, { bookNo, classNo: values.class_no, price: values.price, replacement: values });
        counts.replaced += 1;
      } else counts.merged += 1;
      landing.set(r.index, existing);
      continue;
    }
    const target = { id: 0, title: values.title, values, bookNo: '', addNo: '', classNo: values.class_no, price: values.price, wantBookNo: d.bookNumber?.slice(0, 40) ?? '' };
    fresh.push(target);
    if (values.isbn13) byIsbn.set(values.isbn13, target);
    landing.set(r.index, target);
    counts.imported += 1;
  }

  // 种次号 for new titles without a book number: per class, in file order.
  const needNumbers = new Map<string, typeof fresh>();
  for (const f of fresh) {
    if (f.wantBookNo) f.bookNo = f.wantBookNo;
    else if (f.values.class_no) needNumbers.set(f.values.class_no, [...(needNumbers.get(f.values.class_no) ?? []), f]);
  }
  for (const [classNo, list] of needNumbers) {
    const numbers = await takeSequenceNumbers(trx, o.app.dbHandle.kind, schoolId, classNo, list.length);
    list.forEach((f, k) => (f.bookNo = numbers[k]!));
  }
  const sqlite = o.app.dbHandle.sqlite;
  const titleIds = await insertMany(trx, sqlite, 'titles', fresh.map((f) => ({ school_id: schoolId, ...f.values, book_no: f.bookNo, created_at: now })), true);
  fresh.forEach((f, k) => (f.id = titleIds[k]!));
  await indexNewTitles(trx, sqlite, schoolId, fresh.map(({ id, values: t }) => ({ id, title: t.title, en_title: t.en_title, author: t.author, series: t.series, subjects: t.subjects, publisher: t.publisher })));
  for (const target of replaced) {
    await trx.updateTable('titles').set({ ...target.replacement!, book_no: target.bookNo }).where('id', '=', target.id).where('school_id', '=', schoolId).execute();
  }
  await reindexTitles(trx, sqlite, schoolId, [...replaced].map((x) => x.id));

  if (o.withCopies) await importCopies(trx, o, slice, landing, counts, ctx, say, now);
  return slice.flatMap((r) => lines.get(r.index) ?? []);
}

async function importCopies(
  trx: Transaction<Database>, o: ImportOptions, slice: readonly ParsedRecord[], landing: Map<number, Target>, counts: ImportCounts,
  ctx: ChunkContext, say: (r: ParsedRecord, text: string) => void, now: string,
): Promise<void> {
  const { schoolId } = o;
  const clean = (b: string | undefined) => {
    const v = b?.trim() ?? '';
    return v && v.length <= 64 && /^[\x21-\x7E]+$/.test(v) ? v : '';
  };
  const given = [...new Set(slice.flatMap((r) => (landing.has(r.index) ? r.copies.map((c) => clean(c.barcode)).filter(Boolean) : [])))];
  const used = new Set<string>();
  if (given.length) {
    for (const row of await trx.selectFrom('copies').select('barcode').where('school_id', '=', schoolId).where(oneOf(o.app.dbHandle.kind, 'barcode', given)).execute()) used.add(row.barcode);
  }
  type Planned = { r: ParsedRecord; target: Target; area: Area; barcode: string; callNo: string; price: number };
  const planned: Planned[] = [];
  const waiting: Planned[] = [];
  for (const r of slice) {
    const target = landing.get(r.index);
    if (!target) continue;
    for (const c of r.copies) {
      const area = (c.location && ctx.areas.get(c.location)) || ctx.fallback;
      if (!area) {
        counts.copiesRefused += 1;
        say(r, ctx.t('marc:report.noArea'));
        continue;
      }
      const barcode = clean(c.barcode);
      if (barcode && used.has(barcode)) {
        // The title is imported; only this copy is left out, and said so.
        counts.copiesRefused += 1;
        say(r, ctx.t('catalogue:errors.barcodeDuplicated', { barcode }));
        continue;
      }
      if (!barcode && !ctx.seq) {
        counts.copiesRefused += 1;
        say(r, ctx.t('catalogue:errors.noSequence'));
        continue;
      }
      const p = {
        r, target, area, barcode,
        callNo: c.callNumber?.slice(0, 100) || composeCallNumber({ classNo: target.classNo, bookNo: target.bookNo, addNo: target.addNo }),
        price: c.price != null && c.price >= 0 && c.price <= 100000 ? Math.round(c.price * 100) / 100 : target.price,
      };
      if (barcode) used.add(barcode);
      else waiting.push(p);
      planned.push(p);
    }
  }
  // Barcodes from the sequence for copies without one, passing over any this chunk brings.
  for (let round = 0; waiting.length && ctx.seq && round < 10; round++) {
    for (const b of await takeBarcodes(trx, schoolId, ctx.seq, waiting.length)) {
      if (used.has(b)) continue;
      used.add(b);
      waiting.shift()!.barcode = b;
    }
  }
  for (const p of waiting) {
    counts.copiesRefused += 1;
    say(p.r, ctx.t('catalogue:errors.noSequence'));
  }
  const ready = planned.filter((p) => p.barcode);
  const sqlite = o.app.dbHandle.sqlite;
  const ids = await insertMany(trx, sqlite, 'copies', ready.map((p) => ({
    school_id: schoolId, title_id: p.target.id, barcode: p.barcode, rfid: null, branch_id: p.area.branch_id, area_id: p.area.id, call_no: p.callNo,
    storage_area: p.area.storage_area, circ_state: 'available' as const, price: p.price, discount_price: p.price, created_at: now, updated_at: now,
  })), true);
  await insertMany(trx, sqlite, 'copy_events', ready.map((p, k) => ({
    school_id: schoolId, copy_id: ids[k]!, barcode: p.barcode, event: 'catalogue', user_id: o.userId, at: now, detail: JSON.stringify({ titleId: p.target.id, source: 'marc' }),
  })));
  counts.copies += ready.length;
}

async function forgetProgress(app: FastifyInstance, schoolId: number, fileId: string): Promise<void> {
  await app.db.deleteFrom('school_settings').where('school_id', '=', schoolId).where('key', '=', progressKey(fileId)).execute();
}

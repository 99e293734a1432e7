import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { marcCalls as C, marcEncodingSchema, marcReadFlavourSchema } from '../../shared/api/marc.ts';
import { DEFAULT_MARC_RULES, marcRulesSchema, type MarcRules } from '../../shared/domain/marc-rules.ts';
import { toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { JobState } from '../../shared/api/jobs.ts';
import { readSetting, writeSetting } from '../db/school-settings.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { readUploaded, touchUploaded, uploadedName } from '../upload/chunk-store.ts';
import { fitForIso2709, writeIso2709 } from './iso2709-writer.ts';
import { recordToMarcXml } from './marcxml.ts';
import { mapCatalogueToMarc } from './marc-mapping.ts';
import { copyToDraft, marcLines, titleToDraft } from './marc-catalogue.ts';
import { forgetParsed, importParsed, parseMarcFile, recallParsed, rememberParsed, type ParsedFile } from './marc-import.ts';
import { issueText } from './marc-issue.ts';
import { oneOf } from '../db/one-of.ts';
import { isUniqueViolation } from '../db/db-errors.ts';

const RULES_KEY = 'marc-rules';
export const marcRulesOf = (ctx: CallContext, schoolId: number): Promise<MarcRules> => readSetting(ctx.app.db, schoolId, RULES_KEY, marcRulesSchema, DEFAULT_MARC_RULES);

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');

/**
 * How Marc/Post was told to read a file (its encoding and flavour), kept with the school's
 * settings: a file read again after a restart or after its import must give the same records,
 * not the ones the reader would guess.
 */
const readKey = (fileId: string) => `marc-read:${fileId}`;
const readOptionsSchema = z.object({ encoding: marcEncodingSchema, flavour: marcReadFlavourSchema });
const AUTO = { encoding: 'auto', flavour: 'auto' } as const;

/** The parsed file of this school, read again from disk (as Post read it) when not in memory. */
async function parsedOf(ctx: CallContext, schoolId: number, fileId: string): Promise<ParsedFile> {
  const known = recallParsed(schoolId, fileId);
  // A use served from memory keeps the upload too (the sweep removes what is unused for a day).
  if (known) {
    await touchUploaded(ctx.app.config.dataDir, schoolId, fileId);
    return known;
  }
  const bytes = await readUploaded(ctx.app.config.dataDir, schoolId, fileId);
  if (!bytes) {
    // Swept or never there: how it was to be read goes with it.
    await ctx.app.db.deleteFrom('school_settings').where('school_id', '=', schoolId).where('key', '=', readKey(fileId)).execute();
    throw AppError.notFound('validation:upload.noFile');
  }
  const options = await readSetting(ctx.app.db, schoolId, readKey(fileId), readOptionsSchema, AUTO);
  const file = await parseMarcFile(bytes, await marcRulesOf(ctx, schoolId), options);
  rememberParsed(schoolId, fileId, file);
  return file;
}

/** ISBNs of the file the school already holds (13-digit keys). */
async function heldIsbns(ctx: CallContext, schoolId: number, file: ParsedFile): Promise<Set<string>> {
  const keys = [...new Set(file.records.map((r) => (r.item?.isbn ? toIsbn13(r.item.isbn) : null)).filter((k): k is string => !!k))];
  if (!keys.length) return new Set();
  const rows = await ctx.app.db.selectFrom('titles').select('isbn13').where('school_id', '=', schoolId).where(oneOf(ctx.app.dbHandle.kind, 'isbn13', keys)).execute();
  return new Set(rows.map((r) => r.isbn13));
}

/**
 * One import at a time per school (spec: "import: one file at a time"): refused here before the
 * file is read, and by the database when two requests pass this check at once (startImport).
 */
async function assertNoImportRunning(ctx: CallContext, schoolId: number) {
  const running = await ctx.app.db.selectFrom('jobs').select('data_id').where('school_id', '=', schoolId).where('operation_type', '=', 'MarcImport').where('state', '=', JobState.running).executeTakeFirst();
  if (running) throw AppError.refused('marc:errors.oneAtATime');
}

async function startImport(ctx: CallContext, input: { FileID: string; Policy: 'skip' | 'merge' | 'replace'; AreaID?: number }, withCopies: boolean) {
  const { userId, schoolId } = requireUser(ctx);
  const { app } = ctx;
  await assertNoImportRunning(ctx, schoolId);
  if (input.AreaID != null) {
    const area = await app.db.selectFrom('collection_areas').select('id').where('school_id', '=', schoolId).where('id', '=', input.AreaID).executeTakeFirst();
    if (!area) throw AppError.notFound();
  }
  const file = await parsedOf(ctx, schoolId, input.FileID);
  const t = (k: string, p?: Record<string, unknown>) => app.i18n.t(ctx.lang, k, p);
  const resultPath = join('files', String(schoolId), `${randomUUID()}.txt`);
  const spec = {
    schoolId, userId,
    fileName: `${t('marc:report.fileName')}_${stamp()}.txt`,
    operationType: 'MarcImport',
    resultPath,
    doneMessage: '',
    stoppedMessage: t('marc:report.stopped'),
    failedMessage: t('marc:report.failed'),
    async run(job: Parameters<Parameters<typeof app.jobs.start>[0]['run']>[0]) {
      await job.setTotal(file.records.length);
      const { counts, report } = await importParsed(
        { app, schoolId, userId, fileId: input.FileID, file, policy: input.Policy, withCopies, areaId: input.AreaID ?? null, lang: ctx.lang },
        (done) => job.progress(done), job.signal,
      );
      forgetParsed(schoolId, input.FileID);
      const summary = t('marc:report.summary', { ...counts });
      spec.doneMessage = summary;
      const path = join(app.config.dataDir, resultPath);
      mkdirSync(dirname(path), { recursive: true });
      const out = createWriteStream(path);
      out.write(`${summary}\n\n${report.join('\n')}\n`);
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    },
  };
  try {
    return { DataID: await app.jobs.start(spec) };
  } catch (err) {
    // Another request started one since the check above (migration 0051 keeps one per school).
    if (isUniqueViolation(err)) throw AppError.refused('marc:errors.oneAtATime');
    throw err;
  }
}

export const marcHandlers = {
  'marc.rules.get': handler(C.getRule, async (_i, ctx) => marcRulesOf(ctx, requireUser(ctx).schoolId)),
  'marc.rules.update': handler(C.updateRule, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeSetting(ctx.app.db, schoolId, RULES_KEY, input);
    return input;
  }),
  /** Reads an uploaded file once: every record importable or reported, with the summary the screen shows. */
  'marc.post': handler(C.post, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const bytes = await readUploaded(ctx.app.config.dataDir, schoolId, input.FileID);
    if (!bytes) throw AppError.notFound('validation:upload.noFile');
    if (!bytes.length) throw AppError.badRequest('marc:errors.empty');
    const options = { encoding: input.Encoding, flavour: input.Flavour };
    const file = await parseMarcFile(bytes, await marcRulesOf(ctx, schoolId), options);
    if (!file.records.length) throw AppError.badRequest('marc:errors.noRecords');
    await writeSetting(ctx.app.db, schoolId, readKey(input.FileID), options);
    rememberParsed(schoolId, input.FileID, file);
    const held = await heldIsbns(ctx, schoolId, file);
    return {
      FileID: input.FileID, FileName: await uploadedName(ctx.app.config.dataDir, schoolId, input.FileID), Records: file.records.length,
      Broken: file.records.filter((r) => r.broken).length, WithProblems: file.records.filter((r) => r.problems.length).length,
      Duplicates: file.records.filter((r) => r.item?.isbn && held.has(toIsbn13(r.item.isbn) ?? '')).length,
      Copies: file.records.reduce((n, r) => n + r.copies.length, 0), Flavours: file.flavours, Encodings: file.encodings,
    };
  }),
  'marc.previewTable': handler(C.previewTable, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const file = await parsedOf(ctx, schoolId, input.FileID);
    const rows = input.OnlyProblems ? file.records.filter((r) => r.problems.length) : file.records;
    const page = rows.slice((input.Page - 1) * input.Rows, input.Page * input.Rows);
    const held = await heldIsbns(ctx, schoolId, { ...file, records: page });
    return {
      Total: rows.length,
      List: page.map((r) => ({
        Index: r.index, Offset: r.offset, ControlNumber: r.controlNumber, Title: r.item?.title ?? '', Author: r.item?.authors.join('; ') ?? '',
        ISBN: r.item?.isbn ?? '', ClassNo: r.item?.classNumber ?? '', Copies: r.copies.length,
        Duplicate: !!r.item?.isbn && held.has(toIsbn13(r.item.isbn) ?? ''), Broken: r.broken,
        Problems: r.problems.map((p) => ({ Code: p.code, Message: issueText(ctx.app.i18n, ctx.lang, p) })),
      })),
    };
  }),
  'marc.previewMarc': handler(C.previewMarc, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const file = await parsedOf(ctx, schoolId, input.FileID);
    const r = file.records.find((x) => x.index === input.Index);
    if (!r) throw AppError.notFound();
    // A broken record: what is wrong with it, as the preview table says it.
    if (!r.item) return { Lines: r.problems.map((p) => issueText(ctx.app.i18n, ctx.lang, p)) };
    // The record as our mapping understood it, in line format (what the import will write).
    return { Lines: marcLines(mapCatalogueToMarc(r.item, r.copies, file.flavours.includes('unimarc') && !file.flavours.includes('marc21') ? 'unimarc' : 'marc21', { controlNumber: r.controlNumber || undefined })) };
  }),
  'marc.import': handler(C.import, async (input, ctx) => startImport(ctx, input, true)),
  'marc.importCatalogue': handler(C.importCatalogue, async (input, ctx) => startImport(ctx, input, false)),
  'marc.byItem': handler(C.byItem, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const title = await ctx.app.db.selectFrom('titles').selectAll().where('school_id', '=', schoolId).where('id', '=', input.ItemID).executeTakeFirst();
    if (!title) throw AppError.notFound();
    const copies = await ctx.app.db.selectFrom('copies').leftJoin('collection_areas', 'collection_areas.id', 'copies.area_id')
      .select(['copies.barcode', 'copies.call_no', 'copies.price', 'collection_areas.code as area_code']).where('copies.school_id', '=', schoolId).where('copies.title_id', '=', title.id).orderBy('copies.id').execute();
    const record = mapCatalogueToMarc(titleToDraft(title), copies.map(copyToDraft), input.Flavour, { controlNumber: String(title.id) });
    const iso = input.Format === 'iso2709';
    return {
      FileName: `${title.id}.${iso ? 'mrc' : 'xml'}`,
      Content: iso ? writeIso2709(fitForIso2709(record).record).toString('base64') : recordToMarcXml(record, true),
      Encoding: iso ? 'base64' as const : 'text' as const,
      Lines: marcLines(record),
    };
  }),
  /** The catalogue as MARC, a job with the download panel: titles in id order, chunk by chunk. */
  'marc.export': handler(C.export, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const { app } = ctx;
    const t = (k: string, p?: Record<string, unknown>) => app.i18n.t(ctx.lang, k, p);
    const ext = input.Format === 'iso2709' ? 'mrc' : 'xml';
    const resultPath = join('files', String(schoolId), `${randomUUID()}.${ext}`);
    const spec: Parameters<typeof app.jobs.start>[0] = {
      schoolId, userId, operationType: 'MarcExport', resultPath,
      fileName: `${t('marc:export.fileName')}_${input.Flavour}_${stamp()}.${ext}`,
      doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
      async run(job) {
        // ISO 2709 holds 9,999 bytes a field and 99,999 a record (a long summary, a class set of
        // 2,000 copies): such a title is shortened and counted, never the export failed for it.
        let shortened = 0;
        let base = app.db.selectFrom('titles').where('titles.school_id', '=', schoolId);
        if (input.ClassNo) base = base.where('titles.class_no', 'like', `${input.ClassNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        if (input.BatchID) base = base.where('titles.id', 'in', app.db.selectFrom('copies').select('title_id').where('school_id', '=', schoolId).where('batch_id', '=', input.BatchID));
        await job.setTotal(Number((await base.select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
        const path = join(app.config.dataDir, resultPath);
        mkdirSync(dirname(path), { recursive: true });
        const out = createWriteStream(path);
        const write = async (data: string | Buffer) => { if (!out.write(data)) await new Promise((r) => out.once('drain', r)); };
        if (ext === 'xml') await write('<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n');
        let lastId = 0;
        let done = 0;
        for (;;) {
          if (job.signal.aborted) throw job.signal.reason;
          const titles = await base.selectAll('titles').where('titles.id', '>', lastId).orderBy('titles.id').limit(500).execute();
          if (!titles.length) break;
          const copies = input.WithCopies
            ? await app.db.selectFrom('copies').leftJoin('collection_areas', 'collection_areas.id', 'copies.area_id')
              .select(['copies.title_id', 'copies.barcode', 'copies.call_no', 'copies.price', 'collection_areas.code as area_code'])
              .where('copies.school_id', '=', schoolId).where('copies.title_id', 'in', titles.map((x) => x.id)).orderBy('copies.id').execute()
            : [];
          for (const title of titles) {
            const record = mapCatalogueToMarc(titleToDraft(title), copies.filter((c) => c.title_id === title.id).map(copyToDraft), input.Flavour, { controlNumber: String(title.id) });
            if (ext === 'mrc') {
              const fitted = fitForIso2709(record);
              if (fitted.warnings.length) shortened += 1;
              await write(writeIso2709(fitted.record));
            } else await write(`${recordToMarcXml(record)}\n`);
          }
          lastId = titles[titles.length - 1]!.id;
          done += titles.length;
          await job.progress(done);
        }
        if (ext === 'xml') await write('</collection>\n');
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        if (shortened) spec.doneMessage = t('marc:export.shortened', { count: shortened });
      },
    };
    const DataID = await app.jobs.start(spec);
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof C>;

import { sql } from 'kysely';
import { captureCalls as C, CAPTURE_SOURCES, type CaptureItem, type CaptureResult, type CaptureSourceId } from '../../shared/api/capture.ts';
import { DEFAULT_MARC_RULES, marcRulesSchema } from '../../shared/domain/marc-rules.ts';
import { sameIsbn, toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { readSetting } from '../db/school-settings.ts';
import { containsText } from '../db/like.ts';
import { mapMarcToCatalogue } from '../marc/marc-mapping.ts';
import { hyphenateIsbn } from '../catalogue/isbn-hyphenation.ts';
import { photoUrl, saveImageBytes } from '../readers/photo-store.ts';
import { searchSru, SruError } from './sru-client.ts';
import { isConfigured, publicView, readSources, saveSource, sourceOf, defaultSource, type StoredSource } from './capture-sources.ts';
import { fetchJsonRecord, fetchWithDeadline, SourceError, sourceUrl } from './json-source.ts';
import { draftToItem } from './draft-to-item.ts';

const named = (id: string) => ({ $t: `capture:source.${id}` });
const notFound = (source: string, isbn: string, lang: (k: string, p: Record<string, unknown>) => string): CaptureResult =>
  ({ Found: false, Source: source, Item: null, Candidates: [], Message: lang('capture:notFound', { source: named(source), isbn }) });

/** A failure of a source as the caller's 503, naming the source (never a hang: each has a deadline). */
function sourceFailure(id: string, e: unknown): AppError {
  const kind = e instanceof SruError ? (e.kind === 'aborted' ? 'unreachable' : e.kind) : e instanceof SourceError ? e.kind : null;
  if (!kind) throw e;
  return new AppError(503, `capture:errors.${kind}`, { status: 503, params: { source: named(id), detail: (e as SruError | SourceError).reason } });
}

function requireConfigured(s: StoredSource): void {
  if (!isConfigured(s)) throw AppError.refused('capture:errors.notConfigured', { source: named(s.ID) });
}

const translate = (ctx: CallContext) => (key: string, params: Record<string, unknown>) => ctx.app.i18n.t(ctx.lang, key, params);

async function bySru(ctx: CallContext, schoolId: number, isbn: string): Promise<CaptureResult> {
  const s = await sourceOf(ctx.app.db, schoolId, 'sru');
  requireConfigured(s);
  let result;
  try {
    result = await searchSru({
      baseUrl: s.URL, database: s.Database || undefined, query: `${s.IsbnIndex || 'isbn'}=${isbn}`,
      recordSchema: s.RecordSchema ?? 'marcxml', maximumRecords: 5, timeoutMs: s.TimeoutMs,
    });
  } catch (e) {
    throw sourceFailure('sru', e);
  }
  const rules = await readSetting(ctx.app.db, schoolId, 'marc-rules', marcRulesSchema, DEFAULT_MARC_RULES);
  // A record naming another ISBN is not this book; one without an ISBN is the server's answer.
  const items = result.records
    .map((r) => draftToItem(mapMarcToCatalogue(r.record, rules[r.flavour]).item, isbn, 'sru'))
    .filter((i) => sameIsbn(i.ISBN, isbn));
  if (!items.length) return notFound('sru', isbn, translate(ctx));
  return { Found: true, Source: 'sru', Item: items[0]!, Candidates: items.slice(1), Message: '' };
}

function toCaptureItem(f: Record<string, string | undefined>, isbn: string, source: string): CaptureItem {
  const num = (v: string | undefined) => Number(/\d+(\.\d+)?/.exec(v ?? '')?.[0]);
  const year = num(f.PubYear);
  const price = num(f.Price);
  const code = (f.ISBN ?? '').replace(/[^0-9Xx]/g, '').toUpperCase();
  const isbnOut = code && sameIsbn(code, isbn) ? code : isbn;
  return {
    Title: f.Title ?? '', ParallelTitle: f.ParallelTitle ?? '', Author: f.Author ?? '', Publisher: f.Publisher ?? '', Place: f.Place ?? '',
    PubYear: Number.isInteger(Math.trunc(year)) && year >= 1000 && year <= 2199 ? Math.trunc(year) : null,
    ISBN: isbnOut, ISBNHyphenated: hyphenateIsbn(isbnOut), Price: Number.isFinite(price) && price <= 100000 ? Math.round(price * 100) / 100 : 0,
    ClassNo: (f.ClassNo ?? '').split(/[\s;,]/)[0] ?? '', DeweyNo: '', BookNo: '', AddNo: '', Language: '',
    Summary: f.Summary ?? '', Subjects: f.Subjects ?? '', Series: f.Series ?? '', Edition: f.Edition ?? '', Extent: f.Extent ?? '', Source: source,
  };
}

async function byJson(ctx: CallContext, schoolId: number, id: CaptureSourceId, isbn: string): Promise<CaptureResult> {
  const s = await sourceOf(ctx.app.db, schoolId, id);
  requireConfigured(s);
  let record;
  try {
    record = await fetchJsonRecord(s, isbn);
  } catch (e) {
    throw sourceFailure(id, e);
  }
  if (!record) return notFound(id, isbn, translate(ctx));
  if (id === 'lexile') {
    if (!record.fields.Lexile) return notFound(id, isbn, translate(ctx));
    return { Found: true, Source: id, Item: null, Candidates: [], Lexile: record.fields.Lexile, Message: '' };
  }
  if (!record.fields.Title) return notFound(id, isbn, translate(ctx));
  return { Found: true, Source: id, Item: toCaptureItem(record.fields, isbn, id), Candidates: [], Message: '' };
}

/** Covers: the address answers with the image itself, or with JSON naming the image's address. */
async function byCover(ctx: CallContext, schoolId: number, id: CaptureSourceId, isbn: string): Promise<CaptureResult> {
  const s = await sourceOf(ctx.app.db, schoolId, id);
  requireConfigured(s);
  let bytes: Buffer | null = null;
  try {
    const got = await fetchWithDeadline(sourceUrl(s, isbn), s.TimeoutMs, 2 * 1024 * 1024, 'image/*, application/json;q=0.9', undefined);
    if (got && got.type.startsWith('image/')) bytes = got.body;
    else if (got) {
      const record = await fetchJsonRecord(s, isbn);
      const url = record?.fields.Cover;
      if (url && /^https?:\/\//i.test(url)) bytes = (await fetchWithDeadline(url, s.TimeoutMs, 2 * 1024 * 1024, 'image/*'))?.body ?? null;
    }
  } catch (e) {
    throw sourceFailure(id, e);
  }
  if (!bytes) return notFound(id, isbn, translate(ctx));
  const saved = saveImageBytes(ctx.app.config.dataDir, schoolId, bytes);
  if ('error' in saved) throw new AppError(503, 'capture:errors.notAnImage', { status: 503, params: { source: named(id) } });
  return { Found: true, Source: id, Item: null, Candidates: [], Cover: saved.id, CoverUrl: photoUrl(ctx.app.config.dataDir, schoolId, saved.id), Message: '' };
}

/**
 * The union catalogue: the same ISBN catalogued by another school on this gateway. Only
 * catalogue fields travel (never copies, readers or call numbers); the fullest record wins.
 */
async function byUnion(ctx: CallContext, schoolId: number, isbn: string): Promise<CaptureResult> {
  const s = await sourceOf(ctx.app.db, schoolId, 'union');
  requireConfigured(s);
  const rows = await ctx.app.db.selectFrom('titles').innerJoin('schools', 'schools.id', 'titles.school_id')
    .selectAll('titles').select(['schools.name as school_name'])
    .where('titles.isbn13', '=', toIsbn13(isbn)!).where('titles.school_id', '!=', schoolId)
    .orderBy('titles.id').limit(50).execute();
  if (!rows.length) return notFound('union', isbn, translate(ctx));
  const filled = (r: (typeof rows)[number]) => [r.author, r.publisher, r.place, r.class_no, r.summary, r.subjects, r.series, r.extent, r.edition].filter(Boolean).length + (r.pub_year ? 1 : 0);
  const best = [...rows].sort((a, b) => filled(b) - filled(a) || a.id - b.id)[0]!;
  const counts = await ctx.app.db.selectFrom('copies').select(['title_id', (e) => e.fn.countAll().as('n')])
    .where('title_id', 'in', rows.map((r) => r.id)).groupBy('title_id').execute();
  const copies = new Map(counts.map((c) => [c.title_id, Number(c.n)]));
  return {
    Found: true, Source: 'union', Candidates: [], Message: '',
    Item: {
      Title: best.title, ParallelTitle: best.en_title, Author: best.author, Publisher: best.publisher, Place: best.place, PubYear: best.pub_year,
      ISBN: best.isbn, ISBNHyphenated: hyphenateIsbn(best.isbn), Price: best.price, ClassNo: best.class_no, DeweyNo: best.dewey_no, BookNo: '', AddNo: '',
      Language: best.language, Summary: best.summary, Subjects: best.subjects, Series: best.series, Edition: best.edition, Extent: best.extent, Source: 'union',
    },
    Holders: rows.map((r) => ({ School: r.school_name, Copies: copies.get(r.id) ?? 0 })),
  };
}

async function bySource(ctx: CallContext, id: CaptureSourceId, typed: string): Promise<CaptureResult> {
  const { schoolId } = requireUser(ctx);
  // Sources are asked with the 13-digit form: every current catalogue indexes it.
  const isbn = toIsbn13(typed) ?? typed;
  const kind = CAPTURE_SOURCES.find((s) => s.id === id)!.kind;
  if (kind === 'sru') return bySru(ctx, schoolId, isbn);
  if (kind === 'union') return byUnion(ctx, schoolId, isbn);
  if (kind === 'cover') return byCover(ctx, schoolId, id, isbn);
  return byJson(ctx, schoolId, id, isbn);
}

const RECORD_SOURCES = CAPTURE_SOURCES.filter((s) => s.kind !== 'cover' && s.kind !== 'lexile').map((s) => s.id);

export const captureHandlers = {
  'capture.sru': handler(C.marc, (i, ctx) => bySource(ctx, 'sru', i.ISBN)),
  'capture.ddw': handler(C.ddw, (i, ctx) => bySource(ctx, 'ddw', i.ISBN)),
  'capture.zgtsw': handler(C.zgtsw, (i, ctx) => bySource(ctx, 'zgtsw', i.ISBN)),
  'capture.ocrc': handler(C.ocrc, (i, ctx) => bySource(ctx, 'ocrc', i.ISBN)),
  'capture.lanree': handler(C.lanree, (i, ctx) => bySource(ctx, 'lanree', i.ISBN)),
  'capture.shtsg': handler(C.shtsg, (i, ctx) => bySource(ctx, 'shtsg', i.ISBN)),
  'capture.scholastic': handler(C.scholastic, (i, ctx) => bySource(ctx, 'scholastic', i.ISBN)),
  'capture.syzn': handler(C.syzn, (i, ctx) => bySource(ctx, 'syzn', i.ISBN)),
  'capture.lexile': handler(C.lexile, (i, ctx) => bySource(ctx, 'lexile', i.ISBN)),
  'capture.cover-zh': handler(C.coverZh, (i, ctx) => bySource(ctx, 'cover-zh', i.ISBN)),
  'capture.cover-en': handler(C.coverEn, (i, ctx) => bySource(ctx, 'cover-en', i.ISBN)),
  'capture.union': handler(C.union, (i, ctx) => bySource(ctx, 'union', i.ISBN)),
  /** Every configured record source in turn; the first that finds the ISBN answers. */
  'capture.any': handler(C.any, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const all = await readSources(ctx.app.db, schoolId);
    const ids = RECORD_SOURCES.filter((id) => isConfigured(all[id] ?? defaultSource(id)));
    if (!ids.length) throw AppError.refused('capture:errors.noneConfigured');
    const failed: string[] = [];
    for (const id of ids) {
      try {
        const r = await bySource(ctx, id, input.ISBN);
        if (r.Found) return r;
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 503) throw e;
        failed.push(ctx.app.i18n.t(ctx.lang, e.key, e.params));
      }
    }
    const t = translate(ctx);
    const names = ids.map((id) => t(`capture:source.${id}`, {})).join(t('capture:listSeparator', {}));
    return { Found: false, Source: 'any', Item: null, Candidates: [], Message: [t('capture:notFoundAny', { sources: names, isbn: input.ISBN }), ...failed].join(' ') };
  }),
  'capture.sources.get': handler(C.getSources, async (_i, ctx) => {
    const { schoolId } = requireUser(ctx);
    const all = await readSources(ctx.app.db, schoolId);
    return CAPTURE_SOURCES.map((s) => publicView(all[s.id] ?? defaultSource(s.id)));
  }),
  'capture.sources.save': handler(C.saveSource, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    if (input.Enabled && input.ID !== 'union' && !input.URL) throw AppError.badRequest('capture:errors.urlRequired', { source: named(input.ID) });
    return publicView(await saveSource(ctx.app.db, schoolId, input));
  }),
  /** Titles of all schools on the gateway (catalogue fields only), one row per ISBN. */
  'capture.union.search': handler(C.searchUnion, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const key = input.SearchKey?.trim() ?? '';
    let q = ctx.app.db.selectFrom('titles').where('titles.isbn13', '!=', '');
    if (key) {
      const isbn13 = toIsbn13(key.replace(/[-\s]/g, ''));
      q = q.where((eb) => eb.or([
        ...(isbn13 ? [eb('titles.isbn13', '=', isbn13)] : []),
        containsText('titles.title', key), containsText('titles.author', key), containsText('titles.initials', key),
      ]));
    }
    const grouped = q.select([
      'titles.isbn13',
      sql<string>`min(titles.isbn)`.as('isbn'), sql<string>`min(titles.title)`.as('title'), sql<string>`min(titles.author)`.as('author'),
      sql<string>`min(titles.publisher)`.as('publisher'), sql<number | null>`min(titles.pub_year)`.as('pub_year'), sql<string>`min(titles.class_no)`.as('class_no'),
      sql<number>`count(distinct titles.school_id)`.as('schools'),
      sql<number>`sum(case when titles.school_id = ${schoolId} then 1 else 0 end)`.as('mine'),
      sql<number>`sum((select count(*) from copies c where c.title_id = titles.id))`.as('copies'),
    ]).groupBy('titles.isbn13');
    const [rows, total] = await Promise.all([
      grouped
        // What this school lacks first (what a cataloguer comes for), then the most widely held.
        .orderBy(sql`sum(case when titles.school_id = ${schoolId} then 1 else 0 end)`, 'asc')
        .orderBy(sql`count(distinct titles.school_id)`, 'desc').orderBy('titles.isbn13').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
      ctx.app.db.selectFrom(grouped.as('g')).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      Total: Number(total.n),
      List: rows.map((r) => ({
        ISBN: r.isbn, Title: r.title, Author: r.author, Publisher: r.publisher, PubYear: r.pub_year == null ? null : Number(r.pub_year), ClassNo: r.class_no,
        Schools: Number(r.schools), Copies: Number(r.copies), Mine: Number(r.mine) > 0,
      })),
    };
  }),
} satisfies HandlerMapFor<typeof C>;

import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Translator } from '../http/i18n.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
import { maskPhone } from '../../shared/domain/validation-rules.ts';
import { readerFilter } from '../access/user-store.ts';

const CHUNK = 500;

export interface ExportReadersOptions {
  db: Kysely<Database>;
  dataDir: string;
  i18n: Translator;
  lang: Language;
  schoolId: number;
  userId: number;
  searchKey: string | undefined;
  /** File id (uuid-ish) the result is stored under. */
  fileId: string;
}

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}_${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/**
 * The school's reader list as .xlsx, streamed row by row so memory stays flat at any size. Mobile
 * numbers are masked as on the screens (first 3 and last 4 digits).
 */
export function exportReadersJob(o: ExportReadersOptions): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.i18n.t(o.lang, k, p);
  const resultPath = join('files', String(o.schoolId), `${o.fileId}.xlsx`);
  return {
    schoolId: o.schoolId,
    userId: o.userId,
    fileName: `${t('gateway:export.readers.fileName')}_${stamp(new Date())}.xlsx`,
    operationType: 'ExportReaders',
    resultPath,
    doneMessage: t('gateway:export.generated'),
    stoppedMessage: t('gateway:export.stopped'),
    failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const base = o.db.selectFrom('users').where('users.school_id', '=', o.schoolId).where(readerFilter(o.searchKey));
      const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      await ctx.setTotal(total);

      const file = join(o.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const sheet = wb.addWorksheet(t('gateway:export.readers.sheet'));
      const col = (k: string) => t(`gateway:export.readers.columns.${k}`);
      sheet.columns = [
        { header: col('readerId'), key: 'readerId', width: 16 },
        { header: col('name'), key: 'name', width: 12 },
        { header: col('identity'), key: 'identity', width: 10 },
        { header: col('dept'), key: 'dept', width: 20 },
        { header: col('sex'), key: 'sex', width: 8 },
        { header: col('phone'), key: 'phone', width: 14 },
        { header: col('email'), key: 'email', width: 24 },
        { header: col('status'), key: 'status', width: 10 },
        { header: col('expireAt'), key: 'expireAt', width: 12 },
      ];
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();

      let lastId = 0;
      let done = 0;
      for (;;) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const rows = await base
          .leftJoin('departments', 'departments.id', 'users.dept_id')
          .select([
            'users.id', 'users.reader_id', 'users.name', 'users.identity', 'users.sex', 'users.phone',
            'users.email', 'users.status', 'users.expire_at', 'departments.name as dept_name', 'departments.en_name as dept_en',
          ])
          .where('users.id', '>', lastId)
          .orderBy('users.id')
          .limit(CHUNK)
          .execute();
        if (rows.length === 0) break;
        for (const r of rows) {
          sheet
            .addRow({
              readerId: r.reader_id,
              name: r.name,
              identity: t(`gateway:identity.${r.identity}`),
              dept: (o.lang === 'en-US' ? r.dept_en || r.dept_name : r.dept_name) ?? '',
              sex: t(`gateway:sex.${r.sex}`),
              // The screens' masking rule holds for files too; the import reads a masked number as "keep".
              phone: maskPhone(r.phone),
              email: r.email,
              status: t(`gateway:status.${r.status}`),
              expireAt: r.expire_at?.slice(0, 10) ?? '',
            })
            .commit();
        }
        lastId = rows[rows.length - 1]!.id;
        done += rows.length;
        await ctx.progress(done);
      }
      await sheet.commit();
      await wb.commit();
    },
  };
}

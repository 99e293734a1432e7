import type { FastifyInstance } from 'fastify';
import type { StatQuery } from '../../shared/api/gate.ts';
import { localDateTime } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { JobSpec } from '../jobs/job-runner.ts';
import { logExportJob } from '../jobs/xlsx-export.ts';
import { findAlarms, statistic, type GateFilters, type GateScope } from './gate-store.ts';

/** The alarm list and the statistic as .xlsx jobs in the download panel, headers in the caller's language. */

const ALARM_COLUMNS = ['At', 'GateName', 'BranchName', 'Direction', 'UID', 'AFI', 'Barcode', 'Title', 'OnLoan'] as const;

export function alarmExportJob(o: { app: FastifyInstance; lang: Language; scope: GateScope; userId: number; filters: GateFilters }): JobSpec {
  return logExportJob({
    app: o.app, lang: o.lang, schoolId: o.scope.schoolId, userId: o.userId, operationType: 'ExportGateAlarms',
    fileNameKey: 'gate:export.alarmsFile', sheetKey: 'gate:export.alarmsSheet',
    columns: ALARM_COLUMNS.map((k) => ({ key: k, header: `gate:resources.alarm.fields.${k}`, width: k === 'Title' ? 30 : k === 'At' ? 18 : 14 })),
    page: (beforeId, rows, withTotal) => findAlarms(o.app.db, o.scope, { ...o.filters, beforeId }, 1, rows, { total: withTotal }),
    cells: (r, t) => ({
      ...r, At: localDateTime(r.At, o.scope.utcOffsetMinutes),
      Direction: t(`gate:resources.alarm.options.Direction.${r.Direction}`),
      OnLoan: t(`gate:resources.alarm.options.OnLoan.${r.OnLoan}`),
    }),
  });
}

const STAT_COLUMNS = ['Period', 'In', 'Out', 'Alarms'] as const;

export function statExportJob(o: { app: FastifyInstance; lang: Language; scope: GateScope; userId: number; query: StatQuery & { DateFrom: string; DateTo: string } }): JobSpec {
  const { Unit, ...f } = o.query;
  // The statistic is a few hundred rows at most: computed once, then paged to the writer by a made-up descending id.
  let rows: Promise<{ ID: number; Period: string; In: number; Out: number; Alarms: number }[]> | null = null;
  const all = () => (rows ??= statistic(o.app.db, o.scope, f, Unit).then((list) => list.map((r, i) => ({ ...r, ID: list.length - i }))));
  return logExportJob({
    app: o.app, lang: o.lang, schoolId: o.scope.schoolId, userId: o.userId, operationType: 'ExportGateStatistic',
    fileNameKey: 'gate:export.statFile', sheetKey: 'gate:export.statSheet',
    columns: STAT_COLUMNS.map((k) => ({ key: k, header: `gate:resources.inout-stat.fields.${k}`, width: k === 'Period' ? 14 : 10 })),
    page: async (beforeId, n, withTotal) => {
      const list = await all();
      const from = beforeId == null ? list : list.filter((r) => r.ID < beforeId);
      return { List: from.slice(0, n), Total: withTotal ? list.length : 0 };
    },
    cells: (r) => r,
  });
}

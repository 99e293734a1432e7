import { STAT_COLUMNS, statisticsCalls as C, type ClassifyData } from '../../../shared/api/statistics.ts';
import { classifyParams, thisYear } from './stat-params.ts';
import { StatReport } from './stat-report.tsx';
import { ClassifySummary } from './classify-summary.tsx';

/** /data-report/classify22 中图法二十二大类: the same per main class, each judged by its part. */
export default function Classify22Screen() {
  return (
    <StatReport
      id="classify22" report="classify22" run={C.classify22} params={classifyParams} defaults={thisYear()}
      columns={STAT_COLUMNS.classify22}
      chart={{ category: 'Code', values: ['Copies', 'Loans'] }}
      summary={(data) => <ClassifySummary data={data as unknown as ClassifyData} />}
    />
  );
}

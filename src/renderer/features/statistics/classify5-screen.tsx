import { STAT_COLUMNS, statisticsCalls as C, type ClassifyData } from '../../../shared/api/statistics.ts';
import { classifyParams, thisYear } from './stat-params.ts';
import { StatReport } from './stat-report.tsx';
import { ClassifySummary } from './classify-summary.tsx';

/** /data-report/classify5 中图法五大部类: copies, titles and loans per part beside the regulation's shares. */
export default function Classify5Screen() {
  return (
    <StatReport
      id="classify5" report="classify5" run={C.classify5} params={classifyParams} defaults={thisYear()}
      columns={STAT_COLUMNS.classify5}
      chart={{ category: 'Code', values: ['CopyPct', 'StandardPct', 'LoanPct'] }}
      summary={(data) => <ClassifySummary data={data as unknown as ClassifyData} />}
    />
  );
}

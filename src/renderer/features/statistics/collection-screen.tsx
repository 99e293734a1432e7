import { STAT_COLUMNS, statisticsCalls as C } from '../../../shared/api/statistics.ts';
import { collectionParams } from './stat-params.ts';
import { StatReport } from './stat-report.tsx';

/** /collection-statistic 馆藏统计: holdings now by branch, area, resource type, state or CLC class. */
export default function CollectionScreen() {
  return (
    <StatReport
      id="collection" report="collection" run={C.collection} params={collectionParams} defaults={{ GroupBy: 'branch' }}
      columns={STAT_COLUMNS.collection}
      chart={{ category: 'Name', values: ['Copies'] }}
    />
  );
}

import Stack from '@mui/material/Stack';
import { recommendationCalls as C } from '../../../shared/api/recommendations.ts';
import { ReportScreen } from '../../kit/report/report-screen.tsx';

/**
 * /statistical-purchasing 荐购统计: which books readers of each learning stage (the spec's three
 * stages) asked the library to buy, over a period, with what is already held, as a chart of the
 * page's books and an .xlsx export.
 */
export default function StageStatisticsScreen() {
  return (
    <Stack sx={{ p: 2 }}>
      <ReportScreen
        config={{
          id: 'stage-statistics', ns: 'recommendations', run: C.stageStatistics, export: C.exportStageStatistics,
          chart: { category: 'Title', values: ['Primary', 'Junior', 'Senior', 'Other'] },
        }}
      />
    </Stack>
  );
}

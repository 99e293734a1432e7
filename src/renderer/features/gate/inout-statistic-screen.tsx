import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { gateCalls as C } from '../../../shared/api/gate.ts';
import { ReportScreen } from '../../kit/report/report-screen.tsx';
import { statParams } from './gate.resource.ts';

/**
 * Printed, the page is the report alone: the app's bar, menu and tabs, the parameter form and the
 * buttons are left out (the table and chart stay).
 */
const PRINT = {
  '@media print': {
    'header, nav, aside, .MuiDrawer-root, .MuiAppBar-root, [role="tablist"], [data-testid="report-params"], .no-print, .MuiTablePagination-root': { display: 'none !important' },
    main: { margin: '0 !important', padding: '0 !important' },
  },
};

/**
 * /inoutstatistic 进出馆统计: entries, exits and alarms per hour of the day (summed over the
 * period), per day or per month, for the school or one library or gate, with a chart, the .xlsx
 * export as a job and a print view.
 */
export default function InoutStatisticScreen() {
  const { t } = useTranslation('gate');
  const defaults = useMemo(() => ({ Unit: 'day' }), []);
  return (
    <Stack sx={{ p: 2 }} data-testid="inout-statistic">
      <GlobalStyles styles={PRINT} />
      <ReportScreen
        config={{
          id: 'inout-stat', ns: 'gate', run: C.getStatistic, params: statParams, defaults, export: C.exportStatistic,
          columns: ['Period', 'In', 'Out', 'Alarms'],
          chart: { category: 'Period', values: ['In', 'Out'], kind: 'bar' },
          toolbar: () => (
            <Button className="no-print" startIcon={<PrintOutlined />} onClick={() => window.print()} data-testid="inout-print">{t('stat.print')}</Button>
          ),
        }}
      />
    </Stack>
  );
}

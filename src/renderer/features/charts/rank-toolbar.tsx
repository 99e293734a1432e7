import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { chartsCalls as C, RANK_EXPORT_KINDS } from '../../../shared/api/charts.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';

export type RankExportKind = (typeof RANK_EXPORT_KINDS)[number];

/**
 * Printing shows the report alone: the shell (app bar, menu, tabs), the parameter form, the
 * buttons and the grid's pager are hidden, and the page scrolls as one sheet.
 */
const printStyles = {
  '@media print': {
    'header.MuiAppBar-root, aside, nav, [data-testid="report-params"], .no-print, .MuiDataGrid-footerContainer': { display: 'none !important' },
    '[data-testid="admin-layout"]': { height: 'auto !important' },
    'main, [data-testid="admin-layout"] > div': { overflow: 'visible !important', display: 'block !important' },
    '@page': { margin: '12mm' },
  },
};

/**
 * Beside a ranking's title once run: the period it covered and its loans (the ReportScreen's own
 * cached answer, so no second request), the .xlsx export job and printing.
 */
export function RankToolbar({ reportId, params, kind }: { reportId: string; params: Record<string, unknown>; kind: RankExportKind }) {
  const { t } = useTranslation('charts');
  const answer = useQuery<{ From?: string; To?: string; TotalLoans?: number }>({ queryKey: [reportId, 'report', params], enabled: false });
  const d = answer.data;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <GlobalStyles styles={printStyles} />
      {d?.From && (
        <Typography variant="body2" color="text.secondary" data-testid="rank-period">
          {t('total', { from: d.From, to: d.To, count: d.TotalLoans ?? 0 })}
        </Typography>
      )}
      <span className="no-print"><ExportButton call={C.exportRank} input={{ ...params, Kind: kind }} /></span>
      <Button className="no-print" startIcon={<PrintOutlined />} onClick={() => window.print()} data-testid="rank-print">{t('print')}</Button>
    </Stack>
  );
}

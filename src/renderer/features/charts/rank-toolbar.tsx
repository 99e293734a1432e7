import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { chartsCalls as C, RANK_EXPORT_KINDS } from '../../../shared/api/charts.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';

export type RankExportKind = (typeof RANK_EXPORT_KINDS)[number];

/**
 * Beside a ranking's title once run: the period it covered and its loans (the ReportScreen's own
 * cached answer, so no second request), the .xlsx export job (printing is the report's own).
 */
export function RankToolbar({ reportId, params, kind }: { reportId: string; params: Record<string, unknown>; kind: RankExportKind }) {
  const { t } = useTranslation('charts');
  const answer = useQuery<{ From?: string; To?: string; TotalLoans?: number }>({ queryKey: [reportId, 'report', params], enabled: false });
  const d = answer.data;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {d?.From && (
        <Typography variant="body2" color="text.secondary" data-testid="rank-period">
          {t('total', { from: d.From, to: d.To, count: d.TotalLoans ?? 0 })}
        </Typography>
      )}
      <ExportButton call={C.exportRank} input={{ ...params, Kind: kind }} />
    </Stack>
  );
}

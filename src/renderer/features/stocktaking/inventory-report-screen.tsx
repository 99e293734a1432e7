import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stocktakingCalls as C } from '../../../shared/api/stocktaking.ts';
import { call } from '../../lib/api-client.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { AreaFiguresTable } from './area-figures-table.tsx';
import { CountsStrip } from './counts-strip.tsx';
import { ReportLists } from './report-lists.tsx';
import { ReportPrintView } from './report-print-view.tsx';

const AreaChart = lazy(() => import('./area-chart.tsx'));

/**
 * /inventory-report 盘点报告: one stocktake's figures per area (with a chart), its lists (missing,
 * misplaced, not expected, unknown codes, found), the .xlsx export as a job and a print view.
 */
export default function InventoryReportScreen() {
  const { t, i18n } = useTranslation(['stocktaking', 'screens']);
  const [params, setParams] = useSearchParams();
  const list = useQuery({ queryKey: ['stocktaking', 'report-list', i18n.language], queryFn: () => call(C.getReportList, { Page: 1, Rows: 200 }) });
  const id = Number(params.get('id')) || list.data?.List[0]?.ID || null;
  const report = useQuery({ queryKey: ['stocktaking', 'report', id, i18n.language], queryFn: () => call(C.getReport, { ID: id! }), enabled: id != null });
  const [printing, setPrinting] = useState(false);
  const r = report.data;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">{t('screens:titles./inventory-report')}</Typography>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField select label={t('report.choose')} value={id ?? ''} sx={{ minWidth: 360 }} helperText={list.data?.List.length ? undefined : t('list.empty')}
          onChange={(e) => setParams({ id: String(e.target.value) }, { replace: true })} slotProps={{ htmlInput: { 'data-testid': 'inventory-choose' } }}>
          {(list.data?.List ?? []).map((s) => <MenuItem key={s.ID} value={s.ID}>{`${s.Name} · ${t(`states.${s.State}`)}`}</MenuItem>)}
        </TextField>
        {id != null && <ExportButton call={C.export} input={{ ID: id }} label={t('report.export')} />}
        {r && <Button onClick={() => setPrinting(true)} data-testid="inventory-print-open">{t('report.print')}</Button>}
      </Stack>
      {r && (
        <>
          <Typography variant="body2" color="text.secondary">{r.Stocktake.Areas.map((a) => a.Name).join('、')} · {t(`states.${r.Stocktake.State}`)}</Typography>
          <CountsStrip counts={r.Stocktake.Counts} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>{t('report.areas')}</Typography>
            <AreaFiguresTable areas={r.Areas} />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>{t('report.chart')}</Typography>
            <Suspense fallback={<Skeleton variant="rectangular" height={260} />}><AreaChart areas={r.Areas} /></Suspense>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2">{t('report.lists')}</Typography>
            <ReportLists key={r.Stocktake.ID} id={r.Stocktake.ID} />
          </Paper>
          {printing && <ReportPrintView stocktake={r.Stocktake} areas={r.Areas} onClose={() => setPrinting(false)} />}
        </>
      )}
    </Stack>
  );
}

import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { stocktakingCalls as C, type AreaFigures, type ItemKind, type Stocktake } from '../../../shared/api/stocktaking.ts';
import { call } from '../../lib/api-client.ts';
import { AreaFiguresTable } from './area-figures-table.tsx';

const LISTS: readonly ItemKind[] = ['missing', 'misplaced', 'notExpected'];
/** A printed list longer than this is better exported. */
const PRINT_ROWS = 1000;

/**
 * The report on paper: the stocktake, its figures per area and the three lists a librarian works
 * through (missing, misplaced, not expected), black on white. Only this view prints.
 */
export function ReportPrintView({ stocktake, areas, onClose }: { stocktake: Stocktake; areas: readonly AreaFigures[]; onClose: () => void }) {
  const { t, i18n } = useTranslation('stocktaking');
  const lists = useQueries({
    queries: LISTS.map((kind) => ({
      queryKey: ['stocktaking', 'print', stocktake.ID, kind, i18n.language],
      queryFn: () => call(C.getReportItems, { ID: stocktake.ID, Kind: kind, Page: 1, Rows: PRINT_ROWS }),
    })),
  });
  const cols = ['Barcode', 'Title', 'CallNo', 'HomeArea', 'FoundArea'] as const;
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="inventory-print-title">
      <GlobalStyles styles={{ '@media print': { '#root': { display: 'none !important' }, '.no-print': { display: 'none !important' }, '@page': { margin: '12mm' } } }} />
      <Box sx={{ p: 3, maxWidth: 1000, mx: 'auto', width: '100%', '@media print': { p: 0 } }} data-testid="inventory-print">
        <Stack className="no-print" direction="row" spacing={2} sx={{ mb: 2, justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('report.closePrint')}</Button>
          <Button variant="contained" onClick={() => window.print()}>{t('report.print')}</Button>
        </Stack>
        <Typography id="inventory-print-title" variant="h5" component="h1" align="center">{t('screens:titles./inventory-report')} · {stocktake.Name}</Typography>
        <Typography align="center" sx={{ mb: 2 }}>
          {stocktake.Areas.map((a) => a.Name).join('、')} · {dayjs(stocktake.StartedAt).format('YYYY-MM-DD')}
          {stocktake.ClosedAt ? ` – ${dayjs(stocktake.ClosedAt).format('YYYY-MM-DD')}` : ''} · {t(`states.${stocktake.State}`)}
        </Typography>
        <Typography variant="h6" component="h2">{t('report.areas')}</Typography>
        <AreaFiguresTable areas={areas} />
        {LISTS.map((kind, i) => {
          const data = lists[i]?.data;
          return (
            <Box key={kind} sx={{ mt: 3, breakInside: 'auto' }}>
              <Typography variant="h6" component="h2">{t(`kinds.${kind}`)} ({data?.Total ?? '…'})</Typography>
              {data?.List.length ? (
                <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 13, '& th, & td': { border: '1px solid', borderColor: 'text.primary', px: 0.5, py: 0.25, textAlign: 'left' } }}>
                  <thead><tr>{cols.map((c) => <th key={c} scope="col">{t(`report.fields.${c}`)}</th>)}</tr></thead>
                  <tbody>{data.List.map((r) => <tr key={r.ID}>{cols.map((c) => <td key={c}>{r[c]}</td>)}</tr>)}</tbody>
                </Box>
              ) : <Typography variant="body2">{t('report.empty')}</Typography>}
            </Box>
          );
        })}
      </Box>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResourceLabels } from '../../kit/labels.ts';

const cell = { border: '1px solid #999', padding: '4px 8px', textAlign: 'left' as const };

/**
 * The print-friendly view of a report: its title, its parameters and every row as a plain table
 * in black on white; only this view prints (the app behind it is hidden on paper).
 */
export function StatPrintView({ labels, params, columns, rows, onClose }: {
  labels: ResourceLabels;
  params: string;
  columns: readonly string[];
  rows: ReadonlyArray<Record<string, unknown>>;
  onClose: () => void;
}) {
  const { t } = useTranslation('statistics');
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="stat-print-title">
      <GlobalStyles styles={{ '@media print': { '#root': { display: 'none !important' }, '.no-print': { display: 'none !important' }, '@page': { margin: '12mm' } } }} />
      <Box sx={{ p: 3, bgcolor: 'common.white', color: 'common.black', minHeight: '100%' }} data-testid="stat-print">
        <Stack className="no-print" direction="row" spacing={2} sx={{ mb: 2 }}>
          <Button variant="contained" onClick={() => window.print()} data-testid="stat-print-go">{t('print.print')}</Button>
          <Button onClick={onClose} data-testid="stat-print-close">{t('print.close')}</Button>
        </Stack>
        <Typography id="stat-print-title" variant="h6" component="h1" sx={{ textAlign: 'center' }}>{labels.name()}</Typography>
        <Typography variant="body2" sx={{ textAlign: 'center', mb: 2 }}>{params}</Typography>
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', fontSize: 13 }}>
          <thead>
            <tr>{columns.map((c) => <th key={c} style={cell}>{labels.field(c)}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>{columns.map((c) => <td key={c} style={cell}>{r[c] == null ? '' : String(r[c])}</td>)}</tr>
            ))}
          </tbody>
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>{t('print.count', { count: rows.length })}</Typography>
      </Box>
    </Dialog>
  );
}

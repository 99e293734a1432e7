import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BulkResult } from '../../../shared/api/collection.ts';

/** Every change of a bulk preview or apply (before → after), then every refused barcode with why. */
export function BulkResultTable({ result, showValues = true }: { result: BulkResult; showValues?: boolean }) {
  const { t } = useTranslation(['collection']);
  return (
    <>
      <Table size="small" aria-label={t('bulk.changes')} data-testid="bulk-changes">
        <TableHead>
          <TableRow>
            <TableCell>{t('resources.copy.fields.Barcode')}</TableCell>
            <TableCell>{t('resources.copy.fields.Title')}</TableCell>
            {showValues && <TableCell>{t('bulk.field')}</TableCell>}
            {showValues && <TableCell>{t('bulk.before')}</TableCell>}
            {showValues && <TableCell>{t('bulk.after')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.Changes.slice(0, 500).map((c) => (
            <TableRow key={`${c.ID}-${c.Field}`}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{c.Barcode}</TableCell>
              <TableCell>{c.Title}</TableCell>
              {showValues && <TableCell>{t(`resources.copy.fields.${c.Field}`)}</TableCell>}
              {showValues && <TableCell>{c.Before || '—'}</TableCell>}
              {showValues && <TableCell>{c.After || '—'}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {result.Changes.length > 500 && <Typography variant="caption">{t('bulk.more', { count: result.Changes.length - 500 })}</Typography>}
      {result.Refused.length > 0 && (
        <Alert severity="warning" data-testid="bulk-refused">
          <Typography variant="body2">{t('bulk.refused', { count: result.Refused.length })}</Typography>
          {result.Refused.slice(0, 200).map((r) => <Typography key={r.Barcode} variant="body2">{r.Barcode}: {r.Message}</Typography>)}
        </Alert>
      )}
    </>
  );
}

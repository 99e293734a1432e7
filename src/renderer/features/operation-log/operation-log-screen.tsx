import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { operationLogCalls as L, type OperationEntry, type OperationResult } from '../../../shared/api/operation-log.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { operationLogResource } from './operation-log.resource.ts';

const COLUMNS = ['At', 'UserName', 'Workstation', 'Action', 'Target', 'Result', 'Message'] as const;
/** Long text on two lines, the whole of it on hover (rows keep the grid's height). */
const twoLines = ({ value }: { value?: string }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
    <Box component="span" title={value} sx={{ whiteSpace: 'normal', lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word' }}>
      {value}
    </Box>
  </Box>
);
const RESULT_COLOR: Record<OperationResult, 'success' | 'warning' | 'error'> = { ok: 'success', refused: 'warning', failed: 'error' };

/**
 * /sys/log/operation 操作日志: who did what, when, at which workstation, and the result — every
 * change made through the gateway and every desk transaction, refused ones too. Read and export
 * only: nobody edits the log.
 */
export default function OperationLogScreen() {
  const { t } = useTranslation('operation-log');
  return (
    <Stack sx={{ p: 2 }} spacing={1}>
      <SearchList
        config={{
          resource: operationLogResource,
          filters: ['DateFrom', 'DateTo', 'User', 'Workstation', 'Domain', 'Result', 'Keyword'],
          columns: COLUMNS,
          columnOverrides: {
            // A computer without a name is known by its address (the export has both).
            Workstation: { valueGetter: (_v: unknown, row: OperationEntry) => row.Workstation || row.IP },
            Target: { flex: 2, minWidth: 200, renderCell: twoLines },
            Message: { flex: 2, minWidth: 200, renderCell: twoLines },
            Result: {
              renderCell: ({ value }: { value?: OperationResult }) => value
                ? <Chip size="small" variant="outlined" color={RESULT_COLOR[value]} label={t(`resources.operation-log.options.Result.${value}`)} />
                : null,
            },
          },
          slots: {
            toolbar: (query) => {
              const { Page: _p, Rows: _r, ...filters } = query;
              return <ExportButton call={L.export} input={filters} label={t('export.button')} />;
            },
          },
        }}
      />
      <Typography variant="body2" color="text.secondary">{t('screen.intro')}</Typography>
    </Stack>
  );
}

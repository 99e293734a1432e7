import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { signRecordCalls as C, signFilterQuery } from '../../../shared/api/sign-records.ts';
import { call } from '../../lib/api-client.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { useUrlListState } from '../../kit/search-list/use-url-list-state.ts';
import { signRecordResource } from './sign-records.resource.ts';

const FILTERS = ['DateFrom', 'DateTo', 'DeptID', 'Identity', 'BranchID', 'Room', 'Reader'] as const;

function CountTable({ caption, head, rows, testId }: { caption: string; head: string; rows: Array<{ key: string; label: string; visits: number; readers: number }>; testId: string }) {
  const { t } = useTranslation('sign-records');
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 280, maxHeight: 320, overflow: 'auto' }}>
      <Typography variant="subtitle2" component="h3">{caption}</Typography>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow><TableCell>{head}</TableCell><TableCell align="right">{t('stats.visits')}</TableCell><TableCell align="right">{t('stats.readers')}</TableCell></TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}><TableCell>{r.label}</TableCell><TableCell align="right">{r.visits}</TableCell><TableCell align="right">{r.readers}</TableCell></TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** Visits and distinct readers in all, per day and per class, under the list's own filters (read from the URL). */
function SignStats() {
  const { t, i18n } = useTranslation('sign-records');
  const { query } = useUrlListState(signRecordResource.listQuery!);
  const filters = signFilterQuery.safeParse(Object.fromEntries(FILTERS.map((k) => [k, query[k]])));
  const input = filters.success ? filters.data : {};
  const stats = useQuery({ queryKey: ['sign-records', 'stats', input, i18n.language], queryFn: () => call(C.getStats, input) });
  const s = stats.data;
  if (!s) return null;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h2" data-testid="sign-stats-total">
        {t('stats.summary', { visits: s.Visits, readers: s.Readers })}
      </Typography>
      {s.Visits ? (
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <CountTable caption={t('stats.byDay')} head={t('stats.day')} testId="sign-stats-day"
            rows={s.ByDay.map((d) => ({ key: d.Day, label: d.Day, visits: d.Visits, readers: d.Readers }))} />
          <CountTable caption={t('stats.byClass')} head={t('stats.className')} testId="sign-stats-class"
            rows={s.ByClass.map((c, i) => ({ key: `${i}-${c.ClassName}`, label: c.ClassName || t('stats.none'), visits: c.Visits, readers: c.Readers }))} />
        </Stack>
      ) : <Typography variant="body2" color="text.secondary">{t('stats.empty')}</Typography>}
    </Stack>
  );
}

/** The visits with their filters, the counts under the same filters, and the export of what is shown. */
export function SignList() {
  const { t } = useTranslation('sign-records');
  return (
    <Stack spacing={2}>
      <SearchList
        config={{
          resource: signRecordResource,
          filters: FILTERS,
          columns: ['At', 'ReaderID', 'ReaderName', 'Identity', 'ClassName', 'BranchName', 'Room', 'Station', 'StaffName'],
          slots: {
            toolbar: (query) => {
              const { Page: _p, Rows: _r, tab: _tab, ...filters } = query;
              return <ExportButton call={C.export} input={filters} label={t('export.button')} />;
            },
          },
        }}
      />
      <SignStats />
    </Stack>
  );
}

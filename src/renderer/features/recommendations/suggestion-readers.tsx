import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { recommendationCalls as C, type SuggestionGroup } from '../../../shared/api/recommendations.ts';
import { call } from '../../lib/api-client.ts';
import { ErrorState } from '../../kit/states/error-state.tsx';
import { localTime, useHeldText } from './recommendation-format.ts';

/** Who asked for one book: every suggestion of it (all states), with the reader's class, stage and reason. */
export function SuggestionReaders({ group, onClose }: { group: SuggestionGroup; onClose: () => void }) {
  const { t } = useTranslation('recommendations');
  const titleId = useId();
  const heldText = useHeldText();
  const rows = useQuery({ queryKey: ['recommendations', 'group', group.IDs[0]], queryFn: () => call(C.group, { ID: group.IDs[0]! }) });
  const opt = (f: string, v: string | null) => (v ? t(`resources.recommendation-group.options.${f}.${v}`) : '—');
  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', md: 900 }, p: 2 }, 'aria-labelledby': titleId } as object }}>
      <Stack spacing={2} data-testid="recommendation-readers">
        <Typography variant="h6" component="h2" id={titleId}>{t('detail.title', { title: group.Title })}</Typography>
        <Typography variant="body2">
          {[group.Author, group.Publisher, group.ISBN].filter(Boolean).join(' · ')}
        </Typography>
        <Typography variant="body2">{t('detail.held', { text: heldText(group) })}</Typography>
        {rows.isError && <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('detail.reader')}</TableCell>
              <TableCell>{t('detail.class')}</TableCell>
              <TableCell>{t('detail.stage')}</TableCell>
              <TableCell>{t('detail.reason')}</TableCell>
              <TableCell>{t('detail.at')}</TableCell>
              <TableCell>{t('detail.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows.data ?? []).map((r) => (
              <TableRow key={r.ID} data-testid={`reader-row-${r.ID}`}>
                <TableCell sx={{ minWidth: 150 }}>
                  {r.ReaderName}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {r.ReaderID} · {opt('Identity', r.Identity)}{r.EnteredBy ? ` · ${t('detail.enteredBy', { name: r.EnteredBy })}` : ''}
                  </Typography>
                </TableCell>
                <TableCell>{r.ClassName || '—'}</TableCell>
                <TableCell>{opt('LearningStage', r.LearningStage)}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap', minWidth: 160 }}>{r.Reason || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{localTime(r.CreatedAt)}</TableCell>
                <TableCell>{opt('State', r.State)}</TableCell>
              </TableRow>
            ))}
            {rows.data?.length === 0 && <TableRow><TableCell colSpan={6}>{t('detail.empty')}</TableCell></TableRow>}
          </TableBody>
        </Table>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} data-testid="readers-close">{t('actions.close')}</Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { borrowRulesCalls as c, type GroupRow } from '../../../shared/api/borrow-rules.ts';
import type { Reader } from '../../../shared/api/readers.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { EffectiveLimitsView } from './effective-limits-view.tsx';
import { ReaderSearch } from './reader-search.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';

/**
 * "Which rules does this reader get?": pick a reader and see the desk's own answer
 * (GetUserBorrowLimitV2), so the groups and ranges can be verified before lending.
 */
export function EffectiveLimitsPanel({ groups }: { groups: readonly GroupRow[] }) {
  const { t } = useTranslation(['borrow-rules', 'errors']);
  const canSearch = useCanOp('people.readers.view');
  const [reader, setReader] = useState<Reader | null>(null);
  const limits = useQuery({
    queryKey: ['borrow-rules', 'effective-limits', reader?.ID],
    queryFn: () => call(c.getUserBorrowLimit, { UserID: reader!.ID }, { toast: false }),
    enabled: reader != null,
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="effective-limits">
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2">{t('limits.title')}</Typography>
        <Typography variant="caption" color="text.secondary">{t('limits.help')}</Typography>
        {canSearch
          ? <ReaderSearch label={t('limits.pick')} onPick={setReader} testId="limits-reader-search" />
          : <Alert severity="info">{t('limits.noSearch')}</Alert>}
        {limits.isError && <Alert severity="error" data-testid="limits-error">{errorText(t, limits.error)}</Alert>}
        {limits.data && <EffectiveLimitsView limits={limits.data} groups={groups} />}
      </Stack>
    </Paper>
  );
}

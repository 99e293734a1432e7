import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GroupRow } from '../../../shared/api/borrow-rules.ts';
import { useResourceTypes } from './use-resource-types.ts';

/** Detail pane of a group: its limits, and the per-resource-type limits that override them. */
export function TypeLimitsDetail({ row }: { row: GroupRow }) {
  const { t } = useTranslation('borrow-rules');
  const { nameOf } = useResourceTypes();
  return (
    <Stack spacing={1} data-testid="group-detail">
      <Typography variant="subtitle1">{row.Name}</Typography>
      <Typography variant="body2">{t('groups.summary', { max: row.MaxLoans, days: row.LoanDays, renewDays: row.RenewDays, renewals: row.MaxRenewals })}</Typography>
      <Typography variant="body2">{t(`resources.permission-group.options.OverdueRenewal.${row.OverdueRenewal}`)}</Typography>
      <Typography variant="subtitle2">{t('groups.byType')}</Typography>
      {row.ByResourceType.length === 0 && <Typography variant="body2" color="text.secondary">{t('groups.noTypeLimits')}</Typography>}
      {row.ByResourceType.map((r) => (
        <Typography key={r.ResourceTypeID} variant="body2" data-testid={`type-limit-${r.ResourceTypeID}`}>
          {nameOf(r.ResourceTypeID)}: {r.MaxLoans === 0 ? t('groups.typeForbidden') : t('groups.summary', { max: r.MaxLoans, days: r.LoanDays, renewDays: r.RenewDays, renewals: r.MaxRenewals })}
        </Typography>
      ))}
    </Stack>
  );
}

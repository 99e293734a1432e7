import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { borrowRulesCalls as c, type BorrowLimit, type GroupRow } from '../../../shared/api/borrow-rules.ts';
import { call } from '../../lib/api-client.ts';
import { readerLabel } from './reader-search.tsx';

type Match = BorrowLimit['Matches'][number];
type DeptKind = 'class' | 'grade' | 'department';
const isDeptKind = (k: string): k is DeptKind => k === 'class' || k === 'grade' || k === 'department';

/** Names of the classes, grades or departments a match points at (only the kinds that occur are loaded). */
function useTargetName(matches: readonly Match[]) {
  const { i18n } = useTranslation();
  const kinds = [...new Set(matches.map((m) => m.Kind).filter(isDeptKind))];
  const lists = useQuery({
    queryKey: ['borrow-rules', 'targets-of', kinds],
    queryFn: async () => Object.fromEntries(await Promise.all(kinds.map(async (k) => [k, await call(c.getTargetOptions, { Kind: k })] as const))),
    enabled: kinds.length > 0,
  });
  return (m: Match) => {
    const o = isDeptKind(m.Kind) ? lists.data?.[m.Kind]?.find((x) => x.ID === m.TargetID) : undefined;
    return o ? (i18n.language === 'en-US' && o.EnName ? o.EnName : o.Name) : (m.TargetID ?? '');
  };
}

/** A reader's effective limits as GetUserBorrowLimitV2 computes them: which group and why, the caps and what is left. */
export function EffectiveLimitsView({ limits: l, groups }: { limits: BorrowLimit; groups: readonly GroupRow[] }) {
  const { t, i18n } = useTranslation(['borrow-rules', 'borrowing']);
  const targetName = useTargetName(l.Matches);
  const groupName = (id: string) => {
    const g = l.Groups.find((x) => x.ID === id) ?? groups.find((x) => x.ID === id);
    return g ? (i18n.language === 'en-US' && g.EnName ? g.EnName : g.Name) : id;
  };
  const why = (m: Match) => {
    const target = m.Kind === 'identity' ? t(`range.identities.${m.TargetID}`) : m.Kind === 'reader' ? readerLabel(l) : targetName(m);
    return t(`limits.why.${m.Kind}`, { group: groupName(m.GroupID), target });
  };
  return (
    <Stack spacing={1} data-testid="limits-result">
      <Typography variant="subtitle2">{readerLabel(l)}</Typography>
      {l.Status === 'none' && <Alert severity="warning">{t('borrowing:reason.noGroup')}</Alert>}
      {l.Status === 'ambiguous' && (
        <Alert severity="warning">{t('borrowing:reason.ambiguousGroup', { groupIds: [...new Set(l.Matches.map((m) => groupName(m.GroupID)))].join('、') })}</Alert>
      )}
      {l.Ok && (
        <>
          <Typography variant="body2" data-testid="limits-groups">
            {t(l.Combined ? 'limits.groupsCombined' : 'limits.group', { groups: l.Groups.map((g) => groupName(g.ID)).join('、') })}
          </Typography>
          <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="limits-why">
            {l.Matches.map((m, i) => <li key={i}><Typography variant="body2">{why(m)}</Typography></li>)}
          </ul>
          <Typography variant="body2" data-testid="limits-overall">
            {l.MaxLoans === 0 ? t('borrowing:reason.borrowingNotPermitted') : t('limits.overall', { max: l.MaxLoans, current: l.Current, left: l.Left })}
          </Typography>
          <Typography variant="body2">{t('groups.summary', { max: l.MaxLoans, days: l.LoanDays, renewDays: l.RenewDays, renewals: l.MaxRenewals })}</Typography>
          {l.OverdueRenewal && <Typography variant="body2">{t(`resources.permission-group.options.OverdueRenewal.${l.OverdueRenewal}`)}</Typography>}
          {l.Overdue > 0 && <Alert severity="warning">{t('limits.overdue', { n: l.Overdue })}</Alert>}
          {l.DueAtIfBorrowedNow && <Typography variant="body2" data-testid="limits-due">{t('limits.due', { day: l.DueAtIfBorrowedNow.slice(0, 10) })}</Typography>}
          {l.ByResourceType.length > 0 && (
            <Table size="small" aria-label={t('groups.byType')} data-testid="limits-by-type">
              <TableHead>
                <TableRow>
                  {['type', 'max', 'current', 'left', 'days', 'renewDays', 'renewals'].map((k) => <TableCell key={k}>{t(`limits.cols.${k}`)}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {l.ByResourceType.map((r) => (
                  <TableRow key={r.ResourceTypeID} data-testid={`limits-type-${r.ResourceTypeID}`}>
                    <TableCell>{r.ResourceTypeName}</TableCell>
                    <TableCell>{r.MaxLoans === 0 ? t('groups.typeForbidden') : r.MaxLoans}</TableCell>
                    <TableCell>{r.Current}</TableCell>
                    <TableCell>{r.Left}</TableCell>
                    <TableCell>{r.LoanDays}</TableCell>
                    <TableCell>{r.RenewDays}</TableCell>
                    <TableCell>{r.MaxRenewals}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { circulationFamilyCalls as F, type FamilyMatch, type FamilyMember } from '../../../shared/api/circulation-family.ts';
import { LOAN_STATES, type LoanRecord, type LoanState } from '../../../shared/api/circulation-records.ts';
import { call } from '../../lib/api-client.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { ActionsHeaderCell } from '../../kit/grid/actions-header-cell.tsx';

export type FamilyKind = 'open' | 'history';

/** Shown rows per family; a longer list says so and the export has all of it. */
const ROWS = 500;

const localToday = () => new Date().toLocaleDateString('sv');
const dayOf = (instant: string | null) => (instant ? new Date(instant).toLocaleDateString('sv') : '');

/**
 * The family pages (/surrency/parents-no-return, /surrency/parents-br-records): find a parent or a
 * student, then the family's open loans (or every loan), one table per child, overdue ones in red
 * with their days, the others with the days left; export as .xlsx through the download panel.
 */
export function FamilyLoans({ kind }: { kind: FamilyKind }) {
  const { t } = useTranslation(['circulation', 'screens']);
  const path = kind === 'open' ? '/surrency/parents-no-return' : '/surrency/parents-br-records';
  const [key, setKey] = useState('');
  // Each search is its own query (a new number), so one match opens its family every time.
  const [asked, setAsked] = useState<{ key: string; n: number } | null>(null);
  const [chosen, setChosen] = useState<FamilyMatch | null>(null);
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [state, setState] = useState<LoanState | ''>('');

  const matches = useQuery({
    queryKey: ['circulation', 'family-find', kind, asked],
    queryFn: () => call(F.findFamilies, { SearchKey: asked?.key ?? '', Page: 1, Rows: 50 }),
    enabled: asked != null,
  });
  useEffect(() => {
    if (matches.data?.List.length === 1) setChosen(matches.data.List[0]!);
  }, [matches.data]);
  const loans = useQuery({
    queryKey: ['circulation', 'family', kind, chosen?.UserID, overdueOnly, state],
    queryFn: () => (kind === 'open'
      ? call(F.getKinBorrowing, { UserID: chosen!.UserID, OverdueOnly: overdueOnly, Page: 1, Rows: ROWS })
      : call(F.getKinBorrowRecords, { UserID: chosen!.UserID, ...(state ? { State: state } : {}), Page: 1, Rows: ROWS })),
    enabled: chosen != null,
  });

  const find = (e: FormEvent) => {
    e.preventDefault();
    setChosen(null);
    setAsked((a) => ({ key: key.trim(), n: (a?.n ?? 0) + 1 }));
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1280 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${path}`)}</Typography>
      <Paper variant="outlined" component="form" onSubmit={find} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            autoFocus size="small" sx={{ width: 380, maxWidth: '100%' }} label={t('family.search')} value={key} onChange={(e) => setKey(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'family-search', maxLength: 100 } }}
          />
          <Button type="submit" variant="contained" data-testid="family-find">{t('family.searchButton')}</Button>
        </Stack>
      </Paper>

      {asked != null && !chosen && matches.data && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>{t('family.matches')}</Typography>
          {matches.data.List.length === 0 ? <Typography variant="body2">{t('family.noMatches')}</Typography> : (
            <Table size="small" data-testid="family-matches">
              <TableHead>
                <TableRow>
                  <TableCell>{t('family.cols.ReaderID')}</TableCell>
                  <TableCell>{t('passwords.cols.Name')}</TableCell>
                  <TableCell>{t('passwords.cols.Identity')}</TableCell>
                  <TableCell>{t('passwords.cols.ClassName')}</TableCell>
                  <TableCell>{t('family.linked')}</TableCell>
                  <ActionsHeaderCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {matches.data.List.map((m) => (
                  <TableRow key={m.UserID}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.ReaderID}</TableCell>
                    <TableCell>{m.Name}</TableCell>
                    <TableCell>{t(`passwords.identities.${m.Identity}`)}</TableCell>
                    <TableCell>{m.ClassName}</TableCell>
                    <TableCell>{m.Linked}</TableCell>
                    <TableCell><Button size="small" onClick={() => setChosen(m)} data-testid={`family-choose-${m.UserID}`}>{t('family.choose')}</Button></TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
      )}

      {chosen && loans.data && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="family-loans">
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ flex: 1, minWidth: 240 }}>
              {loans.data.Parents.length ? t('family.parents', { names: loans.data.Parents.map((p) => p.Name).join('、') }) : t('family.noParents')}
              {' · '}{t('family.children', { count: loans.data.Children.length })}
            </Typography>
            {kind === 'open' ? (
              <FormControlLabel control={<Switch checked={overdueOnly} onChange={(e) => setOverdueOnly(e.target.checked)} />} label={t('family.overdueOnly')} />
            ) : (
              <TextField select size="small" sx={{ minWidth: 180 }} label={t('family.state')} value={state} onChange={(e) => setState(e.target.value as LoanState | '')}>
                <MenuItem value="">{t('family.anyState')}</MenuItem>
                {LOAN_STATES.map((s) => <MenuItem key={s} value={s}>{t(`records.resources.loan-search.options.State.${s}`)}</MenuItem>)}
              </TextField>
            )}
            <ExportButton call={F.exportKin} input={{ UserID: chosen.UserID, Kind: kind }} label={t('family.exportButton')} />
          </Stack>
          {loans.data.Total > loans.data.List.length && <Alert severity="info" sx={{ mb: 1 }}>{t('family.more', { shown: loans.data.List.length, total: loans.data.Total })}</Alert>}
          {loans.data.Children.length === 0 && <Typography variant="body2">{t('family.noChildren')}</Typography>}
          {loans.data.Children.map((c) => <ChildLoans key={c.UserID} child={c} kind={kind} loans={loans.data.List.filter((l) => l.UserID === c.UserID)} />)}
        </Paper>
      )}
    </Stack>
  );
}

function ChildLoans({ child, kind, loans }: { child: FamilyMember; kind: FamilyKind; loans: LoanRecord[] }) {
  const { t } = useTranslation('circulation');
  const today = localToday();
  return (
    <Stack sx={{ mt: 2 }} data-testid={`family-child-${child.UserID}`}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
        <Typography variant="subtitle2" component="h3">{t('family.child', { name: child.Name, className: child.ClassName || '—', card: child.ReaderID })}</Typography>
        <Chip size="small" label={loans.length ? t('family.childLoans', { count: loans.length }) : t('family.childNone')} />
      </Stack>
      {loans.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('family.cols.Barcode')}</TableCell>
              <TableCell>{t('family.cols.Title')}</TableCell>
              <TableCell>{t('family.cols.LoanedAt')}</TableCell>
              <TableCell>{t('family.cols.DueDay')}</TableCell>
              {kind === 'history' && <TableCell>{t('family.cols.ReturnedAt')}</TableCell>}
              <TableCell>{t('family.cols.State')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loans.map((l) => {
              const left = Math.round((Date.parse(l.DueDay) - Date.parse(today)) / 86_400_000);
              const overdue = l.State === 'overdue';
              return (
                <TableRow key={l.LoanID} data-testid={`family-loan-${l.Barcode}`} sx={overdue ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.Barcode}</TableCell>
                  <TableCell>{l.Title}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayOf(l.LoanedAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', ...(overdue ? { color: 'error.dark', fontWeight: 600 } : {}) }}>{l.DueDay}</TableCell>
                  {kind === 'history' && <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayOf(l.ReturnedAt)}</TableCell>}
                  <TableCell>
                    {overdue
                      ? <Chip size="small" color="error" label={t('records.state.overdue', { days: l.OverdueDays })} />
                      : l.State === 'onLoan'
                        ? <Chip size="small" variant="outlined" label={left === 0 ? t('family.dueToday') : t('family.dueIn', { days: left })} />
                        : <Chip size="small" variant="outlined" label={t(l.State === 'returned' && l.OverdueDays > 0 ? 'records.state.returnedLate' : `records.state.${l.State}`, { days: l.OverdueDays })} />}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

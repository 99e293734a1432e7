import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RolloverPlan } from '../../../shared/api/rollover.ts';

function Section({ title, testId, head, rows }: { title: string; testId: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <section data-testid={testId}>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>{title} ({rows.length})</Typography>
      <Table size="small">
        <TableHead><TableRow>{head.map((h) => <TableCell key={h}>{h}</TableCell>)}</TableRow></TableHead>
        <TableBody>{rows.map((r, i) => <TableRow key={i}>{r.map((c, j) => <TableCell key={j}>{c}</TableCell>)}</TableRow>)}</TableBody>
      </Table>
    </section>
  );
}

/** Every change a rollover would make, grouped: classes moved up, graduating classes, cards expiring, group moves. */
export function RolloverPreview({ plan }: { plan: RolloverPlan }) {
  const { t, i18n } = useTranslation('roles');
  const en = i18n.language === 'en-US';
  return (
    <div data-testid="rollover-preview">
      <Section title={t('rollover.promoted')} testId="rollover-promoted" head={[t('rollover.from'), t('rollover.to'), t('rollover.students')]}
        rows={plan.Promoted.map((p) => [en ? p.FromEnName : p.FromName, en ? p.ToEnName : p.ToName, p.Students])} />
      <Section title={t('rollover.graduating', { cohort: en ? plan.CohortEnName : plan.CohortName })} testId="rollover-graduating"
        head={[t('rollover.class'), t('rollover.students')]} rows={plan.Graduating.map((g) => [en ? g.EnName : g.Name, g.Students])} />
      <Section title={t('rollover.expiring')} testId="rollover-expiring" head={[t('holders.name'), t('holders.readerId'), t('rollover.class'), t('rollover.status')]}
        rows={plan.Expiring.map((e) => [e.Name, e.ReaderID, en ? e.ClassEnName : e.ClassName, t(`status.${e.FromStatus}`, { defaultValue: e.FromStatus })])} />
      <Section title={t('rollover.groupMoves')} testId="rollover-groups" head={[t('holders.name'), t('holders.readerId'), t('rollover.from'), t('rollover.to')]}
        rows={plan.GroupMoves.map((g) => [g.Name, g.ReaderID, g.From, g.To])} />
      {plan.Skipped.map((s) => <Alert key={s.Step} severity="info" sx={{ mt: 1 }} data-testid={`rollover-skipped-${s.Step}`}>{t(s.Reason)}</Alert>)}
    </div>
  );
}

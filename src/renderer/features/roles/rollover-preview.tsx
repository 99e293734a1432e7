import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import NativeSelect from '@mui/material/NativeSelect';
import type { GroupMapEntry, RolloverPlan } from '../../../shared/api/rollover.ts';

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

const KEEP = '__keep';
const NONE = '__none';

/**
 * The per-rollover group mapping: every grade and every moving class with a class assignment, its
 * group now and after; choosing another group previews again with the mapping.
 */
function GroupMapForm({ plan, map, onMap }: { plan: RolloverPlan; map: GroupMapEntry[]; onMap: (next: GroupMapEntry[]) => void }) {
  const { t, i18n } = useTranslation('roles');
  const en = i18n.language === 'en-US';
  const nameOf = (id: string | null) => {
    const g = id == null ? undefined : plan.Groups.find((x) => x.ID === id);
    return g ? (en ? g.EnName || g.Name : g.Name) : t('rollover.noGroup');
  };
  const set = (kind: GroupMapEntry['Kind'], deptId: number, value: string) => {
    const rest = map.filter((e) => !(e.Kind === kind && e.DeptID === deptId));
    onMap(value === KEEP ? rest : [...rest, { Kind: kind, DeptID: deptId, GroupID: value === NONE ? null : value }]);
  };
  const rows = plan.GroupTargets.map((g) => {
    const entry = map.find((e) => e.Kind === g.Kind && e.DeptID === g.DeptID);
    const value = entry ? (entry.GroupID ?? NONE) : KEEP;
    // A variable, not a literal: data-* attributes pass through to the <select>.
    const inputProps = { 'aria-label': `${t(`rollover.kind.${g.Kind}`)} ${en ? g.EnName || g.Name : g.Name}`, 'data-testid': `group-map-${g.Kind}-${g.DeptID}` };
    return [
      t(`rollover.kind.${g.Kind}`), en ? g.EnName || g.Name : g.Name, nameOf(g.GroupID),
      <NativeSelect key="s" value={value} onChange={(e) => set(g.Kind, g.DeptID, e.target.value)}
        inputProps={inputProps}>
        <option value={KEEP}>{t('rollover.keepGroup', { group: nameOf(g.GroupID) })}</option>
        {plan.Groups.filter((x) => x.ID !== g.GroupID).map((x) => <option key={x.ID} value={x.ID}>{en ? x.EnName || x.Name : x.Name}</option>)}
        {g.GroupID != null && <option value={NONE}>{t('rollover.noGroup')}</option>}
      </NativeSelect>,
    ];
  });
  return (
    <>
      <Section title={t('rollover.groupMap')} testId="rollover-group-map"
        head={[t('rollover.kindHead'), t('rollover.target'), t('rollover.groupNow'), t('rollover.groupAfter')]} rows={rows} />
      <Typography variant="body2" color="text.secondary">{t('rollover.groupMapHelp')}</Typography>
    </>
  );
}

/** Every change a rollover would make, grouped: classes moved up, graduating classes, cards expiring, group moves. */
export function RolloverPreview({ plan, map = [], onMap }: { plan: RolloverPlan; map?: GroupMapEntry[]; onMap?: (next: GroupMapEntry[]) => void }) {
  const { t, i18n } = useTranslation('roles');
  const en = i18n.language === 'en-US';
  const groupName = (id: string | null) => {
    const g = id == null ? undefined : plan.Groups.find((x) => x.ID === id);
    return g ? (en ? g.EnName || g.Name : g.Name) : t('rollover.noGroup');
  };
  const label = (zh: string, enName: string) => (zh ? (en ? enName || zh : zh) : t('rollover.noGroup'));
  return (
    <div data-testid="rollover-preview">
      <Section title={t('rollover.promoted')} testId="rollover-promoted" head={[t('rollover.from'), t('rollover.to'), t('rollover.students')]}
        rows={plan.Promoted.map((p) => [en ? p.FromEnName : p.FromName, en ? p.ToEnName : p.ToName, p.Students])} />
      <Section title={t('rollover.graduating', { cohort: en ? plan.CohortEnName : plan.CohortName })} testId="rollover-graduating"
        head={[t('rollover.class'), t('rollover.students')]} rows={plan.Graduating.map((g) => [en ? g.EnName : g.Name, g.Students])} />
      <Section title={t('rollover.expiring')} testId="rollover-expiring" head={[t('holders.name'), t('holders.readerId'), t('rollover.class'), t('rollover.status')]}
        rows={plan.Expiring.map((e) => [e.Name, e.ReaderID, en ? e.ClassEnName : e.ClassName, t(`status.${e.FromStatus}`, { defaultValue: e.FromStatus })])} />
      {plan.Groups.length > 0 && onMap && <GroupMapForm plan={plan} map={map} onMap={onMap} />}
      <Section title={t('rollover.groupChanges')} testId="rollover-group-changes" head={[t('rollover.from'), t('rollover.to'), t('rollover.readers')]}
        rows={plan.GroupChanges.map((c) => [label(c.From, c.FromEn), label(c.To, c.ToEn), c.Readers])} />
      <Section title={t('rollover.groupRows')} testId="rollover-group-rows" head={[t('rollover.kindHead'), t('rollover.target'), t('rollover.from'), t('rollover.to')]}
        rows={plan.GroupRows.map((r) => [t(`rollover.kind.${r.Kind}`), en ? r.TargetEnName : r.TargetName, groupName(r.FromGroupID), groupName(r.ToGroupID)])} />
      <Section title={t('rollover.groupMoves')} testId="rollover-groups" head={[t('holders.name'), t('holders.readerId'), t('rollover.class'), t('rollover.from'), t('rollover.to')]}
        rows={plan.GroupMoves.map((g) => [g.Name, g.ReaderID, en ? g.ClassEnName : g.ClassName, label(g.From, g.FromEn), label(g.To, g.ToEn)])} />
      {plan.Skipped.map((s) => <Alert key={s.Step} severity="info" sx={{ mt: 1 }} data-testid={`rollover-skipped-${s.Step}`}>{t(s.Reason)}</Alert>)}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CLASS_CORNER_OPS } from '../../../shared/api/class-corner.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { ClassPicker, WithClass } from './class-picker.tsx';
import { CornerItemsPanel } from './corner-items-panel.tsx';
import { CornerLoansTable } from './corner-loans-table.tsx';
import { CornerRulePanel } from './corner-rule-panel.tsx';
import { ScanBox } from './scan-box.tsx';
import { ScanLog } from './scan-log.tsx';
import { useCornerClass } from './use-corner-class.ts';
import { useCornerDesk } from './use-corner-desk.ts';

const PATH = '/class-borrow-mana';

/**
 * /class-borrow-mana 班级借阅管理: the class librarian's desk, scan first. Scan a classmate's card
 * (or pick them from the roster), then each corner book: it is lent at once. Below, the class's
 * books out with their due days (overdue in red), the class rule, and for library staff the
 * corner's stocking (scan to place or take back).
 */
export default function ClassBorrowScreen() {
  const { t } = useTranslation(['class-corner', 'screens']);
  const pick = useCornerClass();
  const canPlace = useCanOp(CLASS_CORNER_OPS.place);
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1280 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <ClassPicker pick={pick} />
      <WithClass pick={pick}>
        {(deptId) => (
          <Stack spacing={2} key={deptId}>
            <DeskPanel deptId={deptId} />
            <Paper variant="outlined" sx={{ p: 2 }}><CornerLoansTable deptId={deptId} /></Paper>
            <Paper variant="outlined" sx={{ p: 2 }}><CornerRulePanel deptId={deptId} /></Paper>
            {canPlace && <Paper variant="outlined" sx={{ p: 2 }}><CornerItemsPanel deptId={deptId} /></Paper>}
          </Stack>
        )}
      </WithClass>
    </Stack>
  );
}

function DeskPanel({ deptId }: { deptId: number }) {
  const { t } = useTranslation(['class-corner']);
  const canLend = useCanOp(CLASS_CORNER_OPS.lend);
  const desk = useCornerDesk(deptId);
  if (!canLend) return null;
  const r = desk.reader;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2">{t('desk.heading')}</Typography>
        <ScanBox label={t('desk.box')} hint={t('desk.hint')} submit={t('desk.lend')} testId="corner-desk-scan" onScan={desk.scan} onEscape={desk.clear}>
          <Autocomplete
            sx={{ width: 300 }}
            options={desk.roster}
            value={r ? desk.roster.find((m) => m.UserID === r.UserID) ?? null : null}
            getOptionLabel={(m) => t('desk.reader', { name: m.Name, card: m.ReaderID })}
            isOptionEqualToValue={(a, b) => a.UserID === b.UserID}
            onChange={(_e, m) => (m ? desk.pick(m) : desk.clear())}
            renderInput={(params) => <TextField {...params} label={t('desk.roster')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'corner-roster' } }} />}
          />
        </ScanBox>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, minHeight: 40 }} data-testid="corner-reader" aria-live="polite">
          {r ? (
            <>
              <Typography variant="h6" component="p">{t('desk.reader', { name: r.Name, card: r.ReaderID })}</Typography>
              {desk.rule && (
                <Typography variant="body2" color={r.OpenLoans >= desk.rule.MaxLoans ? 'error' : 'text.secondary'}>
                  {t('desk.readerLoans', { count: r.OpenLoans, max: desk.rule.MaxLoans, days: desk.rule.LoanDays })}
                </Typography>
              )}
              <Button size="small" onClick={desk.clear}>{t('desk.clear')}</Button>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">{t('desk.noReader')}</Typography>
          )}
        </Stack>
        <Typography variant="subtitle2" component="h3">{t('desk.logHeading')}</Typography>
        <ScanLog entries={desk.log} label={t('desk.logHeading')} empty={t('desk.logEmpty')} />
      </Stack>
    </Paper>
  );
}

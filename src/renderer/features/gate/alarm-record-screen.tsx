import Stack from '@mui/material/Stack';
import { gateCalls as C } from '../../../shared/api/gate.ts';
import { ReportScreen } from '../../kit/report/report-screen.tsx';
import { alarmParams } from './gate.resource.ts';

/**
 * /alarm-record 报警记录: the gates' alarms, newest first: when, which gate, what the tag said, and
 * when it identified a copy of the school, its barcode, title and whether it was on loan at that
 * moment (lent but still armed: the desk did not switch the tag; not lent: taken without borrowing).
 */
export default function AlarmRecordScreen() {
  return (
    <Stack sx={{ p: 2 }}>
      <ReportScreen
        config={{
          id: 'alarm', ns: 'gate', run: C.getAlarms, params: alarmParams, export: C.exportAlarms,
          columns: ['At', 'GateName', 'BranchName', 'Direction', 'Barcode', 'Title', 'OnLoan', 'UID', 'AFI'],
        }}
      />
    </Stack>
  );
}

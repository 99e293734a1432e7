import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { BatchResult } from '../../../shared/api/circulation-batch.ts';
import type { LoanRecord } from '../../../shared/api/circulation-records.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import BatchConditionScreen from './batch-condition-screen.tsx';

const loan = (LoanID: number, Barcode: string): LoanRecord => ({
  LoanID, CopyID: LoanID, Barcode, Title: '小王子', CallNo: 'I565', UserID: 5, ReaderID: 'R1', ReaderName: '欧阳思远', ClassName: '五年级2班',
  LoanedAt: '2026-03-01T01:30:00.000Z', DueDay: '2026-03-31', ReturnedAt: null, RenewCount: 0, State: 'overdue', OverdueDays: 3, LoanedBy: '', ReturnedBy: '',
});

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('按条件批量处理 (/batchcondition)', () => {
  it('says clearly when more loans match than may be handled at once, and offers no action', async () => {
    fakeGateway({
      GetBatchDeptOptions: () => [],
      'Branch/GetList': () => ({ List: [], Total: 0 }),
      GetBatchConditionLoans: () => ({ List: [loan(1, 'T1')], Total: 6000 }),
    });
    renderKit(<BatchConditionScreen />);
    fireEvent.click(await screen.findByRole('checkbox', { name: '只看逾期' }));
    fireEvent.click(screen.getByTestId('batch-condition-search'));
    expect(await screen.findByTestId('batch-condition-toomany')).toHaveTextContent('符合条件的借阅有 6000 条，一次最多处理 5000 条，请缩小条件后再操作。');
    expect(screen.getByTestId('batch-condition-run')).toBeDisabled();
  });

  it('sends the conditions and the new due day after the confirmation, and shows each loan’s outcome', async () => {
    const day = dayjs().add(10, 'day').format('YYYY-MM-DD');
    const result: BatchResult = {
      Total: 2, Done: 1, Refused: 1,
      List: [
        { Row: 1, Barcode: 'T1', Ok: true, Reasons: [], Message: '', PreviousDueAt: '2026-03-31T23:59:59+08:00', Reader: { UserID: 5, ReaderID: 'R1', Name: '欧阳思远', ClassName: '五年级2班' },
          Loan: { LoanID: 1, CopyID: 1, Barcode: 'T1', Title: '小王子', CallNo: '', LoanedAt: '', DueAt: `${day}T23:59:59+08:00`, RenewCount: 0, Overdue: false, OverdueDays: 0, ReturnedAt: null } },
        { Row: 2, Barcode: 'T2', Ok: false, Reasons: [], Message: 'T2 已归还，未改动', PreviousDueAt: '', Reader: null, Loan: null },
      ],
    };
    const gw = fakeGateway({
      GetBatchDeptOptions: () => [],
      'Branch/GetList': () => ({ List: [], Total: 0 }),
      GetBatchConditionLoans: () => ({ List: [loan(1, 'T1'), loan(2, 'T2')], Total: 2 }),
      BatchConditionSetDue: () => result,
    });
    renderKit(<BatchConditionScreen />);
    fireEvent.click(await screen.findByTestId('batch-condition-search'));
    await waitFor(() => expect(screen.getByTestId('batch-condition-count')).toHaveTextContent('符合条件的在借图书：2 册'));
    fireEvent.click(screen.getByRole('radio', { name: '改为新的应还日期' }));
    expect(screen.getByTestId('batch-condition-run')).toBeDisabled();
    fireEvent.change(screen.getByTestId('batch-condition-newdue'), { target: { value: day } });
    fireEvent.click(screen.getByTestId('batch-condition-run'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`将把这 2 册图书的应还日期改为 ${day}`);
    fireEvent.click(within(dialog).getByTestId('batch-condition-confirm-ok'));
    expect(await screen.findByTestId('batch-condition-totals')).toHaveTextContent('已改应还日期 1 册，1 条未成功');
    expect(gw.to('BatchConditionSetDue')[0]!.body).toEqual({ OverdueOnly: false, NewDueDay: day });
    expect(screen.getByTestId('batch-condition-result-T1')).toHaveTextContent(`应还日期 2026-03-31 → ${day}`);
    await waitFor(() => expect(screen.getByTestId('batch-condition-result-T2')).toHaveTextContent('T2 已归还，未改动'));
  });
});

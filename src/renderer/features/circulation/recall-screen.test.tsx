import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OverdueLoan } from '../../../shared/api/circulation-recall.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import RecallScreen from './recall-screen.tsx';
import { groupByClass } from './use-recall.ts';

const row = (over: Partial<OverdueLoan>): OverdueLoan => ({
  LoanID: 1, Barcode: 'T00000001', Title: '小王子', UserID: 10, ReaderID: 'R2026000010', ReaderName: '欧阳思远', Identity: 'student',
  ClassID: 5, ClassName: '三年级1班', BranchName: '总馆', LoanedAt: '2026-03-01T01:30:00.000Z', DueDay: '2026-03-31', OverdueDays: 12,
  LastRemindedAt: null, LastChannel: null, ReminderCount: 0, HasEmail: true, ...over,
});
const rows = [
  row({}),
  row({ LoanID: 2, Barcode: 'T00000002', Title: '草房子', LastRemindedAt: '2026-04-05T02:00:00.000Z', LastChannel: 'email', ReminderCount: 2 }),
  row({ LoanID: 3, Barcode: 'T00000003', Title: '城南旧事', UserID: 11, ReaderID: 'R2026000011', ReaderName: '王小明', ClassID: 6, ClassName: '三年级2班', HasEmail: false }),
];

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('催还 /recall', () => {
  it('groups consecutive rows of one class', () => {
    expect(groupByClass(rows).map((g) => [g.className, g.rows.map((r) => r.LoanID)])).toEqual([['三年级1班', [1, 2]], ['三年级2班', [3]]]);
  });

  it('lists overdue loans by class, filters through the call, ticks a class and e-mails, telling who has no address', async () => {
    const gw = fakeGateway({
      'Circulation/OverdueReviews': () => ({ List: rows, Total: 3 }),
      'Circulation/RecallOptions': () => ({ Depts: [{ ID: 5, Name: '三年级1班' }], Branches: [{ ID: 1, Name: '总馆' }] }),
      'Circulation/RecallSend': () => ({
        Recorded: 2,
        Results: [
          { UserID: 10, ReaderID: 'R2026000010', ReaderName: '欧阳思远', Outcome: 'sent', To: ['kid@x.example'], Loans: 2 },
          { UserID: 11, ReaderID: 'R2026000011', ReaderName: '王小明', Outcome: 'noEmail', To: [], Loans: 1 },
        ],
      }),
    });
    renderKit(<RecallScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: '图书催还' })).toBeInTheDocument();
    const groups = await screen.findAllByTestId('recall-group');
    expect(groups.map((g) => g.getAttribute('data-class'))).toEqual(['三年级1班', '三年级2班']);
    expect(within(groups[0]!).getByRole('heading', { level: 2, name: '三年级1班' })).toBeInTheDocument();
    expect(within(groups[0]!).getByText('未提醒')).toBeInTheDocument();
    expect(within(groups[0]!).getByText('（共 2 次）')).toBeInTheDocument();
    expect(within(groups[1]!).getByText('（无邮箱）')).toBeInTheDocument();
    expect(gw.to('OverdueReviews')[0]!.body).toEqual({ Reminded: 'all', Sort: 'class', Page: 1, Rows: 100 });

    fireEvent.change(screen.getByTestId('recall-min-days'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('recall-run'));
    await waitFor(() => expect(gw.to('OverdueReviews').at(-1)!.body).toEqual({ Reminded: 'all', Sort: 'class', MinDays: 7, Page: 1, Rows: 100 }));

    // Buttons wait for a selection; a class's checkbox ticks all its rows.
    expect(screen.getByTestId('recall-email')).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 三年级1班 的全部逾期图书' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 王小明 的《城南旧事》' }));
    expect(screen.getByTestId('recall-selected')).toHaveTextContent('已选 3 本 / 共 3 本逾期');
    fireEvent.click(screen.getByTestId('recall-email'));
    await waitFor(() => expect(gw.to('RecallSend')[0]!.body).toEqual({ LoanIDs: [1, 2, 3], Channel: 'email' }));
    const result = await screen.findByTestId('recall-result');
    expect(within(result).getByTestId('recall-result-sent')).toHaveTextContent('已向 1 位读者发送提醒邮件');
    expect(within(result).getByTestId('recall-result-none')).toHaveTextContent('王小明 (R2026000011)');
  });

  it('prints slips: shows one per reader, records the reminder, then opens the print dialog', async () => {
    // happy-dom has no window.print.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
    const gw = fakeGateway({
      'Circulation/OverdueReviews': () => ({ List: rows, Total: 3 }),
      'Circulation/RecallOptions': () => ({ Depts: [], Branches: [] }),
      'Circulation/RecallSlips': () => ({
        SchoolName: '实验小学', Day: '2026-04-12',
        Slips: [
          { UserID: 10, ReaderID: 'R2026000010', ReaderName: '欧阳思远', ClassID: 5, ClassName: '三年级1班', Books: [{ LoanID: 1, Barcode: 'T00000001', Title: '小王子', DueDay: '2026-03-31', OverdueDays: 12 }] },
        ],
      }),
      'Circulation/RecallSend': () => ({ Recorded: 1, Results: [{ UserID: 10, ReaderID: 'R2026000010', ReaderName: '欧阳思远', Outcome: 'sent', To: [], Loans: 1 }] }),
    });
    renderKit(<RecallScreen />);
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 欧阳思远 的《小王子》' }));
    fireEvent.click(screen.getByTestId('recall-print-slips'));
    const view = await screen.findByTestId('recall-print');
    expect(gw.to('RecallSend')).toHaveLength(0);
    const slip = within(view).getByTestId('recall-slip');
    expect(slip).toHaveTextContent('实验小学图书馆 · 图书催还单');
    expect(slip).toHaveTextContent('欧阳思远（三年级1班，读者证号 R2026000010）');
    expect(slip).toHaveTextContent('小王子');
    fireEvent.click(within(view).getByTestId('recall-print-go'));
    await waitFor(() => expect(print).toHaveBeenCalled());
    expect(gw.to('RecallSend')[0]!.body).toEqual({ LoanIDs: [1], Channel: 'print' });
  });

  it('hides the reminder buttons without the operation', async () => {
    sessionStore.setMenus({ Menus: [], Operations: [], MenuVersion: 'new' });
    fakeGateway({ 'Circulation/OverdueReviews': () => ({ List: rows, Total: 3 }), 'Circulation/RecallOptions': () => ({ Depts: [], Branches: [] }) });
    renderKit(<RecallScreen />);
    expect(await screen.findAllByTestId('recall-group')).toHaveLength(2);
    expect(screen.queryByTestId('recall-email')).not.toBeInTheDocument();
    expect(screen.queryByTestId('recall-print-slips')).not.toBeInTheDocument();
  });
});

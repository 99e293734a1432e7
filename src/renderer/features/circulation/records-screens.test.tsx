import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoanRecord, TransactionRecord } from '../../../shared/api/circulation-records.ts';
import { fieldSpecs } from '../../kit/fields/field-spec.ts';
import { columnsFor, fitWidth } from '../../kit/grid/columns.ts';
import { GRID_ROOM_AT_1440, labelsFrom, neededWidth, textAt } from '../../kit/testing/layout-1440.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { jobsStore } from '../../lib/jobs-store.ts';
import { sessionStore } from '../../lib/session-store.ts';
import zhCirculation from '../../../../locales/zh-CN/circulation.json';
import enCirculation from '../../../../locales/en-US/circulation.json';
import zhKit from '../../../../locales/zh-CN/kit.json';
import enKit from '../../../../locales/en-US/kit.json';
import RecordsBookHistoryScreen from './records-book-history-screen.tsx';
import RecordsLogScreen from './records-log-screen.tsx';
import RecordsSearchScreen from './records-search-screen.tsx';
import { circLogResource, loanSearchResource, openLoansResource } from './records.resource.ts';

const loan = (over: Partial<LoanRecord>): LoanRecord => ({
  LoanID: 1, CopyID: 9, Barcode: 'T00000123', Title: '小王子', CallNo: 'I565.88/1', UserID: 5, ReaderID: 'R2026000123', ReaderName: '欧阳思远',
  ClassName: '五年级2班', LoanedAt: '2026-03-01T01:30:00.000Z', DueDay: '2026-03-31', ReturnedAt: null, RenewCount: 0, State: 'onLoan',
  OverdueDays: 0, LoanedBy: '周老师', ReturnedBy: '', ...over,
});
const rows = [loan({}), loan({ LoanID: 2, Barcode: 'T00000124', State: 'overdue', OverdueDays: 3 }), loan({ LoanID: 3, Barcode: 'T00000125', State: 'returned', OverdueDays: 2, ReturnedAt: '2026-04-02T02:00:00.000Z' })];

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  jobsStore.reset();
  await changeLanguage('zh-CN');
});

describe('the circulation record screens', () => {
  it('借阅查询: labels from circulation:records, filters to the call, states in words', async () => {
    const gw = fakeGateway({ 'Circulation/GetCircRecord': () => ({ List: rows, Total: 3 }) });
    renderKit(<RecordsSearchScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: '借阅查询' })).toBeInTheDocument();
    const grid = await screen.findByTestId('list-loan-search');
    expect(await within(grid).findByText('逾期 3 天')).toBeInTheDocument();
    expect(within(grid).getByText('已还（逾期 2 天）')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: '读者证号' })).toBeInTheDocument();
    expect(screen.getByText('证号、姓名或拼音')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('field-Reader'), { target: { value: 'R2026000123' } });
    fireEvent.click(screen.getByTestId('kit-search'));
    await waitFor(() => expect(gw.to('GetCircRecord').at(-1)!.body).toEqual({ Page: 1, Rows: 20, Reader: 'R2026000123' }));

    await changeLanguage('en-US');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan Inquiry' })).toBeInTheDocument();
    expect(await within(grid).findByText('3 days overdue')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Card number' })).toBeInTheDocument();
  });

  it('图书借阅历史: asks for the barcode in words before calling, then lists the loans', async () => {
    const gw = fakeGateway({ 'Circulation/GetBorrowHistory': () => ({ List: rows, Total: 3 }) });
    renderKit(<RecordsBookHistoryScreen />);
    expect(screen.getByRole('heading', { level: 1, name: '图书借阅历史' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('report-run'));
    expect(await screen.findByText('请扫描或输入条码')).toBeInTheDocument();
    expect(gw.calls).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-Barcode'), { target: { value: 'T00000123' } });
    fireEvent.click(screen.getByTestId('report-run'));
    expect(await screen.findByText('逾期 3 天')).toBeInTheDocument();
    expect(gw.to('GetBorrowHistory')[0]!.body).toEqual({ Barcode: 'T00000123', Page: 1, Rows: 20 });
  });

  it('借还记录: exports what the filters show with the chosen columns, for a user holding the export operation only', async () => {
    const tx: TransactionRecord = {
      ID: 7, At: '2026-03-01T01:30:00.000Z', Kind: 'renew', LoanID: 1, Barcode: 'T00000123', Title: '小王子', ReaderID: 'R2026000123', ReaderName: '欧阳思远',
      ClassName: '五年级2班', StaffName: '周老师', StaffAccount: 'zhou', Note: '应还日期 2026-03-31 → 2026-04-07', Undone: false,
    };
    const gw = fakeGateway({ 'Circulation/GetCircTransactions': () => ({ List: [tx], Total: 1 }), 'Download/ColumnScreen': () => ({ DataID: 'job-9' }) });
    localStorage.removeItem('lib.columnExport.log');
    sessionStore.setMenus({ Menus: [], Operations: ['circulation.records.export'], MenuVersion: 'new' });
    const view = renderKit(<RecordsLogScreen />, '/kit?Kind=renew');
    expect(await screen.findByText('应还日期 2026-03-31 → 2026-04-07')).toBeInTheDocument();
    expect(within(screen.getByTestId('list-circ-log')).getByText('续借')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('column-export'));
    // The screen's columns are ticked in its order; untick the title, move the staff column first.
    const dialog = await screen.findByRole('dialog', { name: '选择导出的列' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '题名' }));
    for (let i = 0; i < 6; i++) fireEvent.click(within(dialog).getByRole('button', { name: '上移 操作员' }));
    fireEvent.click(within(dialog).getByTestId('column-export-start'));
    await waitFor(() => expect(jobsStore.get().started).toEqual(['job-9']));
    const columns = ['StaffName', 'At', 'Kind', 'Barcode', 'ReaderID', 'ReaderName', 'Note'];
    expect(gw.to('Download/ColumnScreen')[0]!.body).toEqual({ Kind: 'renew', Source: 'log', Columns: columns });
    // Remembered for the next export of this screen.
    expect(JSON.parse(localStorage.getItem('lib.columnExport.log')!)).toEqual(columns);
    view.unmount();

    sessionStore.setMenus({ Menus: [], Operations: [], MenuVersion: 'new' });
    renderKit(<RecordsLogScreen />);
    expect(await screen.findByText('应还日期 2026-03-31 → 2026-04-07')).toBeInTheDocument();
    expect(screen.queryByTestId('column-export')).not.toBeInTheDocument();
  });

  for (const [lang, circ, kit] of [['zh-CN', zhCirculation, zhKit], ['en-US', enCirculation, enKit]] as const) {
    it(`the lists fit a 1440 px screen without cutting a barcode or card number (${lang})`, () => {
      const screens = [
        [loanSearchResource, ['Barcode', 'Title', 'ReaderID', 'ReaderName', 'ClassName', 'LoanedAt', 'DueDay', 'ReturnedAt', 'State']],
        [openLoansResource, ['ClassName', 'ReaderID', 'ReaderName', 'Barcode', 'Title', 'LoanedAt', 'DueDay', 'State']],
        [circLogResource, ['At', 'Kind', 'Barcode', 'Title', 'ReaderID', 'ReaderName', 'StaffName', 'Note']],
      ] as const;
      for (const [resource, names] of screens) {
        // The State column as useLoanColumns sizes it: its longest words.
        const state = fitWidth(['returnedLate', 'overdue'].map((k) => textAt(circ.records, `state.${k}`)!.replace('{{days}}', '999')), '');
        const columns = columnsFor(fieldSpecs(resource.schema, resource.fields, names), labelsFrom(circ.records, kit, resource.id), {
          rows, displayField: resource.displayField, overrides: { State: { minWidth: state } },
        });
        expect(columns.map((c) => c.field)).toEqual([...names]);
        expect(neededWidth(columns), resource.id).toBeLessThanOrEqual(GRID_ROOM_AT_1440);
        expect(columns.find((c) => c.field === 'ReaderID')!.width).toBeGreaterThan(100);
      }
    });
  }
});

import '@testing-library/jest-dom/vitest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Classmate, CornerLoan } from '../../../shared/api/class-corner.ts';
import { fakeGateway, refuse } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import ClassBorrowScreen from './class-borrow-screen.tsx';
import ClassSearchScreen from './class-search-screen.tsx';

const mates: Classmate[] = [
  { UserID: 11, ReaderID: 'S2026001', Name: '李小明', OpenLoans: 0, Overdue: 0 },
  { UserID: 12, ReaderID: 'S2026002', Name: '王芳', OpenLoans: 1, Overdue: 1 },
];
const loan = (over: Partial<CornerLoan>): CornerLoan => ({
  LoanID: 1, CopyID: 7, Barcode: 'T00000007', Title: '小王子', UserID: 12, ReaderID: 'S2026002', ReaderName: '王芳',
  LoanedAt: '2026-03-01T01:30:00.000Z', DueDay: '2026-03-15', ReturnedAt: null, Overdue: true, OverdueDays: 3, ...over,
});
const oneClass = { List: [{ ID: 5, Name: '五年级2班', Items: 3, OpenLoans: 1 }], Total: 1, AllClasses: false };

function desk(over: Record<string, (b: Record<string, unknown>) => unknown> = {}) {
  return fakeGateway({
    'ClassCorner/GetClasses': () => oneClass,
    'ClassCorner/GetRoster': () => ({ List: mates, Total: 2 }),
    'ClassCorner/GetRule': () => ({ DeptID: 5, MaxLoans: 2, LoanDays: 14, IsDefault: true }),
    'ClassCorner/GetLoans': () => ({ List: [loan({})], Total: 1 }),
    ...over,
  });
}

const scanInto = (box: HTMLElement, code: string) => {
  fireEvent.change(box, { target: { value: code } });
  fireEvent.submit(box.closest('form')!);
};

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStorage.clear();
  sessionStore.setMenus({ Menus: [], Operations: ['classcorner.loans.lend', 'classcorner.loans.return'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('the class librarian desk', () => {
  it('takes a classmate card from the roster, then lends each scanned book to them', async () => {
    const gw = desk({
      'ClassCorner/Lend': (b) => ({ Loan: loan({ Barcode: String(b.Barcode), UserID: 11, ReaderName: '李小明', Overdue: false, OverdueDays: 0, DueDay: '2026-04-01' }), Reader: { ...mates[0]!, OpenLoans: 1 } }),
    });
    renderKit(<ClassBorrowScreen />);
    expect(await screen.findByTestId('class-name')).toHaveTextContent('五年级2班');
    expect(screen.queryByTestId('class-picker')).not.toBeInTheDocument();
    const box = await screen.findByTestId('corner-desk-scan');

    // A book before any card: refused on the spot, nothing sent.
    scanInto(box, 'T00000001');
    expect(await screen.findByText('请先扫描同学的借书证')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('scan-entry')[0]).toHaveAttribute('data-ok', 'false'));
    expect(gw.to('ClassCorner/Lend')).toHaveLength(0);

    await waitFor(() => expect(gw.to('ClassCorner/GetRoster')).toHaveLength(1));
    scanInto(box, 's2026001');
    await waitFor(() => expect(screen.getByTestId('corner-reader')).toHaveTextContent('李小明（S2026001）'));
    expect(screen.getByTestId('corner-reader')).toHaveTextContent('已借 0 本 / 最多 2 本');
    scanInto(box, 'T00000002');
    await waitFor(() => expect(gw.to('ClassCorner/Lend')).toHaveLength(1));
    expect(gw.to('ClassCorner/Lend')[0]!.body).toEqual({ DeptID: 5, UserID: 11, Barcode: 'T00000002' });
    expect(await screen.findByText('借书成功：小王子，李小明，2026-04-01 前归还')).toBeInTheDocument();
    expect(screen.getByTestId('corner-reader')).toHaveTextContent('已借 1 本 / 最多 2 本');
    // The overdue loan of the class is marked.
    const row = within(screen.getByTestId('corner-loans')).getAllByRole('row')[1]!;
    expect(row).toHaveAttribute('data-overdue', 'true');
    expect(row).toHaveTextContent('逾期 3 天');
    // Staff tools are for library staff and head teachers only.
    expect(screen.queryByTestId('corner-item-scan')).not.toBeInTheDocument();
    expect(screen.queryByTestId('rule-max')).not.toBeInTheDocument();
  });

  it('shows a refusal from the gateway on its line', async () => {
    desk({ 'ClassCorner/Lend': () => refuse('王芳 已借 2 本，本班每人最多 2 本') });
    renderKit(<ClassBorrowScreen />);
    const box = await screen.findByTestId('corner-desk-scan');
    await waitFor(() => expect(screen.getByTestId('corner-reader')).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    scanInto(box, 'S2026002');
    await waitFor(() => expect(screen.getByTestId('corner-reader')).toHaveTextContent('王芳'));
    scanInto(box, 'T00000003');
    expect(await screen.findByText('王芳 已借 2 本，本班每人最多 2 本')).toBeInTheDocument();
  });

  it('gives library staff the class picker, corner stocking and the rule', async () => {
    sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
    const gw = desk({
      'ClassCorner/GetClasses': () => ({ List: [{ ID: 5, Name: '五年级2班', Items: 3, OpenLoans: 1 }, { ID: 6, Name: '五年级3班', Items: 0, OpenLoans: 0 }], Total: 2, AllClasses: true }),
      'ClassCorner/SetRule': (b) => ({ DeptID: 6, MaxLoans: b.MaxLoans, LoanDays: b.LoanDays, IsDefault: false }),
    });
    renderKit(<ClassBorrowScreen />);
    expect(await screen.findByText('请先选择班级')).toBeInTheDocument();
    const picker = screen.getByTestId('class-picker');
    fireEvent.change(picker, { target: { value: '五年级3' } });
    fireEvent.click(await screen.findByRole('option', { name: '五年级3班' }));
    expect(await screen.findByTestId('corner-item-scan')).toBeInTheDocument();
    fireEvent.change(await screen.findByTestId('rule-max'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '保存规则' }));
    await waitFor(() => expect(gw.to('ClassCorner/SetRule').at(-1)?.body).toEqual({ DeptID: 6, MaxLoans: 3, LoanDays: 14 }));
    expect(sessionStorage.getItem('lib.classCorner.class')).toBe('6');
  });
});

describe('the class book search', () => {
  it('sends words and state, and shows who has each book', async () => {
    const gw = fakeGateway({
      'ClassCorner/GetClasses': () => oneClass,
      'ClassCorner/GetItems': () => ({
        List: [{ ItemID: 1, CopyID: 7, Barcode: 'T00000007', Title: '小王子', Author: '圣埃克苏佩里', CallNo: 'I565/1', PlacedAt: '2026-03-01T00:00:00Z', State: 'overdue', Loan: loan({}) }],
        Total: 1,
      }),
    });
    renderKit(<ClassSearchScreen />);
    expect(await screen.findByText('借给 王芳')).toBeInTheDocument();
    expect(screen.getByText('逾期')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('corner-search'), { target: { value: '小王子' } });
    fireEvent.submit(screen.getByTestId('corner-search').closest('form')!);
    await waitFor(() => expect(gw.to('ClassCorner/GetItems').at(-1)!.body).toEqual({ DeptID: 5, SearchKey: '小王子', Page: 1, Rows: 20 }));
  });
});

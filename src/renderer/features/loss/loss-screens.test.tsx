import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LossCopy, LossRecord } from '../../../shared/api/loss.ts';
import { fakeGateway, refuse } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import LossRegisterScreen, { kindAllowed } from './loss-register-screen.tsx';
import LossFoundScreen from './loss-found-screen.tsx';
import { parseAmount } from './money.ts';

const record = (over: Partial<LossRecord> = {}): LossRecord => ({
  ID: 7, BillNo: 'PC202600007', CopyID: 9, Barcode: 'T00000123', Title: '小王子', CallNo: 'I565.88/1', Price: 25, Kind: 'borrower', LoanID: 3,
  ReaderID: 'R2026000123', ReaderName: '欧阳思远', ClassName: '五年级2班', RegisteredAt: '2026-03-01T01:30:00.000Z', RegisteredBy: '周老师',
  SuggestedAmount: 25, Amount: 25, AmountReason: '', State: 'notCompensated', PaidAmount: null, PayWay: null, PaidAt: null, PaidBy: '',
  RetrievedAt: null, RetrievedBy: '', RefundAmount: null, WrittenOffAt: null, Note: '', ...over,
});
const copy: LossCopy = {
  CopyID: 9, Barcode: 'T00000123', Title: '小王子', CallNo: 'I565.88/1', BranchName: '总馆', AreaName: '中文图书区', Storage: 2, State: 'borrowed',
  Price: 25, SuggestedAmount: 25, OpenRecord: null,
  Loan: { LoanID: 3, UserID: 5, ReaderID: 'R2026000123', ReaderName: '欧阳思远', ClassName: '五年级2班', LoanedAt: '2026-03-01T01:30:00.000Z', DueAt: '2026-03-31T15:59:59.000Z' },
};
const empty = () => ({ List: [], Total: 0 });

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('loss rules of the screens', () => {
  it('a borrower loss needs a loan, a shelf loss none; damaged either', () => {
    expect([kindAllowed('borrower', true), kindAllowed('borrower', false), kindAllowed('shelf', true), kindAllowed('shelf', false)]).toEqual([true, false, false, true]);
    expect([kindAllowed('damaged', true), kindAllowed('damaged', false)]).toEqual([true, true]);
  });
  it('amounts are yuan with at most 2 decimals', () => {
    expect(['25', '25.5', '0.05', ' 3 ', '1.234', '-1', 'abc', ''].map(parseAmount)).toEqual([25, 25.5, 0.05, 3, null, null, null, null]);
  });
});

describe('遗失登记', () => {
  it('shows the copy and its reader, asks for a reason when the amount changes, and registers', async () => {
    const gw = fakeGateway({
      'Loss/GetLossCopy': () => copy,
      'Loss/RegisterLoss': (b) => record({ Amount: Number(b.Amount), AmountReason: String(b.AmountReason) }),
    });
    renderKit(<LossRegisterScreen />);
    fireEvent.change(screen.getByTestId('loss-barcode'), { target: { value: 'T00000123' } });
    fireEvent.submit(screen.getByTestId('loss-barcode').closest('form')!);
    expect(await screen.findByText('欧阳思远 (R2026000123)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '读者遗失' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '架上缺失' })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('loss-register')).toHaveFocus());

    fireEvent.change(screen.getByTestId('loss-amount'), { target: { value: '12' } });
    expect(screen.getByTestId('loss-register')).toBeDisabled();
    fireEvent.change(screen.getByTestId('loss-reason'), { target: { value: '旧书' } });
    expect(screen.getByTestId('loss-register')).toBeEnabled();
    fireEvent.click(screen.getByTestId('loss-register'));
    expect(await screen.findByTestId('loss-registered')).toHaveTextContent('PC202600007');
    expect(gw.to('RegisterLoss').at(-1)!.body).toEqual({ Barcode: 'T00000123', Kind: 'borrower', Amount: 12, AmountReason: '旧书', Note: '' });
  });

  it('says why a barcode cannot be registered', async () => {
    fakeGateway({ 'Loss/GetLossCopy': () => refuse('没有条码为 X1 的图书', 404) });
    renderKit(<LossRegisterScreen />);
    fireEvent.change(screen.getByTestId('loss-barcode'), { target: { value: 'X1' } });
    fireEvent.submit(screen.getByTestId('loss-barcode').closest('form')!);
    expect(await screen.findByTestId('loss-error')).toHaveTextContent('没有条码为 X1 的图书');
  });
});

describe('遗失找回', () => {
  it('a scanned book is found at once; a compensated one says so and offers a refund', async () => {
    const gw = fakeGateway({
      'Loss/GetFoundAreas': () => [],
      'Circulation/GetRetrieveRecords': empty,
      'Loss/FoundLostCopy': () => ({
        Barcode: 'T00000123', Title: '小王子', BranchName: '总馆', AreaName: '中文图书区',
        Record: record({ State: 'retrieved', PaidAmount: 25, PayWay: 'cash' }), WasCompensated: true,
      }),
    });
    renderKit(<LossFoundScreen />);
    fireEvent.change(screen.getByTestId('found-scan'), { target: { value: 'T00000123' } });
    fireEvent.submit(screen.getByTestId('found-scan').closest('form')!);
    const log = await screen.findByTestId('found-log');
    await waitFor(() => expect(log).toHaveTextContent('赔偿单 PC202600007'));
    expect(log).toHaveTextContent('此书已赔偿（现金 ¥25.00）');
    expect(screen.getByRole('button', { name: '登记退款' })).toBeInTheDocument();
    expect(gw.to('FoundLostCopy').at(-1)!.body).toEqual({ Barcode: 'T00000123' });
    expect(screen.getByTestId('found-scan')).toHaveValue('');
  });
});

import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import CollectionScreen from './collection-screen.tsx';

const base: CopyRow = {
  ID: 1, Barcode: 'T00000001', RFID: '', TitleID: 1, Title: '草房子', Author: '曹文轩', ISBN: '9787020024759', CallNo: 'I287.5/12',
  BranchID: 1, BranchName: '总馆', BranchEnName: 'Main library', AreaID: 1, AreaName: '中文图书区', AreaEnName: '', ShelfMark: 'A-01', Storage: 2, CircState: 'available',
  Price: 25, DiscountPrice: 19.5, BatchID: 3, BatchNo: '2024-MAIN-01', BatchClosed: true, Note: '', UpdateTime: '2026-03-01T00:00:00.000Z',
};
const rows: CopyRow[] = [base, { ...base, ID: 2, Barcode: 'T00000002', BatchID: 2, BatchNo: '2026-MAIN-02', BatchClosed: false }];

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('a copy of a closed batch in the edit form', () => {
  it('shows its prices and batch locked, says why, and leaves the rest editable; a copy of an open batch is all editable', async () => {
    fakeGateway({
      'Literature/GetItemsCollection': () => ({ List: rows, Total: rows.length, TotalExact: true }),
      'Literature/GetItemsSumPrice': () => ({ Count: 2, Price: 50, DiscountPrice: 39 }),
      'Literature/GetBatchList': () => ({ List: [{ ID: 3, BatchNo: '2024-MAIN-01' }, { ID: 2, BatchNo: '2026-MAIN-02' }], Total: 2 }),
      'Branch/GetList': () => ({ List: [], Total: 0 }),
      'Location/GetList': () => ({ List: [], Total: 0 }),
    });
    renderKit(<CollectionScreen />);
    fireEvent.click(await screen.findByTestId('crud-edit-1'));
    let form = await screen.findByTestId('kit-form');
    expect(within(form).getByLabelText(/^单价/)).toBeDisabled();
    expect(within(form).getByLabelText(/^实价/)).toBeDisabled();
    expect(within(form).getByLabelText(/^备注/)).toBeEnabled();
    expect(within(form).getByLabelText(/^架位号/)).toBeEnabled();
    expect(within(form).getByTestId('copy-settled-hint')).toHaveTextContent('批次 2024-MAIN-01 已关闭：价格和所属批次保持不变，重新打开批次后才能修改');
    await act(() => changeLanguage('en-US'));
    expect(within(form).getByTestId('copy-settled-hint')).toHaveTextContent('Batch 2024-MAIN-01 is closed: the prices and the batch stay as they are until the batch is reopened');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByTestId('crud-edit-2'));
    form = await screen.findByTestId('kit-form');
    expect(within(form).getByLabelText(/^Price \*/)).toBeEnabled();
    expect(within(form).queryByTestId('copy-settled-hint')).toBeNull();
  });
});

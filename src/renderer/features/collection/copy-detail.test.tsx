import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { CopyDetail } from './copy-detail.tsx';

const row: CopyRow = {
  ID: 7, Barcode: 'T00000007', RFID: 'E004010010001EEF', TitleID: 1, Title: '草房子', Author: '曹文轩', ISBN: '9787020024759', CallNo: 'I287.5/12',
  BranchID: 1, BranchName: '总馆', BranchEnName: 'Main library', AreaID: 1, AreaName: '中文图书区', AreaEnName: 'Chinese books', ShelfMark: 'A-01', Storage: 2,
  CircState: 'borrowed', Price: 25, DiscountPrice: 19.5, BatchID: 3, BatchNo: '2024-MAIN-01', BatchClosed: true, Note: '', UpdateTime: '2026-03-01T00:00:00.000Z',
};

beforeAll(() => initI18n('zh-CN'));

describe('the copy detail drawer', () => {
  it('says what the copy is and where it stands, in the user\'s language, above its history', async () => {
    fakeGateway({ 'Literature/getcollectioninfo': () => ({ ...row, Publisher: '人民文学出版社', History: [] }) });
    renderKit(<CopyDetail row={row} />);
    expect(screen.getByTestId('copy-detail-Title')).toHaveTextContent('草房子 / 曹文轩');
    expect(screen.getByTestId('copy-detail-CallNo')).toHaveTextContent('I287.5/12');
    expect(screen.getByTestId('copy-detail-Location')).toHaveTextContent('总馆 · 中文图书区 · A-01');
    expect(screen.getByTestId('copy-detail-BatchNo')).toHaveTextContent('2024-MAIN-01');
    expect(screen.getByTestId('copy-detail-Price')).toHaveTextContent('25.00 / 19.50');
    expect(screen.queryByTestId('copy-detail-Note')).toBeNull();
    expect(await screen.findByText('尚无变更记录。')).toBeInTheDocument();
    await act(() => changeLanguage('en-US'));
    expect(screen.getByTestId('copy-detail-Location')).toHaveTextContent('Main library · Chinese books · A-01');
    await act(() => changeLanguage('zh-CN'));
  });
});

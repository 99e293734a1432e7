import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Batch } from '../../../shared/api/acquisition.ts';
import { fieldSpecs } from '../../kit/fields/field-spec.ts';
import { actionsWidth, columnsFor, textWidth } from '../../kit/grid/columns.ts';
import { GRID_ROOM_AT_1440, labelsFrom, neededWidth, textAt } from '../../kit/testing/layout-1440.ts';
import { fakeGateway, refuse } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import zhCommon from '../../../../locales/zh-CN/common.json';
import enCommon from '../../../../locales/en-US/common.json';
import zhKit from '../../../../locales/zh-CN/kit.json';
import enKit from '../../../../locales/en-US/kit.json';
import zhAcq from '../../../../locales/zh-CN/acquisition.json';
import enAcq from '../../../../locales/en-US/acquisition.json';
import { batchResource } from './batch.resource.ts';
import BatchScreen, { BATCH_COLUMNS, batchColumnOverrides } from './batch-screen.tsx';

const base: Batch = {
  ID: 1, BatchNo: '2026-MAIN-02', State: 'open', BranchID: 1, BranchName: '总馆', BranchEnName: 'Main library', ResourceTypeID: null, ResourceTypeName: '', ResourceTypeEnName: '',
  Bookseller: '当当网', Currency: 'CNY', DiscountRate: 78, RegisteredOn: '2026-03-01', AcceptedOn: null, Note: '',
  Quantity: 1234, TotalPrice: 48210.5, TotalDiscountPrice: 37604.19, InUse: true, UpdateTime: '2026-03-01T00:00:00.000Z',
};
const rows: Batch[] = [
  base,
  { ...base, ID: 2, BatchNo: '2025-BR1-01', State: 'accepted', BranchName: '东校区分馆', BranchEnName: '', RegisteredOn: '2025-03-01', AcceptedOn: '2025-03-15', DiscountRate: 85, TotalPrice: 1020, TotalDiscountPrice: 867 },
  { ...base, ID: 3, BatchNo: '2024-MAIN-01', State: 'closed', Bookseller: '新华书店', RegisteredOn: '2024-03-01', AcceptedOn: '2024-03-15', Quantity: 0, TotalPrice: 0, TotalDiscountPrice: 0, InUse: false },
];

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

function gateway(list: Batch[] = rows) {
  return fakeGateway({
    'Literature/GetBatchList': () => ({ List: list, Total: list.length }),
    'Literature/GetBatchInfo': (b) => list.find((x) => x.ID === b.ID),
    'Literature/SetBatchState': (b) => ({ ...list.find((x) => x.ID === b.ID)!, State: b.State, AcceptedOn: '2026-04-02', UpdateTime: '2026-04-02T00:00:00.000Z' }),
    // As the gateway: a closed batch takes a new note and nothing else.
    'Literature/UpdateBatch': (b) => {
      const stored = list.find((x) => x.ID === b.ID)!;
      const changed = Object.keys(b).filter((k) => k !== 'Note' && b[k] !== stored[k as keyof Batch]);
      return stored.State === 'closed' && changed.length ? refuse(`批次 ${stored.BatchNo} 已关闭，只能修改备注`) : { ...stored, ...b };
    },
    'Literature/GetBatchCopies': () => ({
      List: [{ ID: 9, Barcode: 'T00000009', Title: '草房子', CallNo: 'I287.5/12', BranchName: '总馆', BranchEnName: 'Main library', Price: 25, DiscountPrice: 19.5 }],
      Total: 1,
    }),
    'Branch/GetList': () => ({ List: [], Total: 0 }),
    'ResourceType/GetList': () => ({ List: [], Total: 0 }),
  });
}

describe('/batch columns at 1440 px', () => {
  for (const [lang, acq, kit, common] of [['zh-CN', zhAcq, zhKit, zhCommon], ['en-US', enAcq, enKit, enCommon]] as const) {
    it(`fit with the number whole and the actions on screen (${lang})`, () => {
      const specs = fieldSpecs(batchResource.schema, batchResource.fields, BATCH_COLUMNS);
      const labels = labelsFrom(acq, kit, 'batch');
      const overrides = batchColumnOverrides((s) => labels.option('State', s), lang);
      const columns = columnsFor(specs, labels, { rows, displayField: batchResource.displayField, overrides });
      expect(columns.map((c) => c.field)).toEqual([...BATCH_COLUMNS]);
      // Edit, delete and the one state action: the longest of them.
      const stateActions = ['accept', 'close', 'reopen'].map((a) => textAt(acq, `actions.${a}`)!);
      const actions = Math.max(...stateActions.map((l) => actionsWidth(textAt(kit, 'actions')!, { labels: [textAt(common, 'actions.edit')!, textAt(kit, 'delete.action')!, l] })));
      expect(neededWidth(columns) + actions).toBeLessThanOrEqual(GRID_ROOM_AT_1440);
      const no = columns.find((c) => c.field === 'BatchNo')!;
      expect(no.flex).toBe(0);
      expect(no.width).toBeGreaterThanOrEqual(textWidth('2026-MAIN-02') + 20);
      // The chip of the longest state label is not cut.
      expect(columns.find((c) => c.field === 'State')!.minWidth).toBeGreaterThanOrEqual(textWidth(labels.option('State', 'accepted'), 13) + 56);
    });
  }
});

describe('BatchScreen', () => {
  it('lists batches with state chips and money to 2 decimals', async () => {
    gateway();
    renderKit(<BatchScreen />);
    const grid = await screen.findByTestId('list-batch');
    await within(grid).findByText('2026-MAIN-02');
    expect(within(grid).getByText('48,210.50')).toBeInTheDocument();
    expect(within(grid).getByText('37,604.19')).toBeInTheDocument();
    expect(within(grid).getByTestId('batch-state-open')).toHaveTextContent('未验收');
    expect(within(grid).getByTestId('batch-state-closed')).toHaveTextContent('已关闭');
    // One state action per row, as the state allows; deleting only the batch without copies.
    expect(screen.getByTestId('batch-accept-1')).toHaveTextContent('验收');
    expect(screen.getByTestId('batch-close-2')).toHaveTextContent('关闭批次');
    expect(screen.getByTestId('batch-reopen-3')).toHaveTextContent('重新打开');
    expect(screen.getByTestId('crud-delete-1')).toBeDisabled();
    expect(screen.getByTestId('crud-delete-3')).toBeEnabled();
    await act(() => changeLanguage('en-US'));
    expect(await within(grid).findByText('Total paid')).toBeInTheDocument();
    expect(within(grid).getByTestId('batch-state-accepted')).toHaveTextContent('Accepted');
    // Names in the language shown, without reading the list again; a branch without an English name keeps its own.
    expect(within(grid).getAllByText('Main library')).toHaveLength(2);
    expect(within(grid).getByText('东校区分馆')).toBeInTheDocument();
  });

  it('accepts a batch after a confirmation and shows the new state at once', async () => {
    const gw = gateway();
    renderKit(<BatchScreen />);
    fireEvent.click(await screen.findByTestId('batch-accept-1'));
    const dialog = await screen.findByTestId('kit-confirm');
    expect(dialog).toHaveTextContent('验收批次 2026-MAIN-02');
    expect(dialog).toHaveTextContent('验收日期为空时记为今天');
    expect(gw.to('SetBatchState')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('kit-confirm-ok'));
    await waitFor(() => expect(gw.to('SetBatchState')).toHaveLength(1));
    expect(gw.to('SetBatchState')[0]!.body).toEqual({ ID: 1, State: 'accepted' });
    expect(await screen.findByText('批次已验收')).toBeInTheDocument();
    // The cached reply moves the row's action on before the list is read again.
    expect(await screen.findByTestId('batch-close-1')).toBeInTheDocument();
  });

  it('hides reopen from a role without its operation, and every state action without the state one', async () => {
    sessionStore.setMenus({ Menus: [], Operations: ['catalogue.batch.view', 'catalogue.batch.edit', 'catalogue.batch.state'], MenuVersion: 'new' });
    gateway();
    renderKit(<BatchScreen />);
    expect(await screen.findByTestId('batch-close-2')).toBeInTheDocument();
    expect(screen.queryByTestId('batch-reopen-3')).toBeNull();
    sessionStore.setMenus({ Menus: [], Operations: ['catalogue.batch.view'], MenuVersion: 'new' });
    await waitFor(() => expect(screen.queryByTestId('batch-close-2')).toBeNull());
    expect(screen.queryByTestId('crud-add')).toBeNull();
  });

  it('shows the detail with its figures and opens the paged copies of the batch', async () => {
    const gw = gateway();
    renderKit(<BatchScreen />);
    fireEvent.click(await screen.findByText('2025-BR1-01'));
    const detail = await screen.findByTestId('batch-detail');
    expect(within(detail).getByTestId('batch-detail-TotalPrice')).toHaveTextContent('1,020.00');
    expect(within(detail).getByTestId('batch-detail-DiscountRate')).toHaveTextContent('85%');
    expect(within(detail).getByTestId('batch-detail-AcceptedOn')).toHaveTextContent('2025-03-15');
    fireEvent.click(within(detail).getByTestId('batch-copies-open'));
    const copies = await screen.findByTestId('batch-copies');
    expect(await within(copies).findByText('T00000009')).toBeInTheDocument();
    expect(within(copies).getByText('19.50')).toBeInTheDocument();
    expect(within(copies).getByTestId('batch-copies-summary')).toHaveTextContent('共 1,234 册，码洋 1,020.00，实洋 867.00（人民币 CNY）');
    expect(gw.to('GetBatchCopies')[0]!.body).toMatchObject({ BatchID: 2, Page: 1 });
    fireEvent.change(within(copies).getByTestId('batch-copies-search'), { target: { value: '草房子' } });
    fireEvent.click(within(copies).getByTestId('batch-copies-search-submit'));
    await waitFor(() => expect(gw.to('GetBatchCopies').at(-1)!.body).toMatchObject({ BatchID: 2, SearchKey: '草房子', Page: 1 }));
  });

  it('locks every field of a closed batch but the note, so its note saves', async () => {
    const gw = gateway();
    renderKit(<BatchScreen />);
    fireEvent.click(await screen.findByTestId('crud-edit-3'));
    const bookseller = await screen.findByTestId('field-Bookseller');
    await waitFor(() => expect(bookseller).toBeDisabled());
    expect(screen.getByTestId('field-BatchNo')).toBeDisabled();
    expect(screen.getByTestId('field-Note')).toBeEnabled();
    expect(screen.getByTestId('batch-closed-hint')).toHaveTextContent('只能修改备注');
    fireEvent.change(screen.getByTestId('field-Note'), { target: { value: '发票已到' } });
    fireEvent.submit(screen.getByTestId('kit-form'));
    await waitFor(() => expect(gw.to('UpdateBatch')).toHaveLength(1));
    expect(gw.to('UpdateBatch')[0]!.body).toMatchObject({ ID: 3, Note: '发票已到', BatchNo: '2024-MAIN-01', Bookseller: '新华书店' });
    await waitFor(() => expect(screen.queryByTestId('kit-form-dialog')).toBeNull(), { onTimeout: (e) => new Error(`${e.message}\n${screen.queryByTestId('kit-form-error')?.textContent ?? ''}`) });
  });

  it('starts a new batch registered today, in yuan, at full price, and requires its number', async () => {
    const gw = gateway();
    renderKit(<BatchScreen />);
    fireEvent.click(await screen.findByTestId('crud-add'));
    const no = await screen.findByTestId('field-BatchNo');
    expect(no).toHaveFocus();
    expect(screen.getByTestId('field-DiscountRate')).toHaveValue(100);
    fireEvent.submit(screen.getByTestId('kit-form'));
    expect(await screen.findByText('请输入批次号')).toBeInTheDocument();
    expect(gw.to('AddBatch')).toHaveLength(0);
  });

  it('names one batch in its dialog ("New batch"), not the screen ("Acquisition batches")', async () => {
    gateway();
    await act(() => changeLanguage('en-US'));
    renderKit(<BatchScreen />);
    fireEvent.click(await screen.findByTestId('crud-add'));
    expect(await within(screen.getByTestId('kit-form-dialog')).findByText('New batch')).toBeInTheDocument();
  });
});

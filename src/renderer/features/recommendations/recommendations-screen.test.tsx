import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SuggestionGroup } from '../../../shared/api/recommendations.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import RecommendationsScreen from './recommendations-screen.tsx';

const group = (over: Partial<SuggestionGroup>): SuggestionGroup => ({
  Key: '9787536692930', Title: '三体', Author: '刘慈欣', Publisher: '重庆出版社', ISBN: '9787536692930', Count: 3, IDs: [11, 12, 13],
  FirstAt: '2026-03-01T01:30:00.000Z', LastAt: '2026-03-05T01:30:00.000Z', State: 'pending', Held: 0, Available: 0,
  Reply: '', AbandonReason: null, HandledBy: '', HandledAt: null, BatchNo: '', ...over,
});
const rows = [group({}), group({ Key: 't:小王子|', Title: '小王子', Author: '', ISBN: '', Count: 1, IDs: [20], Held: 3, Available: 1 })];

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('/recommendation', () => {
  it('shows one line per book with the readers asking and the copies held', async () => {
    fakeGateway({ 'Recommendation/GetList': () => ({ List: rows, Total: 2 }) });
    renderKit(<RecommendationsScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: '荐购管理' })).toBeInTheDocument();
    const grid = await screen.findByTestId('list-recommendation-group');
    expect(await within(grid).findByText('三体')).toBeInTheDocument();
    expect(within(grid).getByText('未入藏')).toBeInTheDocument();
    expect(within(grid).getByText('3 册（可借 1）')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '待处理', selected: true })).toBeInTheDocument();
  });

  it('abandons the chosen books at once: a reason is asked for, every suggestion of them is sent, skipped ones are told', async () => {
    const gw = fakeGateway({
      'Recommendation/GetList': () => ({ List: rows, Total: 2 }),
      'Recommendation/Abandon': () => ({ Changed: 3, Rows: [{ ID: 11, Outcome: 'changed', State: 'abandoned' }, { ID: 12, Outcome: 'changed', State: 'abandoned' }, { ID: 13, Outcome: 'skipped', State: 'processed' }, { ID: 20, Outcome: 'changed', State: 'abandoned' }] }),
    });
    renderKit(<RecommendationsScreen />);
    const grid = await screen.findByTestId('list-recommendation-group');
    await within(grid).findByText('三体');
    expect(screen.getByTestId('bulk-abandon')).toBeDisabled();
    fireEvent.click(within(grid).getByRole('checkbox', { name: /select all|全选/i }));
    await waitFor(() => expect(screen.getByTestId('bulk-abandon')).toBeEnabled());
    expect(screen.getByText('已选 2 种图书（4 条荐购）')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('bulk-abandon'));
    const dialog = await screen.findByRole('dialog', { name: '放弃荐购：2 种图书' });
    fireEvent.click(within(dialog).getByTestId('handle-confirm'));
    expect(await within(dialog).findByText('请选择放弃原因')).toBeInTheDocument();
    expect(gw.to('Abandon')).toHaveLength(0);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /放弃原因/ }));
    fireEvent.click(await screen.findByTestId('reason-held'));
    fireEvent.change(within(dialog).getByTestId('handle-reply'), { target: { value: '馆内已有，可直接借阅' } });
    fireEvent.click(within(dialog).getByTestId('handle-confirm'));
    await waitFor(() => expect(gw.to('Abandon')).toHaveLength(1));
    expect(gw.to('Abandon')[0]!.body).toEqual({ IDs: [11, 12, 13, 20], AbandonReason: 'held', Reply: '馆内已有，可直接借阅' });
    expect(await screen.findByText('已放弃 3 条荐购；1 条已由他人处理，未改动')).toBeInTheDocument();
  });

  it('offers no handling to staff without the operation, and no selection on handled tabs', async () => {
    fakeGateway({ 'Recommendation/GetList': () => ({ List: [group({ State: 'processed', Reply: '已订购', HandledBy: '林书雅', HandledAt: '2026-03-06T01:30:00.000Z', BatchNo: 'B2026-01' })], Total: 1 }) });
    sessionStore.setMenus({ Menus: [], Operations: [], MenuVersion: 'new' });
    renderKit(<RecommendationsScreen />, '/kit?State=processed');
    const grid = await screen.findByTestId('list-recommendation-group');
    expect(await within(grid).findByText('B2026-01')).toBeInTheDocument();
    expect(screen.queryByTestId('recommendation-bulk')).toBeNull();
    expect(screen.queryByTestId('recommendation-add')).toBeNull();
    expect(screen.queryByTestId('kit-export')).toBeNull();
    expect(within(grid).queryByRole('checkbox')).toBeNull();
  });
});

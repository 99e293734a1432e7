import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Booklist, BooklistEntry } from '../../../shared/api/booklists.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { BooklistEditor, moved } from './booklist-editor.tsx';

const list: Booklist = { ID: 4, Name: '一年级寒假书单', Description: '', Stages: ['primary'], GradeIDs: [], GradeNames: '', Published: false, Titles: 2, UpdateTime: '2026-03-01T00:00:00Z' };
const entry = (over: Partial<BooklistEntry>): BooklistEntry => ({
  ID: 1, ItemID: 10, Title: '小王子', Author: '圣埃克苏佩里', Publisher: '', ISBN: '', CallNo: 'I565.88/1', Position: 1, Note: '', Copies: 3, Available: 1, ...over,
});
const entries = [entry({}), entry({ ID: 2, ItemID: 11, Title: '昆虫记', Position: 2, Copies: 0, Available: 0 })];

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('the titles of a reading list', () => {
  it('moves a title with the whole new order, adds a found title, and marks one already on the list', async () => {
    const gw = fakeGateway({
      'BookList/GetEntries': () => ({ List: entries, Total: 2 }),
      'BookList/Reorder': () => null,
      'BookList/AddEntries': () => ({ Added: 1, Rows: [{ ItemID: 12, Outcome: 'added' }] }),
      'Search/Catalogue': () => ({ List: [
        { ID: 10, Title: '小王子', ParallelTitle: '', Author: '', Publisher: '', PubYear: null, ISBN: '', ClassNo: '', CallNo: '', Language: 'zh', Series: '', Copies: 3, Available: 1, HoldsWaiting: 0 },
        { ID: 12, Title: '城南旧事', ParallelTitle: '', Author: '林海音', Publisher: '', PubYear: null, ISBN: '', ClassNo: '', CallNo: '', Language: 'zh', Series: '', Copies: 2, Available: 2, HoldsWaiting: 0 },
      ], Total: 2, Facets: { Language: [], Class: [], Branch: [], ResourceType: [], AvailableNow: 2, Exact: true } }),
    });
    renderKit(<BooklistEditor list={list} onClose={() => undefined} />);
    const table = await screen.findByTestId('booklist-entries');
    expect(within(table).getByText(/馆藏 3 册，可借 1 册/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上移《小王子》' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '上移《昆虫记》' }));
    await waitFor(() => expect(gw.to('Reorder')).toHaveLength(1));
    expect(gw.to('Reorder')[0]!.body).toEqual({ ListID: 4, IDs: [2, 1] });

    fireEvent.change(screen.getByTestId('booklist-search'), { target: { value: '城南' } });
    fireEvent.click(screen.getByTestId('booklist-search-submit'));
    const results = await screen.findByTestId('booklist-results');
    expect(within(results).getByTestId('booklist-add-10')).toHaveTextContent('已在书单中');
    expect(within(results).getByTestId('booklist-add-10')).toBeDisabled();
    fireEvent.click(within(results).getByTestId('booklist-add-12'));
    await waitFor(() => expect(gw.to('AddEntries')).toHaveLength(1));
    expect(gw.to('AddEntries')[0]!.body).toEqual({ ListID: 4, ItemIDs: [12], Note: '' });
    expect(await screen.findByText('已加入《城南旧事》')).toBeInTheDocument();
  });

  it('is read-only without the edit operation', async () => {
    fakeGateway({ 'BookList/GetEntries': () => ({ List: entries, Total: 2 }) });
    sessionStore.setMenus({ Menus: [], Operations: [], MenuVersion: 'new' });
    renderKit(<BooklistEditor list={list} onClose={() => undefined} />);
    await screen.findByTestId('booklist-entries');
    expect(screen.queryByTestId('booklist-search')).toBeNull();
    expect(screen.queryByRole('button', { name: /上移/ })).toBeNull();
  });
});

describe('moving a title on a reading list', () => {
  it('swaps it with its neighbour and leaves the ends where they are', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

import '@testing-library/jest-dom/vitest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Menu } from '../../../shared/api/auth.ts';
import type { Shortcut } from '../../../shared/api/home.ts';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { ShortcutsCard } from './shortcuts-card.tsx';

const menu = (ID: number, Url: string, MenuName: string): Menu => ({ ID, ParentID: null, MenuName, MenuEnName: MenuName, Url, Icon: '', Sort: ID, Functions: [], External: false });
const shortcut = (ID: number, Url: string, Sort: number): Shortcut => ({ ID, Url, MenuName: Url, MenuEnName: Url, Icon: '', Sort });

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  await changeLanguage('zh-CN');
  sessionStore.setMenus({ Menus: [menu(1, '/process', '下载任务'), menu(2, '/setting', '设置'), menu(3, '/data-analysis', '首页')], Operations: [], MenuVersion: 'new' });
});

describe('home shortcuts card', () => {
  it('saves the picked set: removes the unpicked, adds only the new (AddHomeShortcuts appends), then sorts', async () => {
    let list = [shortcut(1, '/process', 1), shortcut(2, '/setting', 2)];
    const gw = fakeGateway({
      'Desktop/GetHomeShortcuts': () => list,
      'Desktop/DeleteHomeShortcuts': (b) => (list = list.filter((s) => !(b.IDs as number[]).includes(s.ID))),
      'Desktop/AddHomeShortcuts': (b) => (list = [...list, ...(b.Urls as string[]).map((u, i) => shortcut(10 + i, u, 10 + i))]),
      'Desktop/UpdateHomeShortcutsSort': (b) => (list = (b.IDs as number[]).map((id, i) => ({ ...list.find((s) => s.ID === id)!, Sort: i + 1 }))),
    });
    renderKit(<ShortcutsCard />);
    expect(await screen.findByTestId('shortcut-/setting')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('shortcuts-edit'));
    fireEvent.click(await screen.findByTestId('shortcut-choice-/setting'));
    fireEvent.click(screen.getByTestId('shortcut-choice-/data-analysis'));
    fireEvent.click(screen.getByTestId('shortcut-up-/data-analysis'));
    fireEvent.click(screen.getByTestId('shortcuts-save'));
    await waitFor(() => expect(gw.to('Desktop/UpdateHomeShortcutsSort')).toHaveLength(1));
    expect(gw.to('Desktop/DeleteHomeShortcuts').map((c) => c.body)).toEqual([{ IDs: [2] }]);
    expect(gw.to('Desktop/AddHomeShortcuts').map((c) => c.body)).toEqual([{ Urls: ['/data-analysis'] }]);
    expect(gw.to('Desktop/UpdateHomeShortcutsSort')[0]!.body).toEqual({ IDs: [10, 1] });
    await waitFor(() => expect(screen.queryByTestId('shortcut-/setting')).toBeNull());
    expect(screen.getByTestId('shortcut-/data-analysis')).toBeInTheDocument();
  });

  it('only reorders when the set is unchanged', async () => {
    const list = [shortcut(1, '/process', 1), shortcut(2, '/setting', 2)];
    const gw = fakeGateway({
      'Desktop/GetHomeShortcuts': () => list,
      'Desktop/UpdateHomeShortcutsSort': () => [list[1], list[0]],
    });
    renderKit(<ShortcutsCard />);
    fireEvent.click(await screen.findByTestId('shortcuts-edit'));
    fireEvent.click(await screen.findByTestId('shortcut-down-/process'));
    fireEvent.click(screen.getByTestId('shortcuts-save'));
    await waitFor(() => expect(gw.to('Desktop/UpdateHomeShortcutsSort')).toHaveLength(1));
    expect(gw.to('Desktop/UpdateHomeShortcutsSort')[0]!.body).toEqual({ IDs: [2, 1] });
    expect(gw.to('Desktop/AddHomeShortcuts')).toHaveLength(0);
    expect(gw.to('Desktop/DeleteHomeShortcuts')).toHaveLength(0);
  });
});

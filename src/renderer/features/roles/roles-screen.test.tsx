import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '../../lib/session-store.ts';
import { setupKitI18n } from '../../kit/testing/branch-fixture.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import RolesScreen from './roles-screen.tsx';

beforeAll(setupKitI18n);
beforeEach(() => sessionStore.setMenus({ Menus: [], Operations: ['people.roles.edit'], MenuVersion: 'new' }));

const role = (ID: number, Code: string, Name: string, BuiltIn: boolean, UserCount = 0) => ({
  ID, Code, Name, EnName: Name, BuiltIn, ScopeKind: 'none', Permissions: ['/a'], BranchIDs: [1], ResourceTypeIDs: [], UserCount,
});

function gateway() {
  return fakeGateway({
    'Role/List': () => ({ List: [role(1, 'admin', '系统管理员', true), role(8, 'custom-x', '志愿者', false, 2)], Total: 2 }),
    'Role/GetOptions': () => ({
      Menus: [{ Url: 'group:g', Name: '组', EnName: 'Group', Operations: [], Children: [{ Url: '/a', Name: '甲', EnName: 'A', Operations: ['x.a.edit'] }] }],
      Branches: [{ ID: 1, Name: '总馆', EnName: 'Main' }, { ID: 2, Name: '分馆', EnName: 'Branch' }],
      ResourceTypes: [],
    }),
    'Role/Add': (b) => ({ ...role(9, 'custom-y', String(b.Name), false), ...b }),
    'Role/Delete': () => ({ Reassigned: 2, Removed: 0 }),
  });
}

describe('roles screen', () => {
  it('needs a name and a branch, then sends the tree grant', async () => {
    const gw = gateway();
    renderKit(<RolesScreen />);
    fireEvent.click(await screen.findByTestId('role-add'));
    const dialog = await screen.findByTestId('role-editor');
    fireEvent.click(within(dialog).getByTestId('role-save'));
    expect(await within(dialog).findByTestId('role-branch-error')).toBeTruthy();
    expect(gw.to('Role/Add')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('role-name'), { target: { value: '馆员助理' } });
    fireEvent.click(within(within(dialog).getByTestId('role-branches')).getAllByRole('checkbox')[1]!);
    fireEvent.click(await within(dialog).findByTestId('tree-group:g'));
    fireEvent.click(within(dialog).getByTestId('role-save'));
    await waitFor(() => expect(gw.to('Role/Add')).toHaveLength(1));
    expect(gw.to('Role/Add')[0]!.body).toMatchObject({ Name: '馆员助理', BranchIDs: [2], Permissions: ['/a', 'x.a.edit'] });
  });

  it('offers no delete for built-in roles; a role in use is removed from its users only when confirmed', async () => {
    const gw = gateway();
    renderKit(<RolesScreen />);
    await screen.findByTestId('role-row-custom-x');
    expect(screen.queryByTestId('role-delete-admin')).toBeNull();
    fireEvent.click(screen.getByTestId('role-delete-custom-x'));
    fireEvent.click(await screen.findByTestId('kit-confirm-ok'));
    await waitFor(() => expect(gw.to('Role/Delete')).toHaveLength(1));
    expect(gw.to('Role/Delete')[0]!.body).toEqual({ ID: 8, Confirm: true });
  });
});

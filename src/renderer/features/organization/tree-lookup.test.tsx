import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { organizationCalls as c, type OrgTreeNode } from '../../../shared/api/organization.ts';
import { initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { TreeLookup } from './tree-lookup.tsx';

const calls = { tree: c.getDepartmentTree, add: c.addDepartment, update: c.updateDepartment, remove: c.deleteDepartment, move: c.moveDepartment };
const node = (ID: number, Name: string, MemberCount: number, Children: OrgTreeNode[] = []): OrgTreeNode => ({
  ID, ParentID: null, Kind: 'dept', Name, EnName: '', Code: '', State: 1, Sort: 0, LearningStage: null, GradeLevel: null, EntryYear: null,
  HeadTeacherID: null, HeadTeacherName: '', MemberCount, ChildCount: Children.length, InUse: MemberCount > 0 || Children.length > 0, Children,
});

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => sessionStore.setMenus({ Menus: [], Operations: ['people.dept.edit'], MenuVersion: 'new' }));

describe('TreeLookup', () => {
  it('shows the tree, blocks deleting nodes in use, validates and adds a child', async () => {
    const gw = fakeGateway({
      'department/getDepartmentTree': () => [node(1, '教务处', 0, [node(2, '考务科', 0)]), node(3, '图书馆', 12)],
      'Organization/AddDepartment': (b) => ({ ...node(9, String(b.Name), 0), ParentID: b.ParentID as number }),
    });
    renderKit(<TreeLookup calls={calls} kind="dept" />);
    await screen.findByText('考务科');
    expect(screen.getByTestId('tree-delete-3')).toBeDisabled();
    expect(screen.getByTestId('tree-delete-1')).toBeDisabled();
    expect(screen.getByTestId('tree-delete-2')).toBeEnabled();
    expect(within(screen.getByTestId('tree-node-3')).getByText('12 名读者')).toBeTruthy();

    fireEvent.click(screen.getByTestId('tree-add-1'));
    fireEvent.click(screen.getByTestId('node-save'));
    expect(await screen.findByText('请输入部门名称')).toBeTruthy();
    expect(gw.to('AddDepartment')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('node-Name'), { target: { value: '命题组' } });
    fireEvent.click(screen.getByTestId('node-save'));
    await waitFor(() => expect(gw.to('AddDepartment')).toHaveLength(1));
    expect(gw.to('AddDepartment')[0]!.body).toMatchObject({ ParentID: 1, Name: '命题组', State: 1 });
  });

  it('hides editing without the operation key', async () => {
    sessionStore.setMenus({ Menus: [], Operations: [], MenuVersion: 'new' });
    fakeGateway({ 'department/getDepartmentTree': () => [node(1, '教务处', 0)] });
    renderKit(<TreeLookup calls={calls} kind="dept" />);
    await screen.findByText('教务处');
    expect(screen.queryByTestId('tree-add-root')).toBeNull();
    expect(screen.queryByTestId('tree-edit-1')).toBeNull();
  });
});

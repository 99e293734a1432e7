import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { permissionGroupSchema } from '../../../shared/domain/borrowing/schemas.ts';
import { changeLanguage, i18next, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import BorrowRangeScreen from './borrow-range-screen.tsx';
import BorrowPermissionScreen from './borrow-permission-screen.tsx';
import { TypeLimitsEditor } from './type-limits-editor.tsx';

// The per-type limits editor of the group form, and the reader search of /borrow-range-mana.

const types = [{ ID: '11', Name: '图书', EnName: 'Books' }, { ID: '12', Name: '期刊', EnName: 'Magazines' }];
const group = (over: Record<string, unknown> = {}) => ({
  ID: '2', Name: '教师组', EnName: 'Teachers', MaxLoans: 10, LoanDays: 60, RenewDays: 30, MaxRenewals: 2, OverdueRenewal: 'allow',
  ByResourceType: [{ ResourceTypeID: '12', MaxLoans: 0, LoanDays: 0, RenewDays: 0, MaxRenewals: 0 }], IsDefault: false, AssignmentCount: 1, InUse: true, ...over,
});
const reader = (id: number, name: string, readerId: string) => ({
  ID: id, Account: readerId.toLowerCase(), Name: name, ReaderID: readerId, Identity: 'student', DeptID: 5, DeptName: '三年级1班', Status: 'active', Sex: 'male',
  Birthday: null, Phone: '138****0000', Email: '', Deposit: 0, ExpireAt: null, Roles: '', Photo: '', PhotoUrl: '', UpdateTime: '2026-01-01T00:00:00Z',
});

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('per-resource-type limits in the group form', () => {
  it('adds rows with free types only, removes one, explains 0, and saves them with AddGroup', async () => {
    const gw = fakeGateway({
      'BorrowRules/GetGroups': () => ({ List: [group()], Total: 1 }),
      'BorrowRules/GetResourceTypes': () => types,
      'BorrowRules/AddGroup': (b) => ({ ...b, ID: '7', AssignmentCount: 0, InUse: false }),
    });
    renderKit(<BorrowPermissionScreen />);
    // The list shows the per-type rules of each group.
    expect(await screen.findByText('期刊 不可借阅')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('crud-add'));
    const editor = await screen.findByTestId('type-limits');
    expect(editor).toHaveTextContent('最大借阅数量为 0 表示该类型不可借阅');
    fireEvent.click(within(editor).getByTestId('type-limit-add'));
    fireEvent.click(within(editor).getByTestId('type-limit-add'));
    // Both types are used: no third row, and a row cannot take the other row's type.
    expect(within(editor).getByTestId('type-limit-add')).toBeDisabled();
    fireEvent.mouseDown(within(editor).getByTestId('type-limit-type-1'));
    expect(await screen.findByRole('option', { name: '图书' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    // A new row starts from the group's own loan days, renew days and renewals.
    expect(within(editor).getByTestId('type-limit-0-LoanDays')).toHaveValue(30);
    fireEvent.change(within(editor).getByTestId('type-limit-0-MaxLoans'), { target: { value: '0' } });
    fireEvent.click(within(editor).getByTestId('type-limit-remove-1'));
    expect(within(editor).queryByTestId('type-limit-row-1')).toBeNull();
    fireEvent.change(screen.getByTestId('field-Name'), { target: { value: '阅读之星组' } });
    fireEvent.click(screen.getByTestId('kit-form-submit'));
    await waitFor(() => expect(gw.to('BorrowRules/AddGroup')).toHaveLength(1));
    expect(gw.to('BorrowRules/AddGroup')[0]!.body).toMatchObject({
      ID: 'new', Name: '阅读之星组', ByResourceType: [{ ResourceTypeID: '11', MaxLoans: 0, LoanDays: 30, RenewDays: 15, MaxRenewals: 1 }],
    });
  });

  it('validates the rows with the gateway schema; the messages follow the UI language', async () => {
    const gw = fakeGateway({
      'BorrowRules/GetGroups': () => ({ List: [group()], Total: 1 }),
      'BorrowRules/GetResourceTypes': () => types,
      'BorrowRules/UpdateGroup': (b) => ({ ...group(), ...b }),
    });
    renderKit(<BorrowPermissionScreen />);
    fireEvent.click(await screen.findByTestId('crud-edit-2'));
    const editor = await screen.findByTestId('type-limits');
    fireEvent.change(within(editor).getByTestId('type-limit-0-MaxLoans'), { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('kit-form-submit'));
    const row = within(editor).getByTestId('type-limit-row-0');
    expect(await within(row).findByText('数值过小：期望 number >=0')).toBeInTheDocument();
    expect(within(row).getByTestId('type-limit-0-MaxLoans')).toHaveAttribute('aria-invalid', 'true');
    await act(() => changeLanguage('en-US'));
    fireEvent.click(screen.getByTestId('kit-form-submit'));
    expect(await within(row).findByText('Too small: expected number to be >=0')).toBeInTheDocument();
    expect(gw.to('BorrowRules/UpdateGroup')).toHaveLength(0);
    // Fixed, it saves through UpdateGroup with the group's id.
    fireEvent.change(within(editor).getByTestId('type-limit-0-MaxLoans'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('kit-form-submit'));
    await waitFor(() => expect(gw.to('BorrowRules/UpdateGroup')).toHaveLength(1));
    expect(gw.to('BorrowRules/UpdateGroup')[0]!.body).toMatchObject({ ID: '2', ByResourceType: [{ ResourceTypeID: '12', MaxLoans: 2 }] });
  });

  it('shows the duplicate-type message of the shared schema, translated', async () => {
    const rows = [{ ResourceTypeID: '12', MaxLoans: 1, LoanDays: 7, RenewDays: 0, MaxRenewals: 0 }, { ResourceTypeID: '12', MaxLoans: 2, LoanDays: 7, RenewDays: 0, MaxRenewals: 0 }];
    const issue = permissionGroupSchema.safeParse({ ...group(), ByResourceType: rows }).error!.issues[0]!;
    expect(issue).toMatchObject({ path: ['ByResourceType'], message: 'validation:borrowing.duplicateResourceType' });
    renderKit(<TypeLimitsEditor value={rows} onChange={() => {}} types={types} rowDefaults={{ MaxLoans: 1, LoanDays: 7, RenewDays: 0, MaxRenewals: 0 }} listError={i18next.t(issue.message)} />);
    expect(await screen.findByTestId('type-limits-error')).toHaveTextContent('同一资源类型不能重复设置');
  });
});

const rangeGateway = (extra: Record<string, (b: Record<string, unknown>) => unknown> = {}) =>
  fakeGateway({
    'BorrowRules/GetGroups': () => ({ List: [group()], Total: 1 }),
    'BorrowRules/GetSettings': () => ({ CombinedBorrowing: false }),
    'config/isneedverify': () => ({ Mode: 'off', Required: false }),
    'BorrowRules/GetAssignments': () => ({ List: [], Total: 0 }),
    'BorrowRules/CheckAssignments': () => ({ Conflicts: [] }),
    'BorrowRules/AddAssignments': (b) => ({ Added: (b.TargetIDs as string[]).length, Skipped: 0 }),
    'user/getUserList': (q) => ({ List: q.SearchKey === 'lzx' ? [reader(5, '李子轩', 'R2026000005')] : [], Total: 1 }),
    ...extra,
  });

async function pickReader(inputTestId: string, key: string, option: RegExp) {
  fireEvent.change(await screen.findByTestId(inputTestId), { target: { value: key } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('readers by name on /borrow-range-mana', () => {
  it('finds a reader by initials, adds them together with a typed ID', async () => {
    const gw = rangeGateway();
    renderKit(<BorrowRangeScreen />);
    await pickReader('assign-reader-search', 'lzx', /李子轩（R2026000005）/);
    expect(gw.to('user/getUserList').at(-1)!.body).toMatchObject({ SearchKey: 'lzx' });
    expect(await screen.findByTestId('assign-picked-R2026000005')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('assign-readers'), { target: { value: 'R9' } });
    fireEvent.click(screen.getByTestId('assign-add'));
    await waitFor(() => expect(gw.to('BorrowRules/AddAssignments')).toHaveLength(1));
    expect(gw.to('BorrowRules/AddAssignments')[0]!.body).toEqual({ GroupID: '2', Kind: 'reader', TargetIDs: ['R2026000005', 'R9'] });
    await waitFor(() => expect(screen.queryByTestId('assign-picked')).toBeNull());
  });

  it('shows a picked reader\'s effective limits: group and why, caps, per type, due date', async () => {
    const gw = rangeGateway({
      'Circulation/GetUserBorrowLimitV2': () => ({
        UserID: 5, ReaderID: 'R2026000005', Name: '李子轩', Ok: true, Status: 'resolved', Combined: false,
        Groups: [{ ID: '2', Name: '教师组', EnName: 'Teachers' }], Matches: [{ GroupID: '2', Level: 'reader', Kind: 'reader', TargetID: 'R2026000005' }],
        MaxLoans: 10, Current: 2, Left: 8, LoanDays: 60, RenewDays: 30, MaxRenewals: 2, OverdueRenewal: 'allow', Overdue: 0,
        ByResourceType: [{ ResourceTypeID: '12', ResourceTypeName: '期刊', MaxLoans: 0, Current: 0, Left: 0, LoanDays: 0, RenewDays: 0, MaxRenewals: 0 }],
        DueAtIfBorrowedNow: '2026-04-10T23:59:59+08:00',
      }),
    });
    renderKit(<BorrowRangeScreen />);
    await pickReader('limits-reader-search', 'lzx', /李子轩/);
    const result = await screen.findByTestId('limits-result');
    expect(gw.to('Circulation/GetUserBorrowLimitV2')[0]!.body).toEqual({ UserID: 5 });
    expect(result).toHaveTextContent('适用权限组：教师组');
    expect(result).toHaveTextContent('“教师组”：读者 李子轩（R2026000005） 被单独加入');
    expect(result).toHaveTextContent('最多 10 册，已借 2 册，还可借 8 册');
    expect(within(screen.getByTestId('limits-type-12')).getByText('不可借阅')).toBeInTheDocument();
    expect(screen.getByTestId('limits-due')).toHaveTextContent('2026-04-10');
    await act(() => changeLanguage('en-US'));
    expect(await screen.findByText('Permission group: Teachers')).toBeInTheDocument();
  });
});

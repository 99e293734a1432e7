import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import HolidayScreen from './holiday-screen.tsx';
import BorrowRangeScreen from './borrow-range-screen.tsx';
import BorrowPermissionScreen from './borrow-permission-screen.tsx';
import { splitReaderIds } from './assignment-add-form.tsx';
import { monthGrid } from './month-calendar.tsx';


const calendar = (closed: string[] = ['2026-02-16']) => ({
  Calendar: { ClosedDates: closed, ClosedWeekdays: [0, 6], OpenDates: ['2026-02-28'], UtcOffsetMinutes: 480 },
  Days: [...closed.map((d) => ({ Day: d, State: 'closed', Reason: '春节' })), { Day: '2026-02-28', State: 'open', Reason: '调休' }],
  Periods: closed.map((d) => ({ From: d, To: d, Days: 1, Reason: '春节' })),
  Today: '2026-02-10',
});
const groups = [
  { ID: '1', Name: '学生默认组', EnName: 'Students', MaxLoans: 3, LoanDays: 30, RenewDays: 15, MaxRenewals: 1, OverdueRenewal: 'block-item', ByResourceType: [], IsDefault: true, AssignmentCount: 0, InUse: true },
  { ID: '2', Name: '教师组', EnName: 'Teachers', MaxLoans: 10, LoanDays: 60, RenewDays: 30, MaxRenewals: 2, OverdueRenewal: 'allow', ByResourceType: [], IsDefault: false, AssignmentCount: 1, InUse: true },
];

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('helpers', () => {
  it('pads a month to whole Monday-first weeks and splits scanned reader IDs', () => {
    const g = monthGrid('2026-02');
    expect(g.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-02-01']);
    expect(g.length % 7).toBe(0);
    expect(g.filter(Boolean)).toHaveLength(28);
    expect(splitReaderIds('R1, R2\nR3、R1  ')).toEqual(['R1', 'R2', 'R3']);
  });
});

describe('HolidayScreen', () => {
  it('shows closed days, toggles a day with the typed reason and a closed weekday, and previews due dates', async () => {
    const gw = fakeGateway({
      'Holiday/GetCalendar': () => calendar(),
      'Holiday/SetDays': (b) => calendar([...(b.Days as string[]), '2026-02-16']),
      'Holiday/SetClosedWeekdays': () => calendar(),
      'Holiday/GetDueDates': () => ({ LoanDay: '2026-02-10', List: [{ GroupID: '1', GroupName: '学生默认组', LoanDays: 30, CountedDay: '2026-03-12', DueDay: '2026-03-12', DueAt: '2026-03-12T23:59:59+08:00', Moved: false }] }),
    });
    renderKit(<HolidayScreen />);
    expect(await screen.findByTestId('day-2026-02-16')).toHaveAttribute('data-state', 'closed');
    expect(screen.getByTestId('day-2026-02-14')).toHaveAttribute('data-state', 'closed');
    expect(screen.getByTestId('day-2026-02-28')).toHaveAttribute('data-state', 'open');
    expect(await screen.findByText('学生默认组：借期 30 天，2026-03-12 到期')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('holiday-reason'), { target: { value: '盘点' } });
    fireEvent.click(screen.getByTestId('day-2026-02-17'));
    await waitFor(() => expect(gw.to('Holiday/SetDays')).toHaveLength(1));
    expect(gw.to('Holiday/SetDays')[0]!.body).toEqual({ Days: ['2026-02-17'], State: 'closed', Reason: '盘点' });
    fireEvent.click(screen.getByTestId('day-2026-02-14'));
    await waitFor(() => expect(gw.to('Holiday/SetDays')).toHaveLength(2));
    expect(gw.to('Holiday/SetDays')[1]!.body).toMatchObject({ Days: ['2026-02-14'], State: 'open' });
    fireEvent.click(screen.getByTestId('weekday-3'));
    await waitFor(() => expect(gw.to('Holiday/SetClosedWeekdays')[0]?.body).toEqual({ ClosedWeekdays: [0, 6, 3] }));
  });

  it('is read-only without the holidays operation', async () => {
    sessionStore.setMenus({ Menus: [], Operations: [], MenuVersion: 'new' });
    fakeGateway({ 'Holiday/GetCalendar': () => calendar(), 'Holiday/GetDueDates': () => ({ LoanDay: '2026-02-10', List: [] }) });
    renderKit(<HolidayScreen />);
    expect(await screen.findByTestId('holiday-readonly')).toBeInTheDocument();
    expect(await screen.findByTestId('day-2026-02-17')).toBeDisabled();
  });
});

describe('BorrowRangeScreen', () => {
  it('shows the spec message with the list of readers already in other groups, and adds nothing', async () => {
    const gw = fakeGateway({
      'BorrowRules/GetGroups': () => ({ List: groups, Total: 2 }),
      'BorrowRules/GetSettings': () => ({ CombinedBorrowing: false }),
      'config/isneedverify': () => ({ Mode: 'off', Required: false }),
      'BorrowRules/GetAssignments': () => ({ List: [{ ID: '9', GroupID: '1', GroupName: '学生默认组', Kind: 'identity', TargetID: 'student', TargetName: 'student' }], Total: 1 }),
      'BorrowRules/CheckAssignments': () => ({ Conflicts: [{ TargetID: 'R1', Name: '李子轩', ReaderID: 'R1', GroupID: '2', GroupName: '教师组' }] }),
      'BorrowRules/AddAssignments': () => ({ Added: 1, Skipped: 0 }),
    });
    renderKit(<BorrowRangeScreen />);
    expect(await screen.findByText('学生')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('assign-readers'), { target: { value: 'R1 R2' } });
    fireEvent.click(screen.getByTestId('assign-add'));
    const alert = await screen.findByTestId('assign-conflicts');
    expect(alert).toHaveTextContent('添加失败！以下用户已存在于其他权限组中。');
    expect(alert).toHaveTextContent('李子轩（R1）：已在“教师组”');
    expect(gw.to('BorrowRules/CheckAssignments')[0]!.body).toEqual({ GroupID: '1', Kind: 'reader', TargetIDs: ['R1', 'R2'] });
    expect(gw.to('BorrowRules/AddAssignments')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('combined-switch'));
    await waitFor(() => expect(gw.to('BorrowRules/SaveSettings')[0]?.body).toEqual({ CombinedBorrowing: true }));
  });
});

describe('BorrowPermissionScreen', () => {
  it('lists the groups with their limits and overdue policy in both languages', async () => {
    fakeGateway({ 'BorrowRules/GetGroups': () => ({ List: groups, Total: 2 }), 'BorrowRules/GetResourceTypes': () => [] });
    renderKit(<BorrowPermissionScreen />);
    expect(await screen.findByText('教师组')).toBeInTheDocument();
    expect(screen.getByText('逾期图书不可续借')).toBeInTheDocument();
    await changeLanguage('en-US');
    expect(await screen.findByText('Overdue renewal allowed')).toBeInTheDocument();
  });
});

describe('BorrowPermissionScreen form', () => {
  it('creates a group through the form with the server assigning the ID', async () => {
    const gw = fakeGateway({
      'BorrowRules/GetGroups': () => ({ List: groups, Total: 2 }),
      'BorrowRules/GetResourceTypes': () => [],
      'BorrowRules/AddGroup': (b) => ({ ...groups[1], ...b, ID: '7', AssignmentCount: 0, InUse: false }),
    });
    renderKit(<BorrowPermissionScreen />);
    fireEvent.click(await screen.findByTestId('crud-add'));
    fireEvent.change(await screen.findByTestId('field-Name'), { target: { value: '阅读之星组' } });
    fireEvent.click(screen.getByTestId('kit-form-submit'));
    await waitFor(() => expect(gw.to('BorrowRules/AddGroup')).toHaveLength(1));
    expect(gw.to('BorrowRules/AddGroup')[0]!.body).toMatchObject({ ID: 'new', Name: '阅读之星组', MaxLoans: 3, ByResourceType: [] });
  });
});

import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SignRecord } from '../../../shared/api/sign-records.ts';
import { fakeGateway, refuse } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import SignRecordsScreen from './sign-records-screen.tsx';

const record = (over: Partial<SignRecord> = {}): SignRecord => ({
  ID: 1, At: '2026-03-02T00:30:00.000Z', Day: '2026-03-02', ReaderID: 'R001', ReaderName: '李子轩', Identity: 'student', ClassName: '三年级1班',
  BranchID: 1, BranchName: '总馆', Room: '', Station: '', StaffName: '林书雅', ...over,
});

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  localStorage.clear();
  await changeLanguage('zh-CN');
});

describe('/signrecord', () => {
  it('signs a scanned card in at the chosen place, tells a repeat and a refusal', async () => {
    sessionStore.setMenus({ Menus: [], Operations: ['circulation.signin.station'], MenuVersion: 'new' });
    let n = 0;
    const gw = fakeGateway({
      'SignRecord/GetBranchOptions': () => [{ ID: 1, Name: '总馆' }, { ID: 2, Name: '分馆' }],
      'SignRecord/GetRooms': () => ['阅览室A'],
      'SignRecord/SignIn': (b) => (b.ReaderID === 'BAD' ? refuse('读者不存在', 404) : { Counted: n++ === 0, Record: record(), CardStatus: '' }),
    });
    renderKit(<SignRecordsScreen />);
    expect(screen.queryByTestId('tab-list')).toBeNull();
    const box = await screen.findByTestId('sign-scan');
    await waitFor(() => expect(screen.getByTestId('sign-branch')).toHaveValue('1'));
    for (const card of ['R001', 'R001', 'BAD']) {
      fireEvent.change(box, { target: { value: card } });
      fireEvent.submit(box.closest('form')!);
    }
    expect(await screen.findByTestId('sign-entry-refused')).toHaveTextContent('BAD：读者不存在');
    expect(screen.getByTestId('sign-entry-counted')).toHaveTextContent('李子轩 签到成功');
    expect(screen.getByTestId('sign-entry-already')).toHaveTextContent('不重复计数');
    expect(gw.to('SignRecord/SignIn').map((c) => [c.body.ReaderID, c.body.BranchID])).toEqual([['R001', 1], ['R001', 1], ['BAD', 1]]);
    expect(screen.getByTestId('sign-count')).toHaveTextContent('1');
  });

  it('shows only the list and its counts to staff who may read them, not the station', async () => {
    sessionStore.setMenus({ Menus: [], Operations: ['circulation.signin.view'], MenuVersion: 'new' });
    const gw = fakeGateway({
      'SignRecord/GetSignRecords': () => ({ List: [record()], Total: 1 }),
      'SignRecord/GetSignStats': () => ({ Visits: 5, Readers: 3, ByDay: [{ Day: '2026-03-02', Visits: 5, Readers: 3 }], ByClass: [{ ClassName: '', Visits: 5, Readers: 3 }] }),
      'SignRecord/GetDeptOptions': () => [],
      'SignRecord/GetBranchOptions': () => [],
    });
    renderKit(<SignRecordsScreen />, '/kit?DateFrom=2026-03-01');
    expect(await screen.findByTestId('sign-stats-total')).toHaveTextContent('签到人次 5 · 签到人数 3');
    expect(screen.getByTestId('sign-stats-class')).toHaveTextContent('（无班级）');
    expect(screen.queryByTestId('sign-scan')).toBeNull();
    expect(gw.to('SignRecord/GetSignStats')[0]!.body).toMatchObject({ DateFrom: '2026-03-01' });
    expect(await screen.findByText('李子轩')).toBeInTheDocument();
  });
});

import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Duty } from '../../../shared/api/volunteers.ts';
import { fakeGateway, refuse } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import VolunteersScreen from './volunteers-screen.tsx';

const duty = (over: Partial<Duty> = {}): Duty => ({
  ID: 7, VolunteerID: 3, ReaderID: 'R001', Name: '李子轩', ClassName: '三年级1班', PostName: '图书上架', Day: '2026-03-02',
  StartedAt: '2026-03-02T04:00:00.000Z', EndedAt: null, Minutes: null, Corrected: false, Note: '', StaffName: '林书雅', ...over,
});

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  await changeLanguage('zh-CN');
});

describe('/volunteer service log', () => {
  it('signs a duty in and out by card, tells a refusal, and corrects a duty with a required reason', async () => {
    sessionStore.setMenus({ Menus: [], Operations: ['circulation.volunteers.duty', 'circulation.volunteers.correct'], MenuVersion: 'new' });
    let scans = 0;
    const gw = fakeGateway({
      'Volunteer/ScanDuty': (b) => (b.ReaderID === 'X1' ? refuse('李明 不是在岗志愿者', 409)
        : scans++ === 0 ? { Action: 'in', Duty: duty() } : { Action: 'out', Duty: duty({ EndedAt: '2026-03-02T04:45:00.000Z', Minutes: 45 }) }),
      'Volunteer/GetDutyList': () => ({ List: [duty({ EndedAt: '2026-03-02T04:45:00.000Z', Minutes: 45 })], Total: 1 }),
      'Volunteer/GetTermOptions': () => [],
      'Volunteer/CorrectDuty': (b) => duty({ StartedAt: String(b.StartedAt), EndedAt: String(b.EndedAt), Minutes: 90, Corrected: true, Note: String(b.Note) }),
    });
    renderKit(<VolunteersScreen />, '/kit?tab=duties');
    const box = await screen.findByTestId('duty-scan');
    const send = async (card: string, text: string) => {
      fireEvent.change(box, { target: { value: card } });
      fireEvent.submit(box.closest('form')!);
      await waitFor(() => expect(screen.getByTestId('duty-result')).toHaveTextContent(text));
    };
    await send('R001', '李子轩 开始值班（图书上架）');
    await send('R001', '李子轩 结束值班，本次 45 分钟');
    await send('X1', 'X1：李明 不是在岗志愿者');

    fireEvent.click(await screen.findByTestId('duty-correct-7'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('duty-save')).toBeDisabled();
    fireEvent.change(within(dialog).getByTestId('duty-note'), { target: { value: '忘记签退' } });
    fireEvent.click(within(dialog).getByTestId('duty-save'));
    await waitFor(() => expect(gw.to('Volunteer/CorrectDuty')).toHaveLength(1));
    const sent = gw.to('Volunteer/CorrectDuty')[0]!.body;
    expect(sent).toMatchObject({ ID: 7, Note: '忘记签退' });
    expect(Date.parse(String(sent.EndedAt)) - Date.parse(String(sent.StartedAt))).toBe(45 * 60_000);
  });

  it('hides the scan box and corrections from staff without those operations', async () => {
    sessionStore.setMenus({ Menus: [], Operations: [], MenuVersion: 'new' });
    fakeGateway({ 'Volunteer/GetDutyList': () => ({ List: [duty()], Total: 1 }), 'Volunteer/GetTermOptions': () => [] });
    renderKit(<VolunteersScreen />, '/kit?tab=duties');
    expect(await screen.findByText('李子轩')).toBeInTheDocument();
    expect(screen.getByText('值班中')).toBeInTheDocument();
    expect(screen.queryByTestId('duty-scan')).toBeNull();
    expect(screen.queryByTestId('duty-add')).toBeNull();
    expect(screen.queryByTestId('duty-correct-7')).toBeNull();
  });
});

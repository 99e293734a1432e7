import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoanRecord } from '../../../shared/api/circulation-records.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { VerifyPrompt } from './verify-prompt.tsx';
import FamilyNoReturnScreen from './family-no-return-screen.tsx';
import BatchPinScreen from './batch-pin-screen.tsx';

const target = { UserID: 7, Name: '李子轩', ReaderID: 'R2026000007' };
const verified = { Verified: true, Reason: '', TriesLeft: 5, LockedUntil: null, VerifiedUntil: '2026-11-26T08:30:00.000Z' };

/** Types into the focused PIN field as a person (slow) or a scanner (a burst), then Enter. */
function typeInto(input: HTMLElement, text: string, gapMs: number) {
  let at = 1000;
  let value = '';
  for (const ch of text) {
    value += ch;
    // jsdom stamps events with the real clock: the gap is set on the event itself.
    const ev = new KeyboardEvent('keydown', { key: ch, bubbles: true });
    Object.defineProperty(ev, 'timeStamp', { value: (at += gapMs) });
    fireEvent(input, ev);
    fireEvent.change(input, { target: { value } });
  }
  fireEvent.submit(input.closest('form')!);
}

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('the desk\'s verify prompt', () => {
  it('sends typed keys as the PIN and a scanner burst as the card; says what was wrong', async () => {
    let reply: unknown = { ...verified, Verified: false, Reason: 'wrongPassword', TriesLeft: 3 };
    const gw = fakeGateway({ 'readers/checkverify': () => reply });
    const done = vi.fn();
    renderKit(<VerifyPrompt target={target} mode="either" padCode={null} onDone={done} onCancel={() => {}} />);
    const pin = screen.getByTestId('verify-pin');
    expect(pin).toHaveFocus();
    typeInto(pin, '1234', 150);
    expect(await screen.findByTestId('verify-problem')).toHaveTextContent('借阅密码错误，还可尝试 3 次');
    expect(gw.to('checkverify')[0]!.body).toEqual({ UserID: 7, Password: '1234' });
    reply = verified;
    typeInto(pin, 'R2026000007', 5);
    await waitFor(() => expect(done).toHaveBeenCalledWith(verified));
    expect(gw.to('checkverify')[1]!.body).toEqual({ UserID: 7, CardNo: 'R2026000007' });
  });

  it('in card mode refuses a card number typed by hand without asking the gateway', async () => {
    const gw = fakeGateway({ 'readers/checkverify': () => verified });
    renderKit(<VerifyPrompt target={target} mode="card" padCode={null} onDone={() => {}} onCancel={() => {}} />);
    typeInto(screen.getByTestId('verify-pin'), 'R2026000007', 150);
    expect(await screen.findByTestId('verify-problem')).toHaveTextContent('读者证须刷卡，不能手输');
    expect(gw.to('checkverify')).toHaveLength(0);
  });

  it('checks a card laid on the RFID pad', async () => {
    const gw = fakeGateway({ 'readers/checkverify': () => verified });
    const done = vi.fn();
    renderKit(<VerifyPrompt target={target} mode="card" padCode="R2026000007" onDone={done} onCancel={() => {}} />);
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(gw.to('checkverify')[0]!.body).toEqual({ UserID: 7, CardNo: 'R2026000007' });
  });
});

const loan = (over: Partial<LoanRecord>): LoanRecord => ({
  LoanID: 1, CopyID: 9, Barcode: 'T1', Title: '小王子', CallNo: '', UserID: 5, ReaderID: 'R5', ReaderName: '李一', ClassName: '三年级1班',
  LoanedAt: '2026-03-01T01:30:00.000Z', DueDay: '2026-03-31', ReturnedAt: null, RenewCount: 0, State: 'onLoan', OverdueDays: 0, LoanedBy: '', ReturnedBy: '', ...over,
});

describe('家长未还图书', () => {
  it('finds the family, opens a single match at once, one table per child with overdue loans in red', async () => {
    const child = (id: number, name: string) => ({ UserID: id, Name: name, ReaderID: `R${id}`, Identity: 'student', ClassName: '三年级1班' });
    const gw = fakeGateway({
      'Circulation/FindKin': () => ({ List: [{ ...child(5, '李一'), Linked: '李明' }], Total: 1 }),
      'Circulation/GetKinBorrowing': () => ({
        List: [loan({}), loan({ LoanID: 2, Barcode: 'T2', UserID: 6, ReaderName: '李二', State: 'overdue', OverdueDays: 4 })], Total: 2,
        Children: [child(5, '李一'), child(6, '李二'), child(8, '李三')],
        Parents: [{ UserID: 9, Name: '李明', ReaderID: 'R9', Identity: 'parent', ClassName: '' }],
      }),
    });
    renderKit(<FamilyNoReturnScreen />);
    expect(screen.getByRole('heading', { level: 1, name: '家长未还图书' })).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('family-search'), { target: { value: 'R5' } });
    fireEvent.click(screen.getByTestId('family-find'));
    expect(await screen.findByText(/家长：李明/)).toBeInTheDocument();
    expect(gw.to('FindKin')[0]!.body).toMatchObject({ SearchKey: 'R5' });
    expect(gw.to('GetKinBorrowing')[0]!.body).toEqual({ UserID: 5, OverdueOnly: false, Page: 1, Rows: 500 });
    expect(within(screen.getByTestId('family-child-5')).getByText('T1')).toBeInTheDocument();
    expect(within(screen.getByTestId('family-child-6')).getByText('逾期 4 天')).toBeInTheDocument();
    expect(within(screen.getByTestId('family-child-8')).getByText('无')).toBeInTheDocument();
  });
});

describe('批量设置借阅密码', () => {
  it('previews the ticked readers with a fixed PIN, then starts the job with the same input', async () => {
    const gw = fakeGateway({
      'readers/GetBatchPasswordDepts': () => [{ ID: 3, Name: '三年级1班' }],
      'readers/GetBatchPasswordReaders': () => ({ List: [{ ID: 5, Name: '李一', ReaderID: 'R5', Identity: 'student', ClassName: '三年级1班', CanSignIn: false, HasPin: false }], Total: 1 }),
      'readers/PreviewBatchBorrowPassword': () => ({ Total: 1, Changes: 1, Skipped: [], SkippedTotal: 0 }),
      'readers/BatchBorrowPassword': () => ({ DataID: 'job-1', Changes: 1 }),
    });
    renderKit(<BatchPinScreen />);
    const grid = await screen.findByTestId('batch-grid');
    fireEvent.click(within(await within(grid).findByRole('row', { name: /R5/ })).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('batch-rule-fixed'));
    fireEvent.change(screen.getByTestId('batch-secret'), { target: { value: '2468' } });
    fireEvent.click(screen.getByTestId('batch-preview'));
    expect(await screen.findByText('共选中 1 位读者：将修改 1 位，0 位保持不变。')).toBeInTheDocument();
    const sent = { UserIDs: [5], Rule: 'fixed', PinLength: 6, Pin: '2468' };
    expect(gw.to('PreviewBatchBorrowPassword')[0]!.body).toEqual(sent);
    fireEvent.click(screen.getByTestId('batch-start'));
    fireEvent.click(await screen.findByTestId('batch-confirm-ok'));
    expect(await screen.findByTestId('batch-started')).toHaveTextContent('已开始：1 位读者');
    expect(gw.to('readers/BatchBorrowPassword')[0]!.body).toEqual(sent);
  });
});

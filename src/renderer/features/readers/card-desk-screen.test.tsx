import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Reader } from '../../../shared/api/readers.ts';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { fakeGateway, refuse } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import CardDeskScreen from './card-desk-screen.tsx';

const base: Reader = {
  ID: 7, Account: 'a7', Name: '王芳', ReaderID: 'R7', Identity: 'student', DeptID: null, DeptName: '一年级1班', Status: 'active', Sex: 'female',
  Birthday: null, Phone: '139****5678', Email: '', Deposit: 50, ExpireAt: '2030-08-31', Roles: '读者', Photo: '', PhotoUrl: '', UpdateTime: '2026-01-01T00:00:00Z',
};

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['people.cards.issue'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('card desk', () => {
  it('opens the exact card match, reports it lost, and then only offers replace', async () => {
    const gw = fakeGateway({
      'user/getUserList': () => ({ List: [{ ...base, ID: 8, ReaderID: 'R77', Name: '王芳芳' }, base], Total: 2 }),
      'ReaderCard/History': () => ({ List: [], Total: 0 }),
      'ReaderCard/ReportLost': () => ({ ...base, Status: 'lost', UpdateTime: '2026-01-02T00:00:00Z' }),
    });
    renderKit(<CardDeskScreen />);
    fireEvent.change(screen.getByTestId('desk-search'), { target: { value: 'r7' } });
    fireEvent.click(screen.getByTestId('desk-find'));
    expect(await screen.findByTestId('card-number')).toHaveTextContent('R7');
    expect(screen.getByTestId('card-status')).toHaveTextContent('正常');
    fireEvent.click(screen.getByTestId('desk-lost'));
    fireEvent.click(await screen.findByTestId('card-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('card-status')).toHaveTextContent('挂失'));
    expect(gw.to('ReaderCard/ReportLost')[0]!.body).toMatchObject({ ID: 7 });
    expect(screen.getByTestId('desk-issue')).toBeDisabled();
    expect(screen.getByTestId('desk-replace')).toBeEnabled();
    expect(screen.getByTestId('desk-lost')).toBeDisabled();
  });

  it('lists several hits to choose from and keeps a refusal in the dialog', async () => {
    fakeGateway({
      'user/getUserList': () => ({ List: [base, { ...base, ID: 8, ReaderID: 'R8', Name: '王芳芳' }], Total: 2 }),
      'ReaderCard/History': () => ({ List: [], Total: 0 }),
      'ReaderCard/ReturnDeposit': () => refuse('该读者尚有未还图书，不能退押金'),
    });
    renderKit(<CardDeskScreen />);
    fireEvent.change(screen.getByTestId('desk-search'), { target: { value: '王芳' } });
    fireEvent.click(screen.getByTestId('desk-find'));
    fireEvent.click(await screen.findByTestId('desk-hit-8'));
    expect(await screen.findByTestId('card-number')).toHaveTextContent('R8');
    fireEvent.click(screen.getByTestId('desk-refund'));
    fireEvent.click(await screen.findByTestId('card-dialog-submit'));
    expect(await screen.findByTestId('card-dialog-error')).toHaveTextContent('该读者尚有未还图书');
  });

  it('hides the actions without the issuing key', async () => {
    sessionStore.setMenus({ Menus: [], Operations: [], MenuVersion: 'new' });
    fakeGateway({ 'user/getUserList': () => ({ List: [base], Total: 1 }), 'ReaderCard/History': () => ({ List: [], Total: 0 }) });
    renderKit(<CardDeskScreen />);
    fireEvent.change(screen.getByTestId('desk-search'), { target: { value: 'R7' } });
    fireEvent.click(screen.getByTestId('desk-find'));
    expect(await screen.findByTestId('card-panel')).toBeInTheDocument();
    expect(screen.queryByTestId('desk-issue')).toBeNull();
  });
});

import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { branchResource, branchRows, setupKitI18n } from '../testing/branch-fixture.ts';
import { fakeGateway } from '../testing/fake-gateway.ts';
import { renderKit } from '../testing/render-kit.tsx';
import { CrudScreen } from './crud-screen.tsx';

beforeAll(setupKitI18n);
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

const gateway = () =>
  fakeGateway({
    'Branch/GetList': () => ({ List: branchRows, Total: 2 }),
    'Branch/Add': (b) => ({ ...b, ID: 3, InUse: false, UpdateTime: '2026-02-01T00:00:00Z' }),
    'Branch/Update': (b) => ({ ...branchRows[1], ...b }),
  });

describe('CrudScreen', () => {
  it('validates with the gateway schema; an i18n-key message is shown translated in both languages', async () => {
    const gw = gateway();
    renderKit(<CrudScreen config={{ resource: branchResource, filters: [] }} />);
    fireEvent.click(await screen.findByTestId('crud-add'));
    expect(await screen.findByText('新增分馆')).toBeInTheDocument();
    expect(screen.getByTestId('field-Name')).toHaveFocus();
    fireEvent.change(screen.getByTestId('field-Code'), { target: { value: 'bad code' } });
    fireEvent.click(screen.getByTestId('kit-form-submit'));
    expect(await screen.findByText('请输入名称')).toBeInTheDocument();
    expect(screen.getByText('代码只能包含大写字母和数字')).toBeInTheDocument();
    await act(() => changeLanguage('en-US'));
    expect(await screen.findByText('Please enter the name')).toBeInTheDocument();
    expect(screen.getByText('The code may only hold capitals and digits')).toBeInTheDocument();
    expect(gw.to('Branch/Add')).toHaveLength(0);
  });

  it('creates with defaultEntry and beforeSave, then closes and refreshes the list', async () => {
    const gw = gateway();
    renderKit(
      <CrudScreen config={{ resource: branchResource, defaultEntry: { Kind: 'class' }, beforeSave: (v) => ({ ...v, Code: String(v.Code).toUpperCase() }) }} />,
    );
    fireEvent.click(await screen.findByTestId('crud-add'));
    fireEvent.change(await screen.findByTestId('field-Name'), { target: { value: '三年级图书角' } });
    fireEvent.change(screen.getByTestId('field-Code'), { target: { value: 'C3' } });
    fireEvent.submit(screen.getByTestId('kit-form'));
    await waitFor(() => expect(gw.to('Branch/Add')).toHaveLength(1));
    expect(gw.to('Branch/Add')[0]!.body).toEqual({ Name: '三年级图书角', Code: 'C3', Kind: 'class', Open: true });
    await waitFor(() => expect(screen.queryByTestId('kit-form-dialog')).toBeNull());
    await waitFor(() => expect(gw.to('Branch/GetList').length).toBeGreaterThan(1));
  });

  it('opens the detail pane on a row and edits from there (update carries the id)', async () => {
    const gw = gateway();
    renderKit(<CrudScreen config={{ resource: branchResource }} />);
    fireEvent.click(await screen.findByText('一年级图书角'));
    const detail = await screen.findByTestId('kit-detail');
    expect(detail).toHaveTextContent('C1');
    expect(detail).toHaveTextContent('班级');
    fireEvent.click(screen.getAllByTestId('crud-edit-2').at(-1)!);
    const name = await screen.findByTestId('field-Name');
    expect(name).toHaveValue('一年级图书角');
    fireEvent.change(name, { target: { value: '一年级书角' } });
    fireEvent.submit(screen.getByTestId('kit-form'));
    await waitFor(() => expect(gw.to('Branch/Update')).toHaveLength(1));
    expect(gw.to('Branch/Update')[0]!.body).toEqual({ ID: 2, Name: '一年级书角', Code: 'C1', Kind: 'class', Open: true });
  });

  it('disables delete for a row in use', async () => {
    gateway();
    renderKit(<CrudScreen config={{ resource: branchResource }} />);
    expect(await screen.findByTestId('crud-delete-1')).toBeDisabled();
    expect(screen.getByTestId('crud-delete-2')).toBeEnabled();
  });
});

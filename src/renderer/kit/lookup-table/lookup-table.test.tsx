import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '../../lib/session-store.ts';
import { branchResource, branchRows, setupKitI18n, type Branch } from '../testing/branch-fixture.ts';
import { fakeGateway, refuse } from '../testing/fake-gateway.ts';
import { renderKit } from '../testing/render-kit.tsx';
import { LookupTable } from './lookup-table.tsx';

beforeAll(setupKitI18n);
beforeEach(() => sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' }));

function gateway(overrides: Record<string, (b: Record<string, unknown>) => unknown> = {}) {
  let rows: Branch[] = branchRows.map((r) => ({ ...r }));
  return fakeGateway({
    'Branch/GetList': () => ({ List: rows, Total: rows.length }),
    'Branch/Add': (b) => {
      const row = { ...(b as Omit<Branch, 'ID' | 'InUse' | 'UpdateTime'>), ID: 9, InUse: false, UpdateTime: '2026-02-01T00:00:00Z' };
      rows = [...rows, row];
      return row;
    },
    'Branch/Update': (b) => {
      rows = rows.map((r) => (r.ID === b.ID ? { ...r, ...b } : r));
      return rows.find((r) => r.ID === b.ID);
    },
    'Branch/Delete': (b) => {
      rows = rows.filter((r) => r.ID !== b.ID);
      return null;
    },
    ...overrides,
  });
}

const mount = () => renderKit(<LookupTable config={{ resource: branchResource, readOnlyFields: ['UpdateTime'] }} />);
const cellInput = (rowId: string | number, field: string) =>
  within(document.querySelector(`[data-id="${rowId}"] [data-field="${field}"]`) as HTMLElement).getByRole('textbox');

describe('LookupTable', () => {
  it('lists rows with translated headers and a read-only last-updated column', async () => {
    gateway();
    mount();
    expect(await screen.findByText('一年级图书角')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '名称' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '最后更新' })).toBeInTheDocument();
    expect(screen.getAllByText('班级').length).toBeGreaterThan(0);
  });

  it('add → Enter saves: create gets the parsed input (trimmed, defaults applied)', async () => {
    const gw = gateway();
    mount();
    await screen.findByText('总馆', { selector: '[data-field="Name"] *, [data-field="Name"]' });
    fireEvent.click(screen.getByTestId('lookup-add'));
    fireEvent.change(await waitFor(() => cellInput('__new__', 'Name')), { target: { value: '  二年级图书角 ' } });
    fireEvent.change(cellInput('__new__', 'Code'), { target: { value: 'C2' } });
    fireEvent.keyDown(cellInput('__new__', 'Code'), { key: 'Enter' });
    await waitFor(() => expect(gw.to('Branch/Add')).toHaveLength(1));
    expect(gw.to('Branch/Add')[0]!.body).toEqual({ Name: '二年级图书角', Code: 'C2', Kind: 'main', Open: true });
    expect(await screen.findByText('二年级图书角')).toBeInTheDocument();
    expect(document.querySelector('[data-id="__new__"]')).toBeNull();
  });

  it('edits in place and saves with the Save button; update gets the id', async () => {
    const gw = gateway();
    mount();
    await screen.findByText('一年级图书角');
    fireEvent.click(screen.getByTestId('row-edit-2'));
    fireEvent.change(await waitFor(() => cellInput(2, 'Name')), { target: { value: '一年级书角' } });
    fireEvent.click(screen.getByTestId('row-save-2'));
    await waitFor(() => expect(gw.to('Branch/Update')).toHaveLength(1));
    expect(gw.to('Branch/Update')[0]!.body).toMatchObject({ ID: 2, Name: '一年级书角', Code: 'C1' });
    expect(await screen.findByText('一年级书角')).toBeInTheDocument();
  });

  it('Escape cancels: nothing is sent and the old value is back', async () => {
    const gw = gateway();
    mount();
    await screen.findByText('一年级图书角');
    fireEvent.click(screen.getByTestId('row-edit-2'));
    const input = await waitFor(() => cellInput(2, 'Name'));
    fireEvent.change(input, { target: { value: 'changed' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(await screen.findByText('一年级图书角')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('changed')).toBeNull();
    expect(gw.to('Branch/Update')).toHaveLength(0);
  });

  it('an invalid row is not sent; the translated reason shows and the typed values stay', async () => {
    const gw = gateway();
    mount();
    await screen.findByText('一年级图书角');
    fireEvent.click(screen.getByTestId('lookup-add'));
    fireEvent.change(await waitFor(() => cellInput('__new__', 'Code')), { target: { value: 'lower' } });
    fireEvent.keyDown(cellInput('__new__', 'Code'), { key: 'Enter' });
    expect(await screen.findByTestId('lookup-row-error')).toHaveTextContent('请输入名称');
    expect(screen.getByTestId('lookup-row-error')).toHaveTextContent('代码只能包含大写字母和数字');
    expect(cellInput('__new__', 'Code')).toHaveValue('lower');
    expect(gw.to('Branch/Add')).toHaveLength(0);
  });

  it('shows the server refusal and keeps what the user typed in the row', async () => {
    gateway({ 'Branch/Update': () => refuse('名称已存在') });
    mount();
    await screen.findByText('一年级图书角');
    fireEvent.click(screen.getByTestId('row-edit-2'));
    fireEvent.change(await waitFor(() => cellInput(2, 'Name')), { target: { value: '总馆' } });
    fireEvent.click(screen.getByTestId('row-save-2'));
    expect(await screen.findByTestId('lookup-row-error')).toHaveTextContent('名称已存在');
    expect(cellInput(2, 'Name')).toHaveValue('总馆');
  });

  it('deletes after confirmation; Cancel deletes nothing', async () => {
    const gw = gateway();
    mount();
    await screen.findByText('一年级图书角');
    fireEvent.click(screen.getByTestId('row-delete-2'));
    expect(await screen.findByTestId('kit-confirm')).toHaveTextContent('一年级图书角');
    fireEvent.click(screen.getByTestId('kit-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('kit-confirm')).toBeNull());
    expect(gw.to('Branch/Delete')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('row-delete-2'));
    fireEvent.click(await screen.findByTestId('kit-confirm-ok'));
    await waitFor(() => expect(gw.to('Branch/Delete')).toHaveLength(1));
    expect(gw.to('Branch/Delete')[0]!.body).toEqual({ ID: 2 });
    await waitFor(() => expect(screen.queryByText('一年级图书角')).toBeNull());
  });

  it('a row in use cannot be deleted; a server refusal stays in the dialog', async () => {
    const gw = gateway({ 'Branch/Delete': () => refuse('该分馆下还有馆藏') });
    mount();
    await screen.findByText('一年级图书角');
    expect(screen.getByTestId('row-delete-1')).toBeDisabled();
    expect(screen.getByTestId('row-in-use-1')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('row-delete-2'));
    fireEvent.click(await screen.findByTestId('kit-confirm-ok'));
    expect(await screen.findByTestId('kit-confirm-error')).toHaveTextContent('该分馆下还有馆藏');
    expect(gw.to('Branch/Delete')).toHaveLength(1);
  });

  it('hides add without the operation key', async () => {
    sessionStore.setMenus({ Menus: [], Operations: [], MenuVersion: 'new' });
    gateway();
    mount();
    await screen.findByText('一年级图书角');
    expect(screen.queryByTestId('lookup-add')).toBeNull();
  });
});

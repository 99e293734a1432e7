import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Reader, ReaderDetail } from '../../../shared/api/readers.ts';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { fakeGateway, refuse } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import ReaderListScreen from './reader-list-screen.tsx';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const OLD_URL = '/micro/library/web1.0/Upload/GetImage?School=1&ID=old.png&Expires=1&Sig=old';
const NEW_URL = '/micro/library/web1.0/Upload/GetImage?School=1&ID=new.png&Expires=1&Sig=new';

const student: Reader = {
  ID: 7, Account: 'a7', Name: '王芳', ReaderID: 'R7', Identity: 'student', DeptID: null, DeptName: '一年级1班', Status: 'active', Sex: 'female',
  Birthday: null, Phone: '13912345678', Email: '', Deposit: 0, ExpireAt: '2030-08-31', Roles: '读者', Photo: '00000000-0000-4000-8000-000000000001.png', PhotoUrl: OLD_URL, UpdateTime: '2026-01-01T00:00:00Z',
};
const parent: Reader = { ...student, ID: 9, Account: 'p9', Name: '王建国', ReaderID: 'P9', Identity: 'parent', Photo: '', PhotoUrl: '', Roles: '' };
const link = (r: Reader) => ({ ID: r.ID, Name: r.Name, ReaderID: r.ReaderID, Phone: r.Phone });

function gateway(extra: Record<string, (b: Record<string, unknown>) => unknown> = {}) {
  const details: Record<number, ReaderDetail> = {
    7: { ...student, Parents: [], Children: [] },
    9: { ...parent, Parents: [], Children: [link(student)] },
  };
  return fakeGateway({
    'user/getUserList': () => ({ List: [student, parent], Total: 2 }),
    'Readers/GetReader': (b) => details[b.ID as number],
    'Readers/GetDeptOptions': () => [],
    'Readers/UpdateReader': (b) => ({ ...student, ...b }),
    'upload/uploadImage': () => ({ FileID: '00000000-0000-4000-8000-000000000002.png', Url: NEW_URL }),
    'user/getUserSimpleAll': () => [{ ID: 9, Name: '王建国', ReaderID: 'P9', Identity: 'parent', DeptID: null }],
    'StudentParents/updateStudentParents': (b) => {
      details[7] = { ...details[7]!, Parents: (b.ParentIDs as number[]).includes(9) ? [link(parent)] : [] };
      return { StudentID: 7, Parents: details[7].Parents };
    },
    ...extra,
  });
}

const file = (name: string, bytes: Uint8Array | number, type: string) =>
  new File([typeof bytes === 'number' ? new Uint8Array(bytes) : new Uint8Array(bytes)], name, { type });
// The renderer has no Buffer: base64 the way the browser would.
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

describe('reader photo field', () => {
  it('shows the stored photo, uploads a replacement and saves its id', async () => {
    const gw = gateway();
    renderKit(<ReaderListScreen />);
    fireEvent.click(await screen.findByTestId('crud-edit-7'));
    const field = await screen.findByTestId('photo-field');
    await waitFor(() => expect(within(field).getByTestId('reader-photo-img')).toHaveAttribute('src', expect.stringContaining('Sig=old')));
    expect(within(field).getByTestId('photo-choose')).toHaveTextContent('更换照片');
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file('me.png', PNG, 'image/png')] } });
    await waitFor(() => expect(gw.to('upload/uploadImage')).toHaveLength(1));
    expect(gw.to('upload/uploadImage')[0]!.body).toEqual({ FileName: 'me.png', Content: base64(PNG) });
    await waitFor(() => expect(within(field).getByTestId('reader-photo-img')).toHaveAttribute('src', expect.stringContaining('Sig=new')));
    fireEvent.submit(screen.getByTestId('kit-form'));
    await waitFor(() => expect(gw.to('Readers/UpdateReader')).toHaveLength(1));
    expect(gw.to('Readers/UpdateReader')[0]!.body).toMatchObject({ ID: 7, Photo: '00000000-0000-4000-8000-000000000002.png' });
  });

  it('removes the photo; refuses a wrong type or a file over 2 MB before uploading', async () => {
    const gw = gateway();
    renderKit(<ReaderListScreen />);
    fireEvent.click(await screen.findByTestId('crud-edit-7'));
    await screen.findByTestId('photo-remove');
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file('me.gif', 10, 'image/gif')] } });
    expect(await screen.findByText('只能上传 JPG 或 PNG 图片')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file('big.jpg', 2 * 1024 * 1024 + 1, 'image/jpeg')] } });
    expect(await screen.findByText('图片不能超过 2 MB')).toBeInTheDocument();
    expect(gw.to('upload/uploadImage')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('photo-remove'));
    expect(screen.queryByTestId('reader-photo-img')).toBeNull();
    expect(screen.getByTestId('photo-choose')).toHaveTextContent('上传照片');
    fireEvent.submit(screen.getByTestId('kit-form'));
    await waitFor(() => expect(gw.to('Readers/UpdateReader')).toHaveLength(1));
    expect(gw.to('Readers/UpdateReader')[0]!.body).toMatchObject({ ID: 7, Photo: '' });
  });

  it('keeps the gateway\'s refusal of an upload next to the field', async () => {
    gateway({ 'upload/uploadImage': () => refuse('图片格式不正确') });
    renderKit(<ReaderListScreen />);
    fireEvent.click(await screen.findByTestId('crud-edit-7'));
    fireEvent.change(await screen.findByTestId('photo-input'), { target: { files: [file('me.png', PNG, 'image/png')] } });
    expect(await screen.findByTestId('photo-help')).toHaveTextContent('图片格式不正确');
  });
});

describe('reader detail: parents, children, roles', () => {
  it('links a parent to a student by search and shows it in the detail', async () => {
    const gw = gateway();
    renderKit(<ReaderListScreen />);
    fireEvent.click(await screen.findByText('王芳'));
    const detail = await screen.findByTestId('reader-detail');
    expect(await within(detail).findByTestId('reader-parents')).toHaveTextContent('未关联家长');
    expect(within(detail).getByTestId('reader-roles')).toHaveTextContent('读者');
    expect(within(detail).getByTestId('reader-roles-link')).toHaveAttribute('href', '/permission');
    fireEvent.click(within(detail).getByTestId('parents-edit'));
    const search = within(detail).getByTestId('parent-search');
    fireEvent.change(search, { target: { value: '王建' } });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: /王建国/ }));
    fireEvent.click(within(detail).getByTestId('parents-save'));
    await waitFor(() => expect(gw.to('StudentParents/updateStudentParents')).toHaveLength(1));
    expect(gw.to('StudentParents/updateStudentParents')[0]!.body).toEqual({ StudentID: 7, ParentIDs: [9] });
    await waitFor(() => expect(within(detail).getByTestId('reader-parents')).toHaveTextContent('王建国 · P9'));
    expect(gw.to('user/getUserSimpleAll').map((c) => c.body)).toContainEqual({ Identity: 'parent', SearchKey: '王建' });
  });

  it('lists a parent\'s children and offers no parent picker; read-only without the edit key', async () => {
    sessionStore.setMenus({ Menus: [], Operations: ['people.readers.view'], MenuVersion: 'new' });
    gateway();
    renderKit(<ReaderListScreen />);
    fireEvent.click(await screen.findByText('王建国'));
    const detail = await screen.findByTestId('reader-detail');
    expect(await within(detail).findByTestId('reader-children')).toHaveTextContent('王芳 · R7');
    expect(within(detail).queryByTestId('parents-edit')).toBeNull();
    expect(within(detail).getByTestId('reader-roles')).toHaveTextContent('无角色');
  });

  it('shows the student\'s parents read-only without the edit key, in English too', async () => {
    sessionStore.setMenus({ Menus: [], Operations: ['people.readers.view'], MenuVersion: 'new' });
    await changeLanguage('en-US');
    gateway();
    renderKit(<ReaderListScreen />);
    fireEvent.click(await screen.findByText('王芳'));
    const detail = await screen.findByTestId('reader-detail');
    expect(await within(detail).findByTestId('reader-parents')).toHaveTextContent('No parents linked');
    expect(within(detail).queryByTestId('parents-edit')).toBeNull();
    expect(within(detail).getByTestId('reader-roles-link')).toHaveTextContent('Assign roles under Permissions');
  });
});

import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { branchResource, setupKitI18n } from '../testing/branch-fixture.ts';
import { fakeGateway, refuse } from '../testing/fake-gateway.ts';
import { renderKit } from '../testing/render-kit.tsx';
import { ImportDialog } from './import-dialog.tsx';
import type { ImportPreview } from '../../../shared/api/import.ts';

beforeAll(setupKitI18n);
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

const preview: ImportPreview = {
  Token: 'tok-1',
  Rows: [
    { RowNo: 2, Action: 'create', Reasons: [], Data: { Name: '三年级图书角', Code: 'C3', Kind: 'class' } },
    { RowNo: 3, Action: 'update', Reasons: [], Data: { Name: '总馆', Code: 'MAIN', Kind: 'main' } },
    { RowNo: 4, Action: 'reject', Reasons: ['kittest:code.format'], Data: { Name: '四年级', Code: 'c4' } },
    { RowNo: 5, Action: 'reject', Reasons: ['kit:import.reasons.duplicateInFile', '服务器的原话'], Data: { Name: '三年级图书角', Code: 'C3' } },
  ],
  Summary: { Create: 1, Update: 1, Reject: 2 },
};

function gateway(commit: () => unknown = () => ({ Rows: [{ RowNo: 2, Action: 'created', ID: 3, Reasons: [] }, { RowNo: 3, Action: 'updated', ID: 1, Reasons: [] }], Summary: { Created: 1, Updated: 1, Rejected: 0 } })) {
  return fakeGateway({ 'Branch/ImportPreview': () => preview, 'Branch/ImportCommit': commit });
}

const xlsx = (name = 'branches.xlsx') => new File([new Uint8Array([80, 75, 3, 4])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function toPreview() {
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [xlsx()] } });
  expect(screen.getByTestId('import-file-name')).toHaveTextContent('branches.xlsx');
  fireEvent.click(screen.getByTestId('import-preview-button'));
  return screen.findByTestId('import-preview');
}

describe('ImportDialog', () => {
  it('previews row by row what will be created, updated or rejected and why; nothing is committed yet', async () => {
    const gw = gateway();
    renderKit(<ImportDialog resource={branchResource} onClose={() => {}} />);
    await toPreview();
    expect(gw.to('ImportPreview')[0]!.body).toEqual({ FileName: 'branches.xlsx', Content: 'UEsDBA==', Mode: 'upsert' });
    expect(screen.getByTestId('import-count-create')).toHaveTextContent('新增 1');
    expect(screen.getByTestId('import-count-update')).toHaveTextContent('更新 1');
    expect(screen.getByTestId('import-count-reject')).toHaveTextContent('拒绝 2');
    expect(screen.getByText('代码只能包含大写字母和数字')).toBeInTheDocument();
    expect(screen.getByText('文件中重复出现同一条目; 服务器的原话')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('import-count-reject'));
    await waitFor(() => expect(screen.queryByText('C3', { selector: '[role="gridcell"]' })).toBeInTheDocument());
    expect(screen.queryByText('MAIN')).toBeNull();
    expect(gw.to('ImportCommit')).toHaveLength(0);
  });

  it('Confirm commits exactly the previewed token and shows what changed', async () => {
    const gw = gateway();
    renderKit(<ImportDialog resource={branchResource} onClose={() => {}} />);
    await toPreview();
    fireEvent.click(screen.getByTestId('import-confirm'));
    expect(await screen.findByTestId('import-result-summary')).toHaveTextContent('完成：新增 1 行，更新 1 行，拒绝 0 行。');
    expect(gw.to('ImportCommit').map((c) => c.body)).toEqual([{ Token: 'tok-1' }]);
  });

  it('Cancel after the preview calls nothing more', async () => {
    const gw = gateway();
    const onClose = vi.fn();
    renderKit(<ImportDialog resource={branchResource} onClose={onClose} />);
    await toPreview();
    fireEvent.click(screen.getByTestId('import-cancel'));
    expect(onClose).toHaveBeenCalled();
    expect(gw.calls.map((c) => c.path.split('/').pop())).toEqual(['ImportPreview']);
  });

  it('refuses a non-.xlsx file without calling the gateway, and shows a commit refusal', async () => {
    const gw = gateway(() => refuse('预览已过期，请重新导入'));
    renderKit(<ImportDialog resource={branchResource} onClose={() => {}} />);
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [xlsx('branches.csv')] } });
    fireEvent.click(screen.getByTestId('import-preview-button'));
    expect(await screen.findByTestId('import-error')).toHaveTextContent('只能导入 Excel .xlsx 文件');
    expect(gw.calls).toHaveLength(0);
    await toPreview();
    fireEvent.click(screen.getByTestId('import-confirm'));
    expect(await screen.findByTestId('import-error')).toHaveTextContent('预览已过期，请重新导入');
  });
});

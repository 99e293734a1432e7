import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { fakeGateway } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import { GeneratePositionsDialog } from './generate-positions-dialog.tsx';
import { ThemePreview } from './theme-preview.tsx';

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

const shelf = (ID: number, Code: string) => ({
  ID, Code, AreaID: 1, AreaName: '中文图书区', ShelfAreaID: null, ShelfAreaName: '', Name: '', WidthCm: 80, Faces: 2, Layers: 5, Columns: 1, Sort: 0, PositionCount: 0,
});
const shelves = [shelf(7, 'A01'), shelf(8, 'A02')];

async function pickShelf(id: number) {
  const combo = within(screen.getByTestId('generate-shelves').parentElement!).getByRole('combobox');
  fireEvent.mouseDown(combo);
  fireEvent.click(await screen.findByTestId(`shelf-option-${id}`));
  fireEvent.keyDown(await screen.findByRole('listbox'), { key: 'Escape' });
}

describe('GeneratePositionsDialog', () => {
  it('previews (writing nothing), then generates exactly the previewed shelves', async () => {
    const gw = fakeGateway({
      'Shelf/GetList': () => ({ List: shelves, Total: 2 }),
      'ShelfPosition/PreviewGenerate': (b) => (b.ShelfIDs as number[]).map((id) => ({ ShelfID: id, ShelfCode: id === 7 ? 'A01' : 'A02', Total: 10, New: 4, Sample: ['A01-1-1-01'] })),
      'ShelfPosition/Generate': () => ({ Created: 4, Shelves: 1 }),
    });
    renderKit(<GeneratePositionsDialog open onClose={() => {}} />);
    expect(screen.getByTestId('generate-preview-button')).toBeDisabled();
    await pickShelf(7);
    fireEvent.click(screen.getByTestId('generate-preview-button'));
    expect(await screen.findByTestId('generate-summary')).toHaveTextContent('将新增 4 个架位');
    expect(gw.to('ShelfPosition/Generate')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('generate-confirm'));
    await waitFor(() => expect(gw.to('ShelfPosition/Generate')).toHaveLength(1));
    expect(gw.to('ShelfPosition/Generate')[0]!.body).toEqual({ ShelfIDs: [7] });
    expect(await screen.findByText('已生成 4 个架位')).toBeInTheDocument();
  });

  it('a changed selection drops the preview; nothing new disables confirm', async () => {
    fakeGateway({
      'Shelf/GetList': () => ({ List: shelves, Total: 2 }),
      'ShelfPosition/PreviewGenerate': (b) => (b.ShelfIDs as number[]).map((id) => ({ ShelfID: id, ShelfCode: 'A0' + (id - 6), Total: 10, New: 0, Sample: [] })),
    });
    renderKit(<GeneratePositionsDialog open onClose={() => {}} />);
    await pickShelf(7);
    fireEvent.click(screen.getByTestId('generate-preview-button'));
    expect(await screen.findByTestId('generate-summary')).toHaveTextContent('所选书架的架位均已生成');
    expect(screen.getByTestId('generate-confirm')).toBeDisabled();
    await pickShelf(8);
    expect(screen.queryByTestId('generate-preview')).not.toBeInTheDocument();
    expect(screen.getByTestId('generate-preview-button')).toBeEnabled();
  });
});

describe('ThemePreview', () => {
  it('paints the header bar with bgColor and ignores a half-typed colour', () => {
    const { rerender } = renderKit(<ThemePreview theme={{ bgColor: '#224466', btColor: '#3366aa' }} schoolName="一中" />);
    expect(screen.getByTestId('theme-preview-bar')).toHaveStyle({ backgroundColor: '#224466' });
    expect(screen.getByText('一中')).toBeInTheDocument();
    rerender(<ThemePreview theme={{ bgColor: '#22', btColor: '#3366aa' }} schoolName="" />);
  });
});

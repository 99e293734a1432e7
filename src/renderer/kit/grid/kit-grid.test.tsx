import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n.ts';
import { setupKitI18n } from '../testing/branch-fixture.ts';
import { renderKit } from '../testing/render-kit.tsx';
import { KitGrid } from './kit-grid.tsx';

beforeAll(setupKitI18n);
beforeEach(async () => {
  await changeLanguage('zh-CN');
});

const rows = (n: number, from = 1) => Array.from({ length: n }, (_, k) => ({ id: from + k, name: `第 ${from + k} 行` }));
const grid = (p: { rows: { id: number; name: string }[]; total: number; totalExact?: boolean; page?: number }) => (
  <KitGrid rows={p.rows} total={p.total} totalExact={p.totalExact} loading={false} error={null} onRetry={() => undefined}
    pagination={{ page: p.page ?? 0, pageSize: 20 }} onPaginationChange={() => undefined} columns={[{ field: 'name', headerName: '名称' }]} />
);
const next = () => screen.getByRole('button', { name: /下一页|next page/i });

describe('KitGrid totals', () => {
  it('an exact total: the pager says "of" it and knows the last page', async () => {
    renderKit(grid({ rows: rows(20), total: 45 }));
    expect(await screen.findByText('1–20 共 45')).toBeInTheDocument();
    expect(next()).toBeEnabled();
  });

  it('an open total (the gateway stopped counting): "more than" in both languages, and a next page while pages come back full', async () => {
    const view = renderKit(grid({ rows: rows(20), total: 1000, totalExact: false }));
    expect(await screen.findByText('1–20，共 1,000 条以上')).toBeInTheDocument();
    expect(next()).toBeEnabled();
    await act(() => changeLanguage('en-US'));
    expect(await screen.findByText('1–20 of more than 1,000')).toBeInTheDocument();
    // Past the bound: a full page may have a next one; a short page is the last, and gives the count.
    view.unmount();
    const deep = renderKit(grid({ rows: rows(20, 1001), total: 1000, totalExact: false, page: 50 }));
    expect(await screen.findByText('1,001–1,020 of more than 1,000')).toBeInTheDocument();
    expect(next()).toBeEnabled();
    deep.unmount();
    renderKit(grid({ rows: rows(7, 1021), total: 1000, totalExact: false, page: 51 }));
    expect(await screen.findByText('1,021–1,027 of 1,027')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });
});

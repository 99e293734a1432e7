import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { branchResource, branchRows, setupKitI18n } from '../testing/branch-fixture.ts';
import { fakeGateway } from '../testing/fake-gateway.ts';
import { renderKit } from '../testing/render-kit.tsx';
import { SearchList } from './search-list.tsx';

beforeAll(setupKitI18n);
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  await changeLanguage('zh-CN');
});

const config = { resource: branchResource };

describe('SearchList', () => {
  it('keeps the filters in the URL and restores them on reload', async () => {
    const gw = fakeGateway({ 'Branch/GetList': () => ({ List: branchRows, Total: 45 }) });
    const first = renderKit(<SearchList config={config} />, '/kit?Kind=class&Page=2');
    await screen.findByText('总馆', { selector: '[data-field="Name"]' });
    expect(gw.to('Branch/GetList')[0]!.body).toEqual({ Page: 2, Rows: 20, Kind: 'class' });
    fireEvent.change(screen.getByTestId('field-SearchKey'), { target: { value: '图书角' } });
    fireEvent.click(screen.getByTestId('kit-search'));
    await waitFor(() => expect(first.router.state.location.search).toBe(`?Kind=class&SearchKey=${encodeURIComponent('图书角')}`));
    await waitFor(() => expect(gw.to('Branch/GetList').at(-1)!.body).toEqual({ Page: 1, Rows: 20, Kind: 'class', SearchKey: '图书角' }));
    const url = first.router.state.location.pathname + first.router.state.location.search;
    first.unmount();

    const callsBefore = gw.calls.length;
    renderKit(<SearchList config={config} />, url);
    expect(await screen.findByTestId('field-SearchKey')).toHaveValue('图书角');
    expect(screen.getByTestId('kit-filters')).toHaveTextContent('班级');
    await waitFor(() => expect(gw.calls.length).toBeGreaterThan(callsBefore));
    expect(gw.calls.at(-1)!.body).toEqual({ Page: 1, Rows: 20, Kind: 'class', SearchKey: '图书角' });
  });

  it('pages through the URL and Reset clears the filters', async () => {
    fakeGateway({ 'Branch/GetList': () => ({ List: branchRows, Total: 45 }) });
    const { router } = renderKit(<SearchList config={config} />, '/kit?SearchKey=x');
    await screen.findByText('总馆', { selector: '[data-field="Name"]' });
    fireEvent.click(screen.getByRole('button', { name: /下一页|next page/i }));
    await waitFor(() => expect(router.state.location.search).toBe('?Page=2&SearchKey=x'));
    fireEvent.click(screen.getByTestId('kit-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the empty state, and the error state with a working retry', async () => {
    let fail = true;
    fakeGateway({
      'Branch/GetList': () => {
        if (fail) return { broken: true };
        return { List: [], Total: 0 };
      },
    });
    renderKit(<SearchList config={config} />);
    // A reply that breaks the contract is an error, not an empty list.
    expect(await screen.findByTestId('kit-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByTestId('kit-retry'));
    expect(await screen.findByTestId('kit-empty')).toHaveTextContent('暂无数据');
  });
});

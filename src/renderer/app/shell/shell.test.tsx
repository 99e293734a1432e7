import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { configureApiClient } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { jobsStore } from '../../lib/jobs-store.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { AppProviders } from '../app-providers.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { tabsStore } from './tabs-store.ts';

const env = (data: unknown) => ({ code: 0, success: true, message: '', data });
const job = (p: number, file = '') => ({
  ID: 1, DataID: 'D1', FileName: 'readers.xlsx', OperationType: 'exportReaders', Progress: p, DataCount: 3,
  State: p >= 3 && file ? 2 : 1, ResultFile: file, Message: '', CreateTime: '2026-01-01T00:00:00Z',
});

let progressCalls = 0;
let ticketRequests: unknown[] = [];

function renderShell(initial = '/data-analysis') {
  const page = (name: string) => <div data-testid={`page-${name}`}>{name}</div>;
  const router = createMemoryRouter(
    [
      {
        element: <AdminLayout />,
        children: ['/data-analysis', '/process', '/setting', '/iframe', '/redirect'].map((path) => ({ path, element: page(path) })),
      },
      { path: '/auth', element: page('auth') },
    ],
    { initialEntries: [initial] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const tabPaths = () => screen.getAllByRole('tab').map((t) => t.getAttribute('data-testid')?.replace(/^tab-/, ''));

beforeEach(async () => {
  initI18n('zh-CN');
  await changeLanguage('zh-CN');
  sessionStorage.clear();
  tabsStore.reset();
  jobsStore.reset();
  progressCalls = 0;
  ticketRequests = [];
  sessionStore.setToken({ token_type: 'Bearer', access_token: 't', refresh_token: 'r', expires_in: 3600 });
  sessionStore.setUser({
    UserID: 1, Account: 'admin', Name: '管理员', SchoolID: 1, SchoolName: '实验小学', SchoolEnName: 'Demo School', SchoolCode: 'S1',
    Identity: 'teacher', Roles: [], Language: 'zh-CN', PasswordPolicy: 'basic',
  });
  sessionStore.setMenus({ Menus: [], Operations: [], MenuVersion: 'new' });
  configureApiClient({
    baseUrl: 'http://gw.test',
    strict: true,
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const path = new URL(req.url).pathname;
      let data: unknown = null;
      if (path.endsWith('/Config/GetProgressList')) data = { List: [], Total: 0 };
      else if (path.endsWith('/Config/GetProgress')) {
        progressCalls += 1;
        data = progressCalls >= 3 ? job(3, 'readers.xlsx') : job(progressCalls);
      } else if (path.endsWith('/Download/GetTicket')) {
        ticketRequests.push({ body: await req.json(), auth: req.headers.get('authorization') });
        data = { Url: `/micro/library/web1.0/Download/GetFile?Ticket=t${ticketRequests.length}`, ExpiresIn: 30 };
      } else if (path.endsWith('/WebPlat/Language')) data = { Language: 'en-US' };
      return new Response(JSON.stringify(env(data)), { headers: { 'content-type': 'application/json' } });
    },
  });
});
afterEach(() => {
  sessionStorage.clear();
});

describe('admin shell', () => {
  it('without a session goes through sign-in and comes back', async () => {
    sessionStore.clear();
    const router = renderShell('/process');
    await screen.findByTestId('page-auth');
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/process')}`);
  });

  it('tab bar: visited views, close others, close all', async () => {
    const router = renderShell();
    expect(await screen.findByTestId('school-name')).toHaveTextContent('实验小学');
    for (const p of ['/process', '/setting', '/iframe']) await act(() => router.navigate(p));
    await waitFor(() => expect(tabPaths()).toEqual(['/data-analysis', '/process', '/setting', '/iframe']));

    // Right click on /setting -> close others: keeps it (and the pinned home) and opens it.
    fireEvent.contextMenu(screen.getByTestId('tab-/setting'));
    fireEvent.click(await screen.findByTestId('tab-action-close-others'));
    await waitFor(() => expect(tabPaths()).toEqual(['/data-analysis', '/setting']));
    expect(router.state.location.pathname).toBe('/setting');

    // Closing the active tab goes to its neighbour.
    await act(() => router.navigate('/process'));
    await waitFor(() => expect(tabPaths()).toEqual(['/data-analysis', '/setting', '/process']));
    fireEvent.click(screen.getByTestId('tab-close-/process'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting'));

    // Close all: only home is left, and we are there.
    fireEvent.click(screen.getByTestId('tab-actions-button'));
    fireEvent.click(await screen.findByTestId('tab-action-close-all'));
    await waitFor(() => expect(tabPaths()).toEqual(['/data-analysis']));
    expect(router.state.location.pathname).toBe('/data-analysis');
  });

  it('tab refresh bounces through /redirect', async () => {
    const router = renderShell('/setting');
    await screen.findByTestId('page-/setting');
    fireEvent.click(screen.getByTestId('tab-action-refresh'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect'));
    expect(router.state.location.search).toBe(`?path=${encodeURIComponent('/setting')}`);
    expect(tabPaths()).not.toContain('/redirect');
  });

  it('language switch changes the shell at once', async () => {
    renderShell();
    expect(await screen.findByTestId('school-name')).toHaveTextContent('实验小学');
    fireEvent.click(within(screen.getByTestId('language-switch')).getByTestId('language-en-US'));
    await waitFor(() => expect(screen.getByTestId('school-name')).toHaveTextContent('Demo School'));
    expect(screen.getByTestId('user-menu-button')).toBeInTheDocument();
    expect(localStorage.getItem('lib.language')).toBe('en-US');
  });

  it('download panel: a started job polls to 100 %; download asks for a fresh ticket at each click', async () => {
    renderShell();
    await screen.findByTestId('download-panel');
    act(() => jobsStore.track('D1'));
    const row = await screen.findByTestId('job-row-D1');
    await waitFor(() => expect(row).toHaveAttribute('data-percent', '100'), { timeout: 5000 });
    const link = await within(row).findByTestId('job-download-D1', {}, { timeout: 3000 });
    // No address sits in the page: the link is a button that gets a single-use ticket when clicked.
    expect(link).not.toHaveAttribute('href');
    expect(row).toHaveTextContent('文件已生成，请点击下载');
    const clicked: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    try {
      fireEvent.click(link);
      await waitFor(() => expect(clicked).toHaveLength(1));
      fireEvent.click(link);
      await waitFor(() => expect(clicked).toHaveLength(2));
    } finally {
      click.mockRestore();
    }
    expect(ticketRequests).toEqual([{ body: { DataID: 'D1' }, auth: 'Bearer t' }, { body: { DataID: 'D1' }, auth: 'Bearer t' }]);
    expect(clicked).toEqual([
      { href: 'http://gw.test/micro/library/web1.0/Download/GetFile?Ticket=t1', download: 'readers.xlsx' },
      { href: 'http://gw.test/micro/library/web1.0/Download/GetFile?Ticket=t2', download: 'readers.xlsx' },
    ]);
    const callsAtDone = progressCalls;
    await new Promise((r) => setTimeout(r, 1200));
    expect(progressCalls).toBe(callsAtDone); // polling stopped
    expect(screen.getByTestId('download-panel-more')).toBeInTheDocument();
  }, 10_000);
});

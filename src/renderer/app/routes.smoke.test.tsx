import '@testing-library/jest-dom/vitest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Menu } from '../../shared/api/auth.ts';
import { configureApiClient } from '../lib/api-client.ts';
import { changeLanguage, initI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { sessionStore } from '../lib/session-store.ts';
import { AppProviders } from './app-providers.tsx';
import { tabsStore } from './shell/tabs-store.ts';
import { buildRoutes, staffRouteDiscovery } from './routes.tsx';
import { screenRegistry } from './screen-registry.ts';

/**
 * Opens every registered route inside the real route tree (as the end-to-end test will), with a
 * fake gateway, and fails on any React/MUI console error or warning.
 */
const env = (data: unknown) => ({ code: 0, success: true, message: '', data });
const replies: Record<string, unknown> = {
  'Config/GetProgressList': { List: [], Total: 0 },
  'Home/GetDashboard': {
    TitleCount: 1, CopyCount: 2, ReaderCount: 3, OnLoanCount: 4, OverdueCount: 5, LoansToday: 6, ReturnsToday: 7,
    LoansByMonth: [{ Month: '2026-01', Count: 3 }, { Month: '2026-02', Count: 5 }],
  },
  'LibNotice/GetNoticeList': { List: [{ ID: 1, Title: '开馆通知', Content: '', PublishTime: '2026-01-01T00:00:00Z', Top: true, Public: true }], Total: 1 },
  'Desktop/GetHomeShortcuts': [{ ID: 1, Url: '/process', MenuName: '下载任务', MenuEnName: 'Downloads', Icon: '', Sort: 1 }],
};

const adminMenus: Menu[] = screenRegistry
  .filter((e) => e.area === 'admin' && e.login)
  .map((e, i) => ({ ID: i + 2, ParentID: 1, MenuName: e.path, MenuEnName: e.path, Url: e.path, Icon: 'MenuBook', Sort: i, Functions: [], External: false }));

const errors: unknown[][] = [];
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(a));
  vi.spyOn(console, 'warn').mockImplementation((...a: unknown[]) => void errors.push(a));
  initI18n('zh-CN');
  sessionStorage.clear();
  sessionStore.setToken({ token_type: 'Bearer', access_token: 't', refresh_token: 'r', expires_in: 3600 });
  sessionStore.setUser({
    UserID: 1, Account: 'admin', Name: '管理员', SchoolID: 1, SchoolName: '实验小学', SchoolEnName: 'Demo School', SchoolCode: 'S1',
    Identity: 'teacher', Roles: [], Language: 'zh-CN', PasswordPolicy: 'strong',
  });
  sessionStore.setMenus({ Menus: [{ ID: 1, ParentID: null, MenuName: '全部', MenuEnName: 'All', Url: '', Icon: 'Home', Sort: 0, Functions: [], External: false }, ...adminMenus], Operations: ['*'], MenuVersion: 'new' });
  configureApiClient({
    baseUrl: 'http://gw.test',
    strict: true,
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const path = new URL(req.url).pathname;
      const key = Object.keys(replies).find((k) => path.endsWith(k));
      return new Response(JSON.stringify(env(key ? replies[key] : null)), { headers: { 'content-type': 'application/json' } });
    },
  });
});
afterAll(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

// These two only bounce elsewhere when a session exists.
const BOUNCING = new Set(['/auth', '/redirect']);

describe('every route renders', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`opens all ${screenRegistry.length} routes (${lang}) without console errors`, async () => {
      await changeLanguage(lang);
      const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/data-analysis'], patchRoutesOnNavigation: staffRouteDiscovery() });
      render(
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>,
      );
      await screen.findByTestId('screen-/data-analysis', {}, { timeout: 10_000 });
      const statuses: Record<string, string> = {};
      for (const [i, entry] of screenRegistry.entries()) {
        // A real session never holds 225 tabs; keeping a few keeps the run fast.
        if (i % 15 === 0) act(() => tabsStore.reset());
        await act(() => router.navigate(entry.path));
        if (BOUNCING.has(entry.path)) {
          await waitFor(() => expect(router.state.location.pathname).toBe('/data-analysis'));
          continue;
        }
        const root = await screen.findByTestId(`screen-${entry.path}`, {}, { timeout: 5000 });
        statuses[entry.path] = root.getAttribute('data-status') ?? '';
        expect(root).toHaveAttribute('data-access', 'allowed');
      }
      expect(Object.keys(statuses)).toHaveLength(screenRegistry.length - BOUNCING.size);
      for (const e of screenRegistry) if (!BOUNCING.has(e.path)) expect(statuses[e.path]).toBe(e.status);
      // Let pending queries settle so late warnings are caught too.
      await act(() => new Promise((r) => setTimeout(r, 50)));
      expect(errors.map((a) => a.map(String).join(' ').slice(0, 300))).toEqual([]);
    // 225 routes on two cores shared with the other test workers: 20–40 s; the limit only catches a hang.
    }, 180_000);
  }
});

import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { render } from '@testing-library/react';
import { i18next } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { ToastHost } from '../../components/toast-host.tsx';

/** Renders a kit screen inside i18n, TanStack Query and a memory router at `url`. */
export function renderKit(ui: ReactNode, url = '/kit') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '/kit', element: ui }], { initialEntries: [url] });
  const view = render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

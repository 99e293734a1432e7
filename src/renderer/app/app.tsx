import { useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { queryClient } from '../lib/query-client.ts';
import { AppProviders } from './app-providers.tsx';
import { buildRoutes, staffRouteDiscovery } from './routes.tsx';

export function App() {
  const [router] = useState(() => createHashRouter(buildRoutes(), { patchRoutesOnNavigation: staffRouteDiscovery() }));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

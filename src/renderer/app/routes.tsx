import { Navigate, type RouteObject } from 'react-router-dom';
import type { ScreenArea, ScreenEntry } from '../components/screen-types.ts';
import { RouteError } from '../components/route-error.tsx';
import { withChunkTimeout } from '../lib/chunk-load.ts';
import { NOT_FOUND_PATH, REDIRECTS, screenRegistry } from './screen-registry.ts';
import { ScreenGate } from './screen-gate.tsx';
import { AdminLayout } from './shell/admin-layout.tsx';
import { screenPreload } from './screen-preload.ts';
import { MinimalLayout } from './shell/minimal-layout.tsx';
import { RootLayout, LoadingScreen } from './shell/root-layout.tsx';

function screenRoute(entry: ScreenEntry): RouteObject {
  return {
    path: entry.path,
    // Paths are verbatim and some differ only in case (/resource-mana/basic-Set/...).
    caseSensitive: true,
    errorElement: <RouteError />,
    lazy: async () => {
      const mod = await withChunkTimeout(entry.load);
      const Screen = mod.default;
      return { Component: () => <ScreenGate entry={entry} Screen={Screen} /> };
    },
  };
}

const layoutOf = (area: ScreenArea): 'admin' | 'portal' | 'guide' | 'public' =>
  area === 'errors' ? 'public' : area;

/** The hash routes, generated from the registry (plus the redirects of routes.json). */
export function buildRoutes(registry: readonly ScreenEntry[] = screenRegistry): RouteObject[] {
  const byLayout = (l: string) => registry.filter((e) => layoutOf(e.area) === l).map(screenRoute);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
        { element: <AdminLayout />, errorElement: <RouteError />, children: byLayout('admin') },
        {
          // Its own chunk: the portal's frame is not part of every first load.
          lazy: async () => {
            const [m] = await Promise.all([import('./shell/portal-layout.tsx'), screenPreload(['search'])]);
            return { Component: m.PortalLayout };
          },
          children: byLayout('portal'),
        },
        {
          lazy: async () => {
            const [m] = await Promise.all([import('./shell/guide-layout.tsx'), screenPreload(['search', 'guide'])]);
            return { Component: m.GuideLayout };
          },
          children: byLayout('guide'),
        },
        { element: <MinimalLayout variant="public" />, children: byLayout('public') },
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

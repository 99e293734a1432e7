import { Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import type { ScreenArea, ScreenEntry } from '../components/screen-types.ts';
import { RouteError } from '../components/route-error.tsx';
import { withChunkTimeout } from '../lib/chunk-load.ts';
import { frontScreens } from './front-screens.ts';
import { NOT_FOUND_PATH, REDIRECTS } from './redirects.ts';
import { ScreenGate } from './screen-gate.tsx';
import { screenPreload } from './screen-preload.ts';
import { MinimalLayout } from './shell/minimal-layout.tsx';
import { RootLayout, LoadingScreen } from './shell/root-layout.tsx';

/** What a screen's route carries for the shell (the tab title): its registry entry. */
export interface ScreenHandle { entry: ScreenEntry }

export function screenRoute(entry: ScreenEntry): RouteObject {
  return {
    path: entry.path,
    // Paths are verbatim and some differ only in case (/resource-mana/basic-Set/...).
    caseSensitive: true,
    errorElement: <RouteError />,
    handle: { entry } satisfies ScreenHandle,
    lazy: async () => {
      const mod = await withChunkTimeout(entry.load);
      const Screen = mod.default;
      return { Component: () => <ScreenGate entry={entry} Screen={Screen} /> };
    },
  };
}

const layoutOf = (area: ScreenArea): 'admin' | 'portal' | 'guide' | 'public' =>
  area === 'errors' ? 'public' : area;

const ROOT_ID = 'root';

/**
 * The hash routes, generated from the registry (plus the redirects of routes.json). The staff
 * routes (the admin frame and its 200 screens, staff-routes.tsx) are not among them: the router
 * adds them the first time a path needs them (`staffRouteDiscovery`), so the portal's and the
 * kiosk's first load carries neither their data nor the admin frame.
 */
export function buildRoutes(): RouteObject[] {
  const byLayout = (l: string) => frontScreens.filter((e) => layoutOf(e.area) === l).map(screenRoute);
  return [
    {
      id: ROOT_ID,
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
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

/** The staff routes' chunk; main.tsx starts it early when the first path is not a front route. */
export const loadStaffRoutes = () => withChunkTimeout(() => import('./staff-routes.tsx'));

/**
 * The router's route discovery, one per router: a path no loaded route matches (or only the
 * catch-all does) brings the staff routes in once; after that the catch-all answers as before.
 */
export function staffRouteDiscovery(): PatchRoutesOnNavigationFunction {
  let added = false;
  return async ({ patch, signal }) => {
    if (added) return;
    const { staffRoute } = await loadStaffRoutes();
    // An overtaken navigation's patch is ignored by the router: the next one adds them.
    if (added || signal.aborted) return;
    patch(ROOT_ID, [staffRoute()]);
    added = true;
  };
}

/** Whether a hash path opens on a front route (else main.tsx starts the staff routes early). */
export function isFrontPath(path: string): boolean {
  return frontScreens.some((e) => e.path === path);
}

import type { RouteObject } from 'react-router-dom';
import { RouteError } from '../components/route-error.tsx';
import { screenRoute } from './routes.tsx';
import { AdminLayout } from './shell/admin-layout.tsx';
import { staffScreens } from './staff-screens.ts';

/** The admin frame with every staff route (and /404): added to the router when first needed. */
export function staffRoute(): RouteObject {
  return { element: <AdminLayout />, errorElement: <RouteError />, children: staffScreens.map(screenRoute) };
}

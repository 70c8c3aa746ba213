import { lazy, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouteError } from '../route-fallback';
import { AdminLayout } from './admin-layout';

const section = <T,>(load: () => Promise<T>, pick: (m: T) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

const AccountsPage = section(
  () => import('../../features/admin-accounts/accounts-page'),
  (m) => m.AccountsPage,
);
const AccountRoute = section(
  () => import('./account-route'),
  (m) => m.AccountRoute,
);
const CataloguePage = section(
  () => import('../../features/admin-catalogue/catalogue-page'),
  (m) => m.CataloguePage,
);
const NoticesPage = section(
  () => import('../../features/admin-notices/notices-page'),
  (m) => m.NoticesPage,
);
const StaffPage = section(
  () => import('../../features/admin-staff/staff-page'),
  (m) => m.StaffPage,
);

export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    Component: AdminLayout,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: AccountsPage },
          { path: 'accounts/:accountId', Component: AccountRoute },
          { path: 'catalogue', Component: CataloguePage },
          { path: 'notices', Component: NoticesPage },
          { path: 'staff', Component: StaffPage },
          { path: '*', element: <Navigate to="/admin" replace /> },
        ],
      },
    ],
  },
];

/**
 * The operator console (issue 25): loaded only when a staff identity opens /admin, so the customer
 * portal's first load carries none of it.
 */
export function AdminApp() {
  const [router] = useState(() => createBrowserRouter(adminRoutes));
  return <RouterProvider router={router} />;
}

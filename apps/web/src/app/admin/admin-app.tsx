import { lazy, type ComponentType } from 'react';
import { AppRouter, Redirect, Route, Switch } from '../../lib/router';
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
const CancellationsPage = section(
  () => import('../../features/admin-cancellations/cancellations-page'),
  (m) => m.CancellationsPage,
);
const CollectionPage = section(
  () => import('../../features/admin-collection/collection-page'),
  (m) => m.CollectionPage,
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

/** The console's sections in its shell; an unknown path goes to the accounts list. */
export function AdminRoutes() {
  return (
    <AdminLayout>
      <Switch>
        <Route path="/admin" component={AccountsPage} />
        <Route path="/admin/accounts/:accountId" component={AccountRoute} />
        <Route path="/admin/collection" component={CollectionPage} />
        <Route path="/admin/cancellations" component={CancellationsPage} />
        <Route path="/admin/catalogue" component={CataloguePage} />
        <Route path="/admin/notices" component={NoticesPage} />
        <Route path="/admin/staff" component={StaffPage} />
        <Route>
          <Redirect to="/admin" replace />
        </Route>
      </Switch>
    </AdminLayout>
  );
}

/**
 * The operator console (issue 25): loaded only when a staff identity opens /admin, so the customer
 * portal's first load carries none of it.
 */
export function AdminApp() {
  return (
    <AppRouter>
      <AdminRoutes />
    </AppRouter>
  );
}

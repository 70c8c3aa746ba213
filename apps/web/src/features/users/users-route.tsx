import { UsersPage } from './users-page';

export function Component() {
  return <UsersPage />;
}

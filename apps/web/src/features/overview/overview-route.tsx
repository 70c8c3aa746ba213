import { OverviewPage } from './overview-page';

export function Component() {
  return <OverviewPage />;
}

import { CallHistoryPage } from './call-history-page';

export function Component() {
  return <CallHistoryPage />;
}

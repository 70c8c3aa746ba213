import { BillingPage } from './billing-page';

export function Component() {
  return <BillingPage />;
}

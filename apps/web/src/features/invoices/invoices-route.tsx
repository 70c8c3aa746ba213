import { InvoicesPage } from './invoices-page';

export function Component() {
  return <InvoicesPage />;
}

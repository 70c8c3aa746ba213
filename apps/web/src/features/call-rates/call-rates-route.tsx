import { CallRatesPage } from './call-rates-page';

export function Component() {
  return <CallRatesPage />;
}

import { FeatureRequestPage } from './feature-request-page';

export function Component() {
  return <FeatureRequestPage />;
}

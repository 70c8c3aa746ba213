import { ReferralPage } from './referral-page';

export function Component() {
  return <ReferralPage />;
}

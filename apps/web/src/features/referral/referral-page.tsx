import {
  REFERRAL_BONUS_CREDITS,
  REFERRAL_TERMS,
  REFERRAL_TEXT,
  referralMailto,
  type ReferralData,
} from '@enq/contract';
import { Gift, Mail } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { PageTitle } from '../../components/ui/page-title';
import { useReferral } from './api/get-referral';
import { CopyField } from './copy-field';
import { ReferredCustomers } from './referred-customers';

export function ReferralPage() {
  const referral = useReferral();
  return (
    <div className="space-y-6">
      <PageTitle path="/referral" />
      {referral.isPending ? (
        <PageSkeleton path="/referral" label="Loading referral" />
      ) : referral.isError ? (
        <LoadError onRetry={() => void referral.refetch()} />
      ) : (
        <ReferralDetails data={referral.data} />
      )}
    </div>
  );
}

const section = 'rounded-xl bg-white p-6 shadow-xs ring-1 ring-slate-200';

function ReferralDetails({ data }: { data: ReferralData }) {
  return (
    <>
      <section aria-labelledby="share-heading" className={section}>
        <div className="flex items-start gap-4">
          <span className="hidden rounded-lg bg-brand-50 p-2.5 text-brand-600 sm:block">
            <Gift aria-hidden="true" className="size-6" />
          </span>
          <div className="space-y-1">
            <h2 id="share-heading" className="text-lg font-semibold text-slate-900">
              Refer a colleague, earn credits
            </h2>
            <p className="text-sm text-slate-600">
              Share your code or link. When a practice you referred pays its first invoice, you receive{' '}
              {REFERRAL_BONUS_CREDITS.toLocaleString('en-US')} bonus credits.
            </p>
          </div>
        </div>
        <div className="mt-6 grid gap-5 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
          <CopyField
            label="Referral code"
            value={data.referralCode}
            copiedMessage={REFERRAL_TEXT.codeCopied}
            mono
          />
          <CopyField
            label="Referral link"
            value={data.referralLink}
            copiedMessage={REFERRAL_TEXT.linkCopied}
          />
        </div>
        <div className="mt-6 border-t border-slate-200 pt-5">
          <a href={referralMailto(data.emailContent)} className={buttonClass('primary')}>
            <Mail aria-hidden="true" className="size-4" />
            {REFERRAL_TEXT.shareViaEmail}
          </a>
        </div>
      </section>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="referred-heading" className={section}>
          <h2 id="referred-heading" className="mb-2 text-lg font-semibold text-slate-900">
            Your referrals
          </h2>
          <ReferredCustomers customers={data.referrals} />
        </section>
        <section aria-labelledby="terms-heading" className={section}>
          <h2 id="terms-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Terms
          </h2>
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700 marker:text-slate-400">
            {REFERRAL_TERMS.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

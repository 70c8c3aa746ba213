import type { SubAccountNotification } from '@enq/contract';
import { ArrowRight, UsersRound } from 'lucide-react';
import { Link } from '../../../lib/router';
import { DismissButton } from './dismiss-button';

/** OVW-04: the sub-account opportunity, linking to /users; the person can dismiss it for good. */
export function SubAccountNotice({
  notice,
  onDismiss,
}: {
  notice: SubAccountNotification;
  onDismiss: () => void;
}) {
  return (
    <section
      aria-labelledby="sub-account-heading"
      className="rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700 ring-1 ring-emerald-100">
          <UsersRound aria-hidden="true" className="size-4.5" />
        </div>
        <DismissButton title={notice.title} onDismiss={onDismiss} />
      </div>
      <h2 id="sub-account-heading" className="mt-3 font-semibold text-slate-900">
        {notice.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{notice.text}</p>
      <Link
        to={notice.link}
        className="focus-ring mt-4 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:text-brand-600"
      >
        {notice.linkText}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}

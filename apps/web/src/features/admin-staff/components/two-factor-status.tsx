import { formatDate, type StaffMember } from '@enq/contract';
import { ShieldAlert, ShieldCheck } from 'lucide-react';

/** Whether a staff member has set up two-factor sign-in, and since when (STAFF-10). */
export function TwoFactorStatus({ member }: { member: StaffMember }) {
  const since = member.two_factor_enabled_at;
  return since ? (
    <span className="inline-flex items-center gap-1.5 text-emerald-800">
      <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
      <span>
        Set up <span className="text-slate-500">since {formatDate(since)}</span>
      </span>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-amber-800">
      <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
      Not enrolled yet
    </span>
  );
}

import { formatDate, type StaffMember } from '@enq/contract';
import { ShieldAlert, ShieldCheck } from 'lucide-react';

/**
 * Whether a staff member has set up two-factor sign-in, and since when (STAFF-10); `compact`, under the
 * name on a phone, leaves the date out.
 */
export function TwoFactorStatus({ member, compact = false }: { member: StaffMember; compact?: boolean }) {
  const since = member.two_factor_enabled_at;
  return since ? (
    <span className="inline-flex items-center gap-1.5 text-emerald-800">
      <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
      {compact ? (
        'Two-factor set up'
      ) : (
        <span>
          Set up <span className="text-slate-500">since {formatDate(since)}</span>
        </span>
      )}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-amber-800">
      <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
      {compact ? 'Two-factor not set up' : 'Not enrolled yet'}
    </span>
  );
}

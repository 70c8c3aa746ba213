import { SPEND_TEXT, USER_LIMITS_PAGE, formatCreditsFixed, type UserLimit } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { FieldError, Input } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { spendControlQuery } from '../../../lib/spend-control-query';
import { useSaveUserLimit } from '../api/save-user-limit';

/**
 * SPEND-08: each sub-account user's credits this period against their monthly limit, set by the admin.
 * Below the users table, it is drawn after the page's first paint: its rows cost about as much as the
 * table's. Paged, so a team of 25 is not 4,000 px of rows on a phone.
 */
export function UserLimits() {
  const spend = useQuery(spendControlQuery);
  const painted = useAfterFirstPaint();
  const size = useMediaQuery(PHONE_QUERY) ? USER_LIMITS_PAGE.phone : USER_LIMITS_PAGE.wide;
  const [wanted, setPage] = useState(1);
  const users = spend.data?.user_limits.filter((u) => !u.is_admin) ?? [];
  if (!painted || !spend.data || users.length === 0) return null;
  const canEdit = spend.data.can_edit;
  const pages = Math.ceil(users.length / size);
  // A smaller page size (the window narrowed) or fewer users keeps the page within the list.
  const page = Math.min(wanted, pages);
  const shown = users.slice((page - 1) * size, page * size);
  return (
    <section
      aria-labelledby="user-limits-heading"
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id="user-limits-heading" className="text-base font-semibold text-slate-900">
          Monthly credit limits
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A user who reaches their limit cannot place calls until the next period. Leave a limit empty for
          none.
        </p>
      </div>
      <ul className="divide-y divide-slate-100" aria-label="Users' monthly credit limits">
        {shown.map((user) => (
          <LimitRow key={`${user.person_id}:${user.limit}`} user={user} canEdit={canEdit} />
        ))}
      </ul>
      {pages > 1 ? (
        <div className="flex flex-col items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:px-6">
          <p className="text-sm text-slate-600">
            {SPEND_TEXT.limitsShown((page - 1) * size + 1, (page - 1) * size + shown.length, users.length)}
          </p>
          {/* Not the shared Pagination: the users table above has one, and its "Page n" links would
              read twice on the page. */}
          <nav aria-label="Credit limits list" className="flex gap-2">
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              aria-label="Previous users' limits"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              aria-label="Next users' limits"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </nav>
        </div>
      ) : null}
    </section>
  );
}

function LimitRow({ user, canEdit }: { user: UserLimit; canEdit: boolean }) {
  const save = useSaveUserLimit();
  const [draft, setDraft] = useState(user.limit === null ? '' : String(user.limit));
  const [error, setError] = useState<string | null>(null);
  const id = `limit-${user.person_id}`;
  const reached = user.limit !== null && user.used >= user.limit;
  const submit = () => {
    const text = draft.trim();
    if (text !== '' && (!/^\d+$/.test(text) || Number(text) <= 0))
      return setError('Enter whole credits above 0, or leave it empty for no limit.');
    setError(null);
    save.mutate(
      { personId: user.person_id, limit: text === '' ? null : Number(text) },
      {
        onSuccess: () => toast.success(SPEND_TEXT.limitSaved),
        onError: (e) =>
          setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.'),
      },
    );
  };
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-3 sm:px-6">
      <div className="flex-1">
        <p className="text-sm font-medium text-slate-900">{user.full_name}</p>
        <p className={`text-sm ${reached ? 'font-medium text-red-700' : 'text-slate-600'}`}>
          {formatCreditsFixed(user.used)} credits used this period
          {user.limit !== null ? ` of ${formatCreditsFixed(user.limit)}` : ''}
          {reached ? ' — limit reached' : ''}
        </p>
      </div>
      {canEdit ? (
        <div className="flex items-start gap-2">
          <div className="w-40">
            <label htmlFor={id} className="sr-only">
              Monthly credit limit for {user.full_name}
            </label>
            <Input
              id={id}
              size="sm"
              inputMode="numeric"
              placeholder="No limit"
              value={draft}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setDraft(e.target.value)}
            />
            <FieldError id={`${id}-error`} message={error} />
          </div>
          <Button variant="secondary" className="px-3 py-1.5" disabled={save.isPending} onClick={submit}>
            Save limit
          </Button>
        </div>
      ) : null}
    </li>
  );
}

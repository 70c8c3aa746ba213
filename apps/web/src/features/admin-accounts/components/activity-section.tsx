import { ACTIVITY_TEXT } from '@enq/contract';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { Pagination } from '../../../components/ui/pagination';
import { useAccountActivity } from '../api/get-account-activity';
import { Section } from './section';

/** The customer's activity log as their admin reads it, enQ support's changes included (CONS-02). */
export function ActivitySection({ accountId }: { accountId: string }) {
  const [page, setPage] = useState(1);
  const activity = useAccountActivity(accountId, page);
  return (
    <Section title="Activity">
      {activity.isPending ? (
        <Loader />
      ) : activity.isError ? (
        <LoadError onRetry={() => void activity.refetch()} />
      ) : activity.data.entries.length === 0 ? (
        <p className="text-sm text-slate-600">{ACTIVITY_TEXT.empty}</p>
      ) : (
        <>
          <ol aria-label="Activity log" className="divide-y divide-slate-100">
            {activity.data.entries.map((e) => (
              <li key={e.id} className="py-3 first:pt-0">
                <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between">
                  <p className="font-medium text-slate-900">
                    {e.what}
                    {e.about ? <span className="font-normal text-slate-600">{` · ${e.about}`}</span> : null}
                  </p>
                  <p className="text-sm text-slate-500">
                    <span className="text-slate-700">{e.who}</span> ·{' '}
                    <time dateTime={e.at}>{`${e.when} EST`}</time>
                  </p>
                </div>
                {e.changes.length ? (
                  <ul className="mt-1 space-y-0.5 text-sm text-slate-600">
                    {e.changes.map((c) => (
                      <li key={c.field} className="break-words">{`${c.field}: ${c.before} → ${c.after}`}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
          {activity.data.total > activity.data.page_size ? (
            <div className="mt-4">
              <Pagination
                page={page}
                totalPages={Math.ceil(activity.data.total / activity.data.page_size)}
                onPage={setPage}
                label="Activity pages"
              />
            </div>
          ) : null}
        </>
      )}
    </Section>
  );
}

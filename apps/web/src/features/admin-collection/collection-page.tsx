import { COLLECTION_TEXT, formatMoney, type CollectionEntry } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/ui/load-error';
import { Loader } from '../../components/ui/loader';
import { newYorkDateTime } from '../../lib/console-time';
import { Link } from '../../lib/router';
import { collectionListQuery, collectionSettingsQuery } from './api/get-collection';
import { ScheduleForm } from './schedule-form';

/**
 * Collecting failed payments (docs/billing.md): the accounts whose off-session charge was declined,
 * with the card's reason and the next try, and the retry schedule with the policy after the last try.
 */
export function CollectionPage() {
  const list = useQuery(collectionListQuery);
  const settings = useQuery(collectionSettingsQuery);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{COLLECTION_TEXT.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{COLLECTION_TEXT.description}</p>
      </div>
      {list.isPending ? <Loader /> : null}
      {list.isError ? <LoadError onRetry={() => void list.refetch()} /> : null}
      {list.data ? <CollectionTable entries={list.data.entries} /> : null}
      {settings.isError ? <LoadError onRetry={() => void settings.refetch()} /> : null}
      {settings.data ? <ScheduleForm settings={settings.data} /> : null}
    </div>
  );
}

function CollectionTable({ entries }: { entries: CollectionEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">{COLLECTION_TEXT.empty}</p>;
  const c = COLLECTION_TEXT.columns;
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{COLLECTION_TEXT.title}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-2 py-3 sm:px-4">
              {c.account}
            </th>
            <th scope="col" className="hidden px-2 py-3 sm:table-cell sm:px-4">
              {c.invoice}
            </th>
            <th scope="col" className="px-2 py-3 text-right sm:px-4">
              {c.amount}
            </th>
            <th scope="col" className="hidden px-2 py-3 text-right sm:table-cell sm:px-4">
              {c.failures}
            </th>
            <th scope="col" className="hidden px-2 py-3 md:table-cell md:px-4">
              {c.reason}
            </th>
            <th scope="col" className="px-2 py-3 sm:px-4">
              {c.nextTry}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((e) => (
            <tr key={e.invoice_id}>
              <td className="px-2 py-3 sm:px-4">
                <Link
                  href={`/admin/accounts/${encodeURIComponent(e.account_id)}`}
                  className="focus-ring font-medium text-brand-700 hover:underline"
                >
                  {e.account_name}
                </Link>
                {/* On a phone the invoice and the reason sit under the account, the try stays in sight. */}
                <div className="text-xs text-slate-500 sm:hidden">{e.invoice_number}</div>
                <div className="text-xs text-slate-500 md:hidden">{e.last_reason}</div>
              </td>
              <td className="hidden px-2 py-3 sm:table-cell sm:px-4">{e.invoice_number}</td>
              <td className="px-2 py-3 text-right tabular-nums sm:px-4">
                {formatMoney(e.amount_cents / 100)}
              </td>
              <td className="hidden px-2 py-3 text-right tabular-nums sm:table-cell sm:px-4">{e.failures}</td>
              <td className="hidden px-2 py-3 md:table-cell md:px-4">{e.last_reason}</td>
              <td className="px-2 py-3 sm:px-4">
                {e.next_try_at ? newYorkDateTime(e.next_try_at) : COLLECTION_TEXT.lastTryDone}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

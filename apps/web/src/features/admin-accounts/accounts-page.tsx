import { ACCOUNTS_TEXT, type AccountSearchResult } from '@enq/contract';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Loader } from '../../components/ui/loader';
import { useAccountSearch } from './api/search-accounts';
import { AccountStatusBadge, PausedBadge } from './components/account-status-badge';

const accountPath = (id: string) => `/admin/accounts/${id}`;

/** The console's home (CONS-01): one box that finds an account by any of its details. */
export function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const search = useAccountSearch(q);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{ACCOUNTS_TEXT.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{ACCOUNTS_TEXT.intro}</p>
      </div>
      <form role="search" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="account-search" className="text-sm font-medium text-slate-700">
            {ACCOUNTS_TEXT.searchLabel}
          </label>
          <Input
            id="account-search"
            type="search"
            className="mt-1"
            placeholder={ACCOUNTS_TEXT.searchPlaceholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        </div>
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" />
          Search
        </Button>
      </form>
      {search.isPending ? (
        <Loader label="Searching" />
      ) : search.isError ? (
        <LoadError onRetry={() => void search.refetch()} />
      ) : (
        <Results q={q} results={search.data.results} />
      )}
    </div>
  );
}

function Results({ q, results }: { q: string; results: AccountSearchResult[] }) {
  const heading = q ? ACCOUNTS_TEXT.results : ACCOUNTS_TEXT.recent;
  if (results.length === 0)
    return (
      <div
        role="status"
        className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
      >
        <p className="text-base font-semibold text-slate-900">{ACCOUNTS_TEXT.noMatch}</p>
        <p className="mt-1 text-sm text-slate-600">{ACCOUNTS_TEXT.noMatchHint}</p>
      </div>
    );
  return (
    <section aria-labelledby="results-heading" className="space-y-3">
      <h2 id="results-heading" className="text-sm font-semibold text-slate-700">
        {heading} <span className="font-normal text-slate-500">({results.length})</span>
      </h2>
      <div className="hidden overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-200 md:block">
        <table aria-labelledby="results-heading" className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="px-4 py-3">Account</th>
              <th className="px-4 py-3">Status</th>
              <th className="px-4 py-3">Plan</th>
              <th className="px-4 py-3">Admin</th>
              <th className="px-4 py-3">Matched</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {results.map((r) => (
              <tr key={r.account_id} className="hover:bg-slate-50">
                <td className="px-4 py-3 font-medium">
                  <Link
                    to={accountPath(r.account_id)}
                    className="focus-ring rounded text-brand-700 hover:underline"
                  >
                    {r.name}
                  </Link>
                </td>
                <td className="px-4 py-3">
                  <AccountStatusBadge status={r.status} />
                  {r.paused ? <PausedBadge /> : null}
                </td>
                <td className="px-4 py-3 text-slate-700">{r.plan_name ?? '—'}</td>
                <td className="px-4 py-3">
                  <div className="text-slate-900">{r.admin_name ?? '—'}</div>
                  <div className="text-xs text-slate-500">{r.admin_email}</div>
                </td>
                <td className="px-4 py-3 text-slate-600">{r.matched}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={heading}>
        {results.map((r) => (
          <li key={r.account_id} className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200">
            <div className="flex items-start justify-between gap-3">
              <Link
                to={accountPath(r.account_id)}
                className="focus-ring rounded font-semibold text-brand-700 hover:underline"
              >
                {r.name}
              </Link>
              <span className="shrink-0">
                <AccountStatusBadge status={r.status} />
                {r.paused ? <PausedBadge /> : null}
              </span>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">Plan</dt>
              <dd className="text-slate-800">{r.plan_name ?? '—'}</dd>
              <dt className="text-slate-500">Admin</dt>
              <dd className="min-w-0 break-words text-slate-800">
                {r.admin_name ?? '—'}
                {r.admin_email ? <span className="block text-xs text-slate-500">{r.admin_email}</span> : null}
              </dd>
              <dt className="text-slate-500">Matched</dt>
              <dd className="text-slate-800">{r.matched}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

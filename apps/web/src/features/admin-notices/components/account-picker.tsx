import { ACCOUNTS_TEXT, type AccountSearchResult } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { accountSearchQuery } from '../../../lib/admin-account-search';

/** Typing pauses this long before the search is asked, so each key does not ask again. */
const PAUSE_MS = 300;

const describe = (a: AccountSearchResult) =>
  [a.plan_name ? `${a.plan_name} plan` : 'No plan', a.admin_email].filter(Boolean).join(' · ');

/**
 * The one account a notice goes to (NOTICE-06), found with the console's account search by any of its
 * details (name, email, PIN, invoice number, a card's last four) instead of typing its id.
 */
export function AccountPicker({
  value,
  onChange,
  error,
}: {
  value: AccountSearchResult | null;
  onChange: (account: AccountSearchResult | null) => void;
  error: string | null;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({ ...accountSearchQuery(q), enabled: q.length >= 2 && !value });

  if (value)
    return (
      <div>
        <p id="notice-account-label" className="text-sm font-medium text-slate-700">
          Account
        </p>
        <div
          aria-labelledby="notice-account-label"
          role="group"
          className="mt-1 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200"
        >
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{value.name}</p>
            <p className="text-sm break-words text-slate-600">{describe(value)}</p>
          </div>
          <Button variant="secondary" onClick={() => onChange(null)}>
            Change
          </Button>
        </div>
      </div>
    );

  const results = search.data?.results ?? [];
  return (
    <div>
      <Field id="notice-account" label="Account" required error={error}>
        {(c) => (
          <Input
            {...c}
            type="search"
            autoComplete="off"
            placeholder={ACCOUNTS_TEXT.searchPlaceholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            // Enter picks nothing and must not publish the notice half-made.
            onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          />
        )}
      </Field>
      <div role="status" className="mt-1 text-sm text-slate-600">
        {q.length < 2
          ? 'Type at least two characters of a name, email, PIN, invoice number or last four.'
          : search.isPending
            ? 'Searching…'
            : search.isError
              ? 'The search failed. Type again to retry.'
              : results.length === 0
                ? ACCOUNTS_TEXT.noMatch
                : `${results.length} matching ${results.length === 1 ? 'account' : 'accounts'}`}
      </div>
      {results.length > 0 && q.length >= 2 ? (
        <ul
          aria-label="Matching accounts"
          className="mt-2 max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200"
        >
          {results.map((a) => (
            <li key={a.account_id}>
              <button
                type="button"
                onClick={() => onChange(a)}
                className="focus-ring block w-full px-3 py-2 text-left hover:bg-slate-50"
              >
                <span className="block text-sm font-medium break-words text-slate-900">{a.name}</span>
                <span className="block text-xs break-words text-slate-600">
                  {describe(a)} · {a.matched}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

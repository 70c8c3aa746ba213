import { ACTIVITY_TEXT, type ActivityEntry } from '@enq/contract';
import { cardClass } from '../../../components/ui/skeleton';

// On a phone each change is stacked, its field above its before and after at the card's full width: in
// three columns of a third each, an email or a phone number broke mid-word ("harborpinet ax.com").
// The rows keep their table roles when stacked.
const stackedCell = 'block sm:table-cell sm:py-1.5';

/** The changed fields of one change, before and after (ACT-02); nothing for a change with none. */
function Changes({ entry }: { entry: ActivityEntry }) {
  if (entry.changes.length === 0) return null;
  return (
    <table className="mt-3 w-full text-left text-sm sm:table-fixed">
      <caption className="sr-only">{`${ACTIVITY_TEXT.columns.changes}: ${entry.what}`}</caption>
      <thead className="sr-only text-xs tracking-wide text-slate-500 uppercase sm:not-sr-only">
        <tr>
          <th scope="col" className="w-1/3 py-1 pr-3 font-medium">
            Field
          </th>
          <th scope="col" className="w-1/3 py-1 pr-3 font-medium">
            Before
          </th>
          <th scope="col" className="w-1/3 py-1 font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {entry.changes.map((c) => (
          <tr key={c.field} role="row" className="block py-1.5 align-top sm:table-row sm:py-0">
            <th
              scope="row"
              role="rowheader"
              className={`${stackedCell} font-medium break-words text-slate-700 sm:pr-3`}
            >
              {c.field}
            </th>
            <td
              role="cell"
              className={`${stackedCell} break-words text-slate-500 before:content-['Before:_'] sm:pr-3 sm:before:content-none`}
            >
              {c.before}
            </td>
            <td
              role="cell"
              className={`${stackedCell} break-words text-slate-900 before:content-['After:_'] sm:before:content-none`}
            >
              {c.after}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The account's changes, newest first: what, about whom, who and when, and the fields changed. */
export function ActivityList({ entries }: { entries: ActivityEntry[] }) {
  if (entries.length === 0)
    return <p className={`${cardClass} p-6 text-center text-sm text-slate-600`}>{ACTIVITY_TEXT.empty}</p>;
  return (
    <ol aria-label={ACTIVITY_TEXT.title} className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.id} data-testid="activity-entry" className={`${cardClass} p-4`}>
          <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
            <p className="font-semibold text-slate-900">
              {entry.what}
              {entry.about ? <span className="font-normal text-slate-600">{` · ${entry.about}`}</span> : null}
            </p>
            <p className="text-sm text-slate-500">
              <span className="text-slate-700">{entry.who}</span>
              {' · '}
              <time dateTime={entry.at}>{`${entry.when} EST`}</time>
            </p>
          </div>
          <Changes entry={entry} />
        </li>
      ))}
    </ol>
  );
}

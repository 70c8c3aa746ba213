import { formatLineNumber, type CatalogueLine, type CatalogueMarket } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { catalogueLinesQuery } from '../api/get-lines';
import { LineDialog } from './line-dialog';
import { MarketDialog } from './market-dialog';

type Editing =
  | { kind: 'market'; market: CatalogueMarket }
  | { kind: 'line'; market: CatalogueMarket; line: CatalogueLine | null };

/** The markets and their lines as the portal's Lines page lists them, each with its Edit dialog. */
export function LinesTab() {
  const lines = useQuery(catalogueLinesQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  if (lines.isPending) return <Loader />;
  if (lines.isError) return <LoadError onRetry={() => void lines.refetch()} />;
  return (
    <div className="space-y-6">
      {lines.data.markets.map((market) => (
        <section
          key={market.id}
          aria-labelledby={`market-${market.id}`}
          className="rounded-xl bg-white shadow-xs ring-1 ring-slate-200"
        >
          <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 sm:px-6">
            <h2 id={`market-${market.id}`} className="text-base font-semibold text-slate-900">
              {market.name}
            </h2>
            {market.is_new ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">
                New
              </span>
            ) : null}
            <span className="text-xs text-slate-500">Order {market.sort}</span>
            <div className="ml-auto flex gap-2">
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                onClick={() => setEditing({ kind: 'market', market })}
                aria-label={`Edit market ${market.name}`}
              >
                Edit market
              </Button>
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                onClick={() => setEditing({ kind: 'line', market, line: null })}
                aria-label={`Add line to ${market.name}`}
              >
                <Plus aria-hidden="true" className="size-4" />
                Add line
              </Button>
            </div>
          </div>
          <ul className="divide-y divide-slate-100">
            {market.lines.map((line) => (
              <li key={line.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{line.name_long}</p>
                  <p className="text-sm text-slate-600">
                    {formatLineNumber(line.display_number)} · {line.open_hours_text}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  className="self-start px-2 py-1 sm:self-center"
                  onClick={() => setEditing({ kind: 'line', market, line })}
                  aria-label={`Edit the line ${line.name_long}`}
                >
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {editing?.kind === 'market' ? (
        <MarketDialog market={editing.market} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.kind === 'line' ? (
        <LineDialog market={editing.market} line={editing.line} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

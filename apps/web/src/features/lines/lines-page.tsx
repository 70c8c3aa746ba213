import { LINES_TEXT, type LinesData } from '@enq/contract';
import { InfoBanner } from '../../components/ui/info-banner';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { PageHeader } from '../../components/ui/page-header';
import { useLines } from './api/get-lines';
import { DepartmentCard } from './department-card';
import { PinReveal } from './pin-reveal';

export function LinesPage() {
  const lines = useLines();
  return (
    <div className="space-y-6">
      <PageHeader path="/lines" />
      {lines.isPending ? (
        <PageSkeleton path="/lines" label="Loading lines" />
      ) : lines.isError ? (
        <LoadError onRetry={() => void lines.refetch()} />
      ) : (
        <LinesDirectory data={lines.data} />
      )}
    </div>
  );
}

function LinesDirectory({ data }: { data: LinesData }) {
  const markets = Object.entries(data.markets_with_groups);
  return (
    <>
      <section aria-label="Your PIN" className="rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
        <PinReveal pin={data.pin} />
      </section>

      <InfoBanner
        message="Keep every number and your PIN at hand: download the how-to PDF, or save the numbers to your phone as contact cards."
        action={{ label: 'Go to PDF and Contact Cards', to: '/pdf' }}
      />

      {markets.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          No lines are available yet.
        </p>
      ) : (
        markets.map(([market, groups]) => {
          const headingId = `market-${groups[0]?.market_id ?? market}`;
          return (
            <section key={market} aria-labelledby={headingId} className="space-y-3">
              <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                {market}
                {groups.some((g) => g.new_market) ? (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                    {LINES_TEXT.newBadge}
                  </span>
                ) : null}
              </h2>
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                {groups.map((group) => (
                  <DepartmentCard key={`${group.name_long}-${group.display_number}`} group={group} />
                ))}
              </div>
            </section>
          );
        })
      )}
    </>
  );
}

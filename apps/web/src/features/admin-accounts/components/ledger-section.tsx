import { formatCredits, formatDate, type AdminAccount } from '@enq/contract';
import { ScrollTable, Section, td, th } from './section';

const BUCKETS: Record<string, string> = {
  plan: 'Plan',
  rollover: 'Rollover',
  bonus: 'Bonus',
  overage: 'Overage',
  unbilled: 'Unbilled',
};
const KINDS: Record<string, string> = {
  grant: 'Grant',
  carry_in: 'Carried in',
  bonus: 'Referral bonus',
  use: 'Use',
  carry_out: 'Carried out',
  expire: 'Expired',
};

/** The latest ledger entries and what is left in each bucket this period (CONS-02). */
export function LedgerSection({ ledger }: { ledger: AdminAccount['ledger'] }) {
  return (
    <Section title="Credit ledger">
      <dl className="mb-4 grid grid-cols-3 gap-3">
        {(['plan', 'rollover', 'bonus'] as const).map((bucket) => (
          <div key={bucket} className="rounded-lg bg-slate-50 px-4 py-3">
            <dt className="text-xs font-medium text-slate-500">{`${BUCKETS[bucket]} balance`}</dt>
            <dd className="mt-1 font-semibold text-slate-900 tabular-nums">
              {formatCredits(ledger.balances[bucket])}
            </dd>
          </div>
        ))}
      </dl>
      {ledger.entries.length === 0 ? (
        <p className="text-sm text-slate-600">No ledger entries yet.</p>
      ) : (
        <ScrollTable label="Latest ledger entries">
          <thead>
            <tr>
              <th className={th}>When</th>
              <th className={th}>Bucket</th>
              <th className={th}>Kind</th>
              <th className={`${th} text-right`}>Credits</th>
              <th className={th}>Note</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {ledger.entries.map((e) => (
              <tr key={e.id}>
                <td className={`${td} whitespace-nowrap text-slate-600`}>{formatDate(e.at)}</td>
                <td className={td}>{BUCKETS[e.bucket] ?? e.bucket}</td>
                <td className={td}>{KINDS[e.kind] ?? e.kind}</td>
                <td
                  className={`${td} text-right tabular-nums ${e.credits < 0 ? 'text-slate-900' : 'text-emerald-700'}`}
                >
                  {e.credits > 0 ? `+${formatCredits(e.credits)}` : formatCredits(e.credits)}
                </td>
                <td className={`${td} text-slate-600`}>{e.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </Section>
  );
}

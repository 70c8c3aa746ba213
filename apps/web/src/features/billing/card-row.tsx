import { BILLING_TEXT, cardBrandLabel as brandLabel, type CardDetailsDto } from '@enq/contract';
import { CreditCard } from 'lucide-react';

/** BILL-01..03: brand, masked digits, expiry and the 'Expired' badge; 'No Card Added' without a card. */
export function CardRow({ card }: { card: CardDetailsDto | null }) {
  if (!card)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="card-row">
        <CreditCard aria-hidden="true" className="size-5 text-slate-400" />
        {BILLING_TEXT.noCard}
      </p>
    );
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm text-slate-800" data-testid="card-row">
      <CreditCard aria-hidden="true" className="size-5 text-slate-500" />
      <span className="font-semibold">{brandLabel(card.brand)}</span>
      <span aria-label={`ending in ${card.last4}`}>•••• •••• •••• {card.last4}</span>
      <span className="text-slate-600">Expires {card.expiry}</span>
      {card.is_expired ? (
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
          {BILLING_TEXT.expired}
        </span>
      ) : null}
    </p>
  );
}

export { brandLabel };

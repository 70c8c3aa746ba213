import { maskPin } from '@enq/contract';
import { ArrowRight, KeyRound } from 'lucide-react';
import { Link } from '../../../lib/router';

/**
 * OVW-01: the person's PIN, all but the last 4 characters masked. The server sends it masked; masking
 * it again here changes nothing then (a bullet stays a bullet) and keeps a full PIN off the screen if
 * an answer ever carried one.
 */
export function PinCard({ pin }: { pin: string | null }) {
  return (
    <section
      aria-labelledby="pin-heading"
      className="rounded-xl bg-navy-900 p-5 text-white shadow-sm ring-1 ring-navy-800 sm:p-6"
    >
      <div className="flex items-center gap-2">
        <KeyRound aria-hidden="true" className="size-4 text-accent-400" />
        <h2 id="pin-heading" className="text-sm font-medium text-slate-300">
          Your PIN
        </h2>
      </div>
      <p
        className="mt-3 font-mono text-3xl font-semibold tracking-[0.2em] tabular-nums"
        data-testid="overview-pin"
      >
        {pin ? maskPin(pin) : '—'}
      </p>
      <p className="mt-3 text-sm text-slate-300">
        Enter it when you call an enQ line. Your full PIN is on your PDF.
      </p>
      <Link
        to="/pdf"
        className="focus-ring-dark mt-4 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-accent-400 hover:text-white"
      >
        Show my PIN document
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}

import { OVERVIEW_TEXT } from '@enq/contract';
import { BookOpen } from 'lucide-react';
import { Link } from '../../../lib/router';
import { buttonClass } from '../../../components/ui/button';

/** OVW-03: shown early on, pointing to the how-to PDF and the contact cards on /pdf. */
export function HowToPanel() {
  return (
    <section
      aria-labelledby="how-to-heading"
      className="flex flex-col gap-4 rounded-xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:p-6"
    >
      <div className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-white text-brand-600 ring-1 ring-brand-100">
        <BookOpen aria-hidden="true" className="size-5" />
      </div>
      <div className="flex-1">
        <h2 id="how-to-heading" className="font-semibold text-slate-900">
          {OVERVIEW_TEXT.howToTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{OVERVIEW_TEXT.howToText}</p>
      </div>
      <Link to="/pdf" className={buttonClass('primary', 'shrink-0')}>
        {OVERVIEW_TEXT.howToLinkText}
      </Link>
    </section>
  );
}

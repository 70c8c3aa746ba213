import type { ReactNode } from 'react';
import { cardClass } from '../../../components/ui/skeleton';

/** A titled card of the account page, with an optional action beside its title. */
export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={`${cardClass} p-4 sm:p-6`} aria-label={title}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A table that scrolls sideways inside its card on a narrow screen instead of widening the page. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      <table aria-label={label} className="w-full min-w-[36rem] text-left text-sm">
        {children}
      </table>
    </div>
  );
}

export const th = 'px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase';
export const td = 'px-3 py-2 align-top';

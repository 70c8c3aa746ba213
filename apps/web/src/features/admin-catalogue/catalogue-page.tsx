import { clsx } from 'clsx';
import { useState } from 'react';
import { LinesTab } from './components/lines-tab';
import { PlansTab } from './components/plans-tab';
import { RatesTab } from './components/rates-tab';

const TABS = [
  { id: 'plans', label: 'Plans', Panel: PlansTab },
  { id: 'rates', label: 'Rates', Panel: RatesTab },
  { id: 'lines', label: 'Lines and markets', Panel: LinesTab },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** Plans, rates, lines and markets (issue 25, CAT-01..06): every change is scheduled or saved with a reason. */
export function CataloguePage() {
  const [tab, setTab] = useState<TabId>('plans');
  const active = TABS.find((t) => t.id === tab)!;
  const move = (by: number) => {
    const i = (TABS.findIndex((t) => t.id === tab) + by + TABS.length) % TABS.length;
    setTab(TABS[i]!.id);
    document.getElementById(`catalogue-tab-${TABS[i]!.id}`)?.focus();
  };
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-semibold text-slate-900">Catalogue</h1>
      <p className="mt-1 text-sm text-slate-600">
        Prices and rates take effect from the date you choose; what is already billed never changes.
      </p>
      <div
        role="tablist"
        aria-label="Catalogue"
        className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200"
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') move(1);
          if (e.key === 'ArrowLeft') move(-1);
        }}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`catalogue-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={t.id === tab}
            aria-controls={`catalogue-panel-${t.id}`}
            tabIndex={t.id === tab ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={clsx(
              'focus-ring -mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap',
              t.id === tab
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`catalogue-panel-${active.id}`}
        aria-labelledby={`catalogue-tab-${active.id}`}
        className="mt-6"
      >
        <active.Panel />
      </div>
    </div>
  );
}

import { SPEND_TEXT, formatDate, type SpendThreshold } from '@enq/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';

export interface ListedThreshold {
  value: number;
  status: SpendThreshold['status'];
  sent_at: string | null;
  /** A change not saved yet: the row says so until "Save alerts and limits". */
  pending?: 'add' | 'remove';
}

function StatusNote({ threshold }: { threshold: ListedThreshold }) {
  if (threshold.pending === 'remove')
    return <span className="text-xs font-medium text-red-700">{SPEND_TEXT.pendingRemove}</span>;
  if (threshold.status === 'sent')
    return (
      <span className="text-xs font-medium text-amber-800">
        {SPEND_TEXT.sent(formatDate(threshold.sent_at))}
      </span>
    );
  if (threshold.status === 'passed')
    return <span className="text-xs font-medium text-slate-500">{SPEND_TEXT.alreadyPassed}</span>;
  return null;
}

/** Whole numbers above 0 and at most `max`, each once: the input's own words for what is wrong. */
export function checkThreshold(raw: string, max: number, taken: number[]): string | number {
  const text = raw.trim().replace(/^\$/, '').replace(/%$/, '');
  if (!/^\d+$/.test(text)) return 'Enter a whole number above 0.';
  const value = Number(text);
  if (value <= 0) return 'Enter a whole number above 0.';
  if (value > max) return `Enter at most ${max.toLocaleString('en-US')}.`;
  if (taken.includes(value)) return 'That alert is already in the list.';
  return value;
}

/** SPEND-09: one kind of threshold, each with its state and Remove, and a box to add one. */
export function ThresholdList({
  id,
  title,
  description,
  label,
  addLabel,
  unit,
  max,
  thresholds,
  disabled,
  onAdd,
  onRemove,
}: {
  id: string;
  title: string;
  /** A line under the title, for a kind whose name needs one. */
  description?: string;
  label: (value: number) => string;
  addLabel: string;
  unit: string;
  max: number;
  thresholds: ListedThreshold[];
  disabled: boolean;
  onAdd: (value: number) => void;
  onRemove: (value: number) => void;
}) {
  const kept = thresholds.filter((t) => t.pending !== 'remove');
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const checked = checkThreshold(
      draft,
      max,
      kept.map((t) => t.value),
    );
    if (typeof checked === 'string') return setError(checked);
    onAdd(checked);
    setDraft('');
    setError(null);
  };
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {description ? <p className="mt-1 text-xs text-slate-500">{description}</p> : null}
      {thresholds.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No alerts.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-label={title}>
          {thresholds.map((t) => (
            <li
              key={t.value}
              className={`flex items-center justify-between gap-3 px-3 py-2 ${t.pending ? 'bg-amber-50' : ''}`}
            >
              <div className="flex flex-col">
                <span
                  className={`text-sm ${t.pending === 'remove' ? 'text-slate-500 line-through' : 'text-slate-900'}`}
                >
                  {label(t.value)}
                </span>
                {t.pending === 'add' ? (
                  <span className="text-xs font-medium text-amber-800">{SPEND_TEXT.pendingAdd}</span>
                ) : null}
                <StatusNote threshold={t} />
              </div>
              {t.pending === 'remove' ? (
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  disabled={disabled}
                  aria-label={`${SPEND_TEXT.undoRemove}: keep ${label(t.value)}`}
                  onClick={() => onAdd(t.value)}
                >
                  {SPEND_TEXT.undoRemove}
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  disabled={disabled}
                  aria-label={`Remove ${label(t.value)}`}
                  onClick={() => onRemove(t.value)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex items-start gap-2">
        <Field id={id} label={addLabel} error={error} className="flex-1">
          {(control) => (
            <div className="relative">
              <Input
                {...control}
                inputMode="numeric"
                value={draft}
                disabled={disabled}
                placeholder={unit === '$' ? 'e.g. 100' : 'e.g. 50'}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    add();
                  }
                }}
              />
            </div>
          )}
        </Field>
        <Button variant="secondary" className="mt-6" disabled={disabled || draft.trim() === ''} onClick={add}>
          Add
        </Button>
      </div>
    </div>
  );
}

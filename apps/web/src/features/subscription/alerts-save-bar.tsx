import { SPEND_TEXT } from '@enq/contract';
import { LoaderCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';

/**
 * The section's changes wait for one save, as the Users page's do: this bar stays in view at the
 * bottom of the screen while any is pending, names each one, and offers Save and Discard.
 */
export function AlertsSaveBar({
  changes,
  saving,
  onSave,
  onDiscard,
}: {
  changes: string[];
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  if (changes.length === 0) return null;
  return (
    <div
      role="region"
      aria-label="Unsaved changes to alerts and limits"
      className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-5"
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium text-slate-900">{SPEND_TEXT.unsaved(changes.length)}</p>
          <ul className="mt-1 space-y-0.5 text-slate-600">
            {changes.map((change) => (
              <li key={change} className="break-words">
                {change}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onDiscard} disabled={saving}>
            {SPEND_TEXT.discard}
          </Button>
          <Button onClick={onSave} disabled={saving} aria-busy={saving}>
            {saving ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {saving ? 'Saving…' : 'Save alerts and limits'}
          </Button>
        </div>
      </div>
    </div>
  );
}

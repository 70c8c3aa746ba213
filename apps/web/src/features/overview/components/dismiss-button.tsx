import { X } from 'lucide-react';

/** The × of a dismissible notice; its name says which notice it closes. */
export function DismissButton({
  title,
  onDismiss,
  dark = false,
}: {
  title: string;
  onDismiss: () => void;
  dark?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onDismiss}
      aria-label={`Dismiss: ${title}`}
      title="Dismiss"
      className={`${dark ? 'focus-ring-dark text-slate-300 hover:bg-white/10 hover:text-white' : 'focus-ring text-slate-400 hover:bg-slate-100 hover:text-slate-700'} -m-1.5 shrink-0 rounded-md p-1.5 transition-colors`}
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );
}

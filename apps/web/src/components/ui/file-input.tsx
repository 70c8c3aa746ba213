import { FileUp } from 'lucide-react';
import type { Ref } from 'react';

export interface FileInputProps {
  id: string;
  /** The input's accessible name (the button reads 'Choose file'). */
  label: string;
  accept?: string;
  disabled?: boolean;
  file: File | null;
  onChange: (file: File | null) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A file input drawn as the portal's secondary button with the chosen file's name beside it. The real
 * input stays in the page (visually hidden, focusable), so keyboard and screen readers use it as usual.
 */
export function FileInput({ id, label, accept, disabled, file, onChange, ref }: FileInputProps) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <input
        ref={ref}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-label={label}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        aria-hidden="true"
        className="inline-flex shrink-0 cursor-pointer items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-xs ring-1 ring-slate-300 ring-inset peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-disabled:cursor-not-allowed peer-disabled:text-slate-400 hover:bg-slate-50"
      >
        <FileUp className="size-4" />
        Choose file
      </label>
      <span className="min-w-0 truncate text-sm text-slate-600" data-testid={`${id}-name`}>
        {file ? file.name : 'No file chosen'}
      </span>
    </div>
  );
}

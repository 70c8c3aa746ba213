import { LoaderCircle } from 'lucide-react';

export function Loader({ fullScreen = false, label = 'Loading' }: { fullScreen?: boolean; label?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      aria-live="polite"
      className={`flex items-center justify-center ${fullScreen ? 'min-h-screen' : 'py-16'}`}
    >
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

import { MESSAGES } from '@enq/contract';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from './button';

export function LoadError({ onRetry, fullScreen = false }: { onRetry: () => void; fullScreen?: boolean }) {
  return (
    <div className={`flex items-center justify-center px-4 ${fullScreen ? 'min-h-screen' : 'py-16'}`}>
      <div
        role="alert"
        className="flex max-w-md flex-col items-center gap-4 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
      >
        <AlertTriangle aria-hidden="true" className="size-8 text-amber-500" />
        <p className="text-slate-700">{MESSAGES.genericError}</p>
        <Button onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          Retry
        </Button>
      </div>
    </div>
  );
}

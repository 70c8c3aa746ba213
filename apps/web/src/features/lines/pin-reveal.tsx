import { LINES_TEXT, maskPin } from '@enq/contract';
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';

/** The PIN masked but for its last 4 characters, with a toggle that shows it in full (LINE-08). */
export function PinReveal({ pin }: { pin: string }) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <KeyRound aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p id="pin-label" className="text-sm text-slate-600">
          Your PIN
        </p>
        <p
          aria-labelledby="pin-label"
          aria-live="polite"
          data-testid="pin"
          className="font-mono text-2xl font-semibold tracking-widest text-slate-900"
        >
          {shown ? pin : maskPin(pin)}
        </p>
      </div>
      <Button variant="secondary" onClick={() => setShown(!shown)} className="ml-auto sm:ml-0">
        <Icon aria-hidden="true" className="size-4" />
        {shown ? LINES_TEXT.hidePin : LINES_TEXT.showPin}
      </Button>
    </div>
  );
}

import { maskPin } from '@enq/contract';
import { RefreshCw } from 'lucide-react';
import { iconButton } from './row-styles';

/** A masked PIN (its last four digits spoken) and the button that gives a new one. */
export function PinCell({
  pin,
  name,
  disabled,
  onChangePin,
}: {
  pin: string;
  name: string;
  disabled: boolean;
  onChangePin: () => void;
}) {
  return (
    <div className="flex items-center gap-1 whitespace-nowrap">
      <span
        className="font-mono text-sm tracking-wider text-slate-700"
        aria-label={`PIN ending ${pin.slice(-4)}`}
      >
        {maskPin(pin)}
      </span>
      <button
        type="button"
        className={iconButton}
        onClick={onChangePin}
        disabled={disabled}
        aria-label={`Change PIN for ${name}`}
        title="Change PIN"
      >
        {/* A new PIN, not a look at this one: a key read as "show PIN". */}
        <RefreshCw aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

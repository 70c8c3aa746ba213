import { format } from 'date-fns';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { DateTimePickerProps } from './date-picker-library';
import { controlClass } from './field';

// The calendar, react-datepicker with its date parsing and popup positioning, was three quarters of
// Call History's code. It loads at the person's first move on the page (a pointer, a touch, a key), so
// that it is there by a box's first focus, and not with the screen, where it held up the first render
// (README, "Speed").
const loadLibrary = () => import('./date-picker-library');
const DatePickerLibrary = lazy(loadLibrary);
const FIRST_MOVES = ['pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;

/** Loads the calendar's code at the first pointer, touch or key on the page. Returns a cancel. */
function loadAtFirstMove(): () => void {
  const off = () => FIRST_MOVES.forEach((type) => window.removeEventListener(type, load));
  const load = () => {
    off();
    // A failure is the box's to report, at its focus, when the calendar's box asks again.
    void loadLibrary().catch(() => undefined);
  };
  FIRST_MOVES.forEach((type) => window.addEventListener(type, load, { passive: true }));
  return off;
}

/**
 * A date and time box with its calendar popup, in the portal's look (label and error come from
 * Field). Until its first focus it is the same box showing the same text, read-only; the focus (a
 * click, a tap, Tab) puts the calendar's box in its place, focused, which opens the calendar.
 */
export function DateTimePicker(props: DateTimePickerProps) {
  const [used, setUsed] = useState(false);
  useEffect(() => (used ? undefined : loadAtFirstMove()), [used]);
  const { control, selected, dateFormat } = props;
  const box = (onFocus?: () => void) => (
    <div className="block w-full">
      <input
        id={control.id}
        type="text"
        readOnly
        value={format(selected, dateFormat)}
        className={controlClass()}
        aria-invalid={control['aria-invalid'] ? 'true' : 'false'}
        aria-describedby={control['aria-describedby']}
        onFocus={onFocus}
      />
    </div>
  );
  if (!used) return box(() => setUsed(true));
  return (
    <Suspense fallback={box()}>
      <DatePickerLibrary {...props} autoFocus />
    </Suspense>
  );
}

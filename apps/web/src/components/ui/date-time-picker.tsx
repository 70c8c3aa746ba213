import { format } from 'date-fns';
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import type { DateTimePickerProps } from './date-picker-library';
import { useIdle } from '../../lib/use-idle';
import { controlClass } from './field';

// The calendar, react-datepicker with its date parsing and popup positioning, is three quarters of
// Call History's code: a chunk of its own, asked for once the browser is idle after the screen has
// drawn. Asked with the screen's code, its 34 KB came in and ran before the first row of calls
// (docs/performance.md). Until it is here the box is drawn but takes no focus, so nothing clicked or
// typed goes to an element that is then replaced.
const loadLibrary = () => import('./date-picker-library');
let DatePickerLibrary = lazy(loadLibrary);

/** Asks for the calendar's code again after it failed to arrive. */
function retryLibrary() {
  DatePickerLibrary = lazy(loadLibrary);
}

/** The box as it will look, with the date it will show: not focusable, and said to be loading. */
function BoxLoading({ selected, dateFormat }: DateTimePickerProps) {
  return (
    <div className="block w-full" aria-busy="true">
      <div className={`${controlClass()} cursor-progress text-slate-500`}>{format(selected, dateFormat)}</div>
    </div>
  );
}

/** The calendar's code did not arrive: said where the box would be, with a way to ask again. */
class LibraryBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="text-sm text-red-700">
        The calendar could not load.{' '}
        <button type="button" className="font-medium underline" onClick={this.props.onRetry}>
          Try again
        </button>
      </p>
    );
  }
}

/** A date and time box with its calendar popup, in the portal's look (label and error come from Field). */
export function DateTimePicker(props: DateTimePickerProps) {
  const [attempt, setAttempt] = useState(0);
  const idle = useIdle();
  const retry = () => {
    retryLibrary();
    setAttempt((n) => n + 1);
  };
  if (!idle) return <BoxLoading {...props} />;
  return (
    <LibraryBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<BoxLoading {...props} />}>
        <DatePickerLibrary {...props} />
      </Suspense>
    </LibraryBoundary>
  );
}

import { availablePresets, type CallDates, type CallPreset, type CallRangeError } from '@enq/contract';
import { DateTimePicker } from '../../components/ui/date-time-picker';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { CALL_DATE_DISPLAY_FORMAT, CALL_DATE_STEP_MINUTES } from './call-history-settings';
import { toPickerDate } from './call-history-state';
import { useCallFilters } from './api/get-call-filters';

export interface CallFiltersProps {
  dates: CallDates;
  preset: CallPreset;
  draft: { start: Date; end: Date };
  error: CallRangeError | null;
  user: string | undefined;
  destination: string | undefined;
  onPreset: (preset: CallPreset) => void;
  onDate: (field: 'start' | 'end', picked: Date | null) => void;
  onUser: (user: string | undefined) => void;
  onDestination: (destination: string | undefined) => void;
}

/** The range (a preset or two dates) and the user and line filters above the calls. */
export function CallFilters(props: CallFiltersProps) {
  const filters = useCallFilters();
  const { draft, error } = props;
  const dateField = (field: 'start' | 'end', label: string) => (
    <Field
      id={`call-${field}`}
      label={label}
      // Said at once: the message follows a pick in the calendar, not a Save.
      announce
      error={error?.field === field ? error.message : null}
    >
      {(control) => (
        <DateTimePicker
          control={control}
          selected={toPickerDate(draft[field].getTime() / 1000)}
          dateFormat={CALL_DATE_DISPLAY_FORMAT}
          stepMinutes={CALL_DATE_STEP_MINUTES}
          onChange={(picked) => props.onDate(field, picked)}
        />
      )}
    </Field>
  );
  return (
    // Three columns at most: a date field must hold the widest date its format shows ("September 28,
    // 2026 10:45 PM"), which four columns at 1280 px cannot. From 1280 px User and Destination leave
    // their shared cell for a row of their own, each as wide as a date field.
    <div className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 xl:grid-cols-3">
      <Field id="call-preset" label="Date range">
        {(control) => (
          <Select
            {...control}
            value={props.preset}
            onChange={(event) => props.onPreset(event.target.value as CallPreset)}
          >
            {availablePresets(props.dates).map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {dateField('start', 'Start date')}
      {dateField('end', 'End date')}
      <div className="grid grid-cols-2 gap-2 xl:contents">
        <Field id="call-user" label="User">
          {(control) => (
            <Select
              {...control}
              value={props.user ?? ''}
              onChange={(event) => props.onUser(event.target.value || undefined)}
            >
              <option value="">All users</option>
              {(filters.data?.users ?? []).map((name) => (
                <option key={name}>{name}</option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="call-destination" label="Destination">
          {(control) => (
            <Select
              {...control}
              value={props.destination ?? ''}
              onChange={(event) => props.onDestination(event.target.value || undefined)}
            >
              <option value="">All lines</option>
              {(filters.data?.destinations ?? []).map((name) => (
                <option key={name}>{name}</option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </div>
  );
}

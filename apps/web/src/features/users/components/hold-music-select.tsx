import type { HoldMusic } from '@enq/contract';
import { Select } from '../../../components/ui/select';

/** The hold-music tracks as a select (a row's, the bulk bar's and the user form's). */
export function HoldMusicSelect({
  id,
  label,
  value,
  list,
  disabled,
  size = 'sm',
  onChange,
}: {
  id?: string;
  label: string;
  value: string;
  list: HoldMusic[];
  disabled?: boolean;
  size?: 'sm' | 'md';
  onChange: (value: string) => void;
}) {
  return (
    <Select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      size={size}
      // "Evergreen Strings" and "Morning Commute" in full, beside the arrow.
      className="min-w-[11.5rem]"
      onChange={(event) => onChange(event.target.value)}
    >
      {list.map((t) => (
        <option key={t.value} value={t.value}>
          {t.name}
        </option>
      ))}
    </Select>
  );
}

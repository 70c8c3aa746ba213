import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import './date-time-picker.css';
import { controlClass, type FieldControl } from './field';

export interface DateTimePickerProps {
  control: FieldControl;
  selected: Date;
  dateFormat: string;
  stepMinutes: number;
  onChange: (date: Date | null) => void;
}

/**
 * The date and time box with its calendar popup (react-datepicker), in the portal's look. Loaded
 * apart from the screens that show it (date-time-picker.tsx says why).
 */
export default function DatePickerLibrary({
  control,
  selected,
  dateFormat,
  stepMinutes,
  onChange,
}: DateTimePickerProps) {
  return (
    <DatePicker
      id={control.id}
      selected={selected}
      onChange={onChange}
      showTimeSelect
      timeIntervals={stepMinutes}
      dateFormat={dateFormat}
      className={controlClass()}
      wrapperClassName="block w-full"
      calendarClassName="enq-datepicker"
      popperClassName="enq-datepicker-popper"
      popperPlacement="bottom-start"
      showPopperArrow={false}
      ariaInvalid={control['aria-invalid'] ? 'true' : 'false'}
      ariaDescribedBy={control['aria-describedby']}
    />
  );
}

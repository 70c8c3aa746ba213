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

/** A date and time box with its calendar popup, in the portal's look (label and error come from Field). */
export function DateTimePicker({
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

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateTimePicker } from './date-time-picker';

const control = { id: 'when', 'aria-invalid': true, 'aria-describedby': 'when-error' } as const;
const box = () => document.getElementById('when') as HTMLInputElement;

describe('the date and time box', () => {
  it('shows the date read-only until its first focus, then the calendar box, focused, with the same text', async () => {
    const onChange = vi.fn();
    render(
      <DateTimePicker
        control={control}
        selected={new Date(2026, 2, 14, 13, 0)}
        dateFormat="MMMM d, yyyy h:mm aa"
        stepMinutes={15}
        onChange={onChange}
      />,
    );
    const first = box();
    expect(first.value).toBe('March 14, 2026 1:00 PM');
    expect(first.readOnly).toBe(true);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-describedby')).toBe('when-error');
    act(() => first.focus());
    await waitFor(() => expect(box().readOnly).toBe(false));
    const calendarBox = box();
    expect(document.activeElement).toBe(calendarBox);
    expect(calendarBox.value).toBe('March 14, 2026 1:00 PM');
    // The same look: the calendar's box has the same classes, and one of its own while open.
    expect(calendarBox.className).toContain(first.className);
    expect(calendarBox.getAttribute('aria-invalid')).toBe('true');
    expect(calendarBox.getAttribute('aria-describedby')).toBe('when-error');
    // Focused, the calendar is open.
    await waitFor(() => expect(document.querySelector('.react-datepicker__time-list')).not.toBeNull());
    fireEvent.change(calendarBox, { target: { value: 'March 20, 2026 9:15 AM' } });
    expect(onChange).toHaveBeenCalledWith(new Date(2026, 2, 20, 9, 15), expect.anything());
    expect(screen.queryAllByRole('textbox')).toHaveLength(1);
  });
});

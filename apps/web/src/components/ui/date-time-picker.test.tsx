import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const control = { id: 'when', 'aria-invalid': true, 'aria-describedby': 'when-error' } as const;

describe('the date and time box', () => {
  it('while the calendar loads, shows the date in a box that takes no focus; then the calendar box, editable', async () => {
    // A fresh copy of the module: in another test file's run its calendar may have arrived already.
    vi.resetModules();
    const { DateTimePicker } = await import('./date-time-picker');
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
    // Before the calendar's code is here there is no input to focus or type into (nothing typed is lost).
    const loading = screen.getByText('March 14, 2026 1:00 PM');
    expect(loading.closest('[aria-busy="true"]')).not.toBeNull();
    expect(document.getElementById('when')).toBeNull();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);

    const box = await waitFor(() => {
      const input = document.getElementById('when');
      expect(input).toBeInstanceOf(HTMLInputElement);
      return input as HTMLInputElement;
    });
    expect(box.readOnly).toBe(false);
    expect(box.value).toBe('March 14, 2026 1:00 PM');
    // The same look as the placeholder: its classes are the box's.
    expect(box.className).toContain(loading.className.replace(/ cursor-progress text-slate-500$/, ''));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('when-error');
    fireEvent.focus(box);
    await waitFor(() => expect(document.querySelector('.react-datepicker__time-list')).not.toBeNull());
    fireEvent.change(box, { target: { value: 'March 20, 2026 9:15 AM' } });
    expect(onChange).toHaveBeenCalledWith(new Date(2026, 2, 20, 9, 15), expect.anything());
    expect(screen.queryAllByRole('textbox')).toHaveLength(1);
  });

  it("when the calendar's code fails to arrive, says so in the box's place and asks again on Try again", async () => {
    vi.resetModules();
    let fail = true;
    vi.doMock('./date-picker-library', async (original) => {
      if (fail) throw new Error('network');
      return original();
    });
    const { DateTimePicker } = await import('./date-time-picker');
    render(
      <main>
        <h1>Call History</h1>
        <DateTimePicker
          control={control}
          selected={new Date(2026, 2, 14, 13, 0)}
          dateFormat="MMMM d, yyyy h:mm aa"
          stepMinutes={15}
          onChange={vi.fn()}
        />
      </main>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The calendar could not load. Try again');
    // Only the box is replaced: the screen around it stays.
    expect(screen.getByRole('heading', { name: 'Call History' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(document.getElementById('when')).toBeInstanceOf(HTMLInputElement));
    expect(screen.queryByRole('alert')).toBeNull();
    vi.doUnmock('./date-picker-library');
  });
});

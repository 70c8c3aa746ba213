import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Field, Input } from './field';
import { FileInput } from './file-input';
import { Select } from './select';

describe('form controls', () => {
  it('a field names its control by the label alone and marks a required one beside it', () => {
    render(
      <Field id="f-name" label="Full name" required>
        {(aria) => <Input {...aria} />}
      </Field>,
    );
    const input = screen.getByLabelText('Full name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('a field with an error marks its control invalid and described by the message', () => {
    render(
      <Field id="f-email" label="Email" error="Enter a valid email.">
        {(aria) => <Input {...aria} />}
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('Enter a valid email.').id);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an announced field error is spoken at once', () => {
    render(
      <Field id="f-start" label="Start date" announce error="Start date cannot be after end date.">
        {(aria) => <Input {...aria} />}
      </Field>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Start date cannot be after end date.');
  });

  it('a styled select is still a native select with its options', () => {
    const onChange = vi.fn();
    render(
      <Select aria-label="Per page" value="10" onChange={(event) => onChange(event.target.value)}>
        <option value="10">10</option>
        <option value="25">25</option>
      </Select>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Per page' }), { target: { value: '25' } });
    expect(onChange).toHaveBeenCalledWith('25');
  });

  it('the file input shows the chosen file name and hands on the file', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <FileInput id="csv" label="CSV file of users" file={null} onChange={onChange} />,
    );
    expect(screen.getByTestId('csv-name').textContent).toBe('No file chosen');
    const file = new File(['full_name,email\n'], 'users.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file of users'), { target: { files: [file] } });
    expect(onChange).toHaveBeenCalledWith(file);
    rerender(<FileInput id="csv" label="CSV file of users" file={file} onChange={onChange} />);
    expect(screen.getByTestId('csv-name').textContent).toBe('users.csv');
  });
});

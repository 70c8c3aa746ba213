import { MESSAGES, STAFF_ERRORS } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { Field, Input } from './field';
import { InputError, ReasonDialog } from './reason-dialog';

function open(onSubmit: (reason: string, key: string) => Promise<unknown>, onClose = vi.fn()) {
  render(
    <ReasonDialog
      title="Adjust credits"
      description="Bonus credits of the current period."
      submitLabel="Adjust"
      fieldNames={['credits']}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      {(errors) => (
        <Field id="t-credits" label="Credits" required error={errors.credits}>
          {(control) => <Input {...control} />}
        </Field>
      )}
    </ReasonDialog>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Adjust credits' });
  const reason = within(dialog).getByLabelText('Reason');
  const send = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
  return { dialog, reason, send, onClose };
}

describe('the console reason dialog', () => {
  it('ADMIN-02 asks for the reason before anything is sent, then sends it trimmed with one key for the opening', async () => {
    const onSubmit = vi.fn(async (reason: string, key: string) => {
      if (onSubmit.mock.calls.length === 1) throw new ApiError(503, 'INTERNAL', 'Something went wrong.');
      return { reason, key };
    });
    const { dialog, reason, send, onClose } = open(onSubmit);
    send();
    expect(within(dialog).getByText(STAFF_ERRORS.reasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '  Outage on the 3rd  ' } });
    send();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Something went wrong.');
    expect(onClose).not.toHaveBeenCalled();
    send();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [first, second] = onSubmit.mock.calls;
    expect(first![0]).toBe('Outage on the 3rd');
    expect(first![1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second![1]).toBe(first![1]);
  });

  it('ADMIN-02 shows a refusal under the field it names, and one naming no field of its own below the form', async () => {
    let failure: Error = new InputError('credits', 'Enter credits to grant.');
    const { dialog, reason, send } = open(async () => {
      throw failure;
    });
    fireEvent.change(reason, { target: { value: 'Goodwill' } });
    send();
    const credits = within(dialog).getByLabelText('Credits');
    await waitFor(() => expect(credits.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Enter credits to grant.').id).toBe(
      credits.getAttribute('aria-describedby'),
    );

    failure = new ApiError(400, 'VALIDATION_ERROR', 'line: There is no such line.', 'line');
    send();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('line: There is no such line.');
    expect(credits.getAttribute('aria-invalid')).toBeNull();

    failure = new TypeError('Failed to fetch');
    send();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGES.genericError));
  });
});

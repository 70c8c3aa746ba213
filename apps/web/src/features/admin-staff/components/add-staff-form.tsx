import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@enq/contract';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { newActionKey } from '../../../lib/admin-api';
import { useAddStaff } from '../api/add-staff';

const EMPTY = { full_name: '', email: '', role: 'support' as StaffRole, reason: '' };

/** Add staff member (STAFF-01): they get an email to choose their password. */
export function AddStaffForm() {
  const [draft, setDraft] = useState(EMPTY);
  const [key, setKey] = useState(newActionKey);
  const [error, setError] = useState<{ field: string | undefined; message: string } | null>(null);
  const add = useAddStaff();
  const errorAt = (field: string) => (error?.field === field ? error.message : null);
  const set = (name: keyof typeof EMPTY, value: string) => setDraft((d) => ({ ...d, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(
      { input: draft, key },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setDraft(EMPTY);
          setKey(newActionKey());
        },
        onError: (e) =>
          setError(
            e instanceof ApiError
              ? { field: e.field, message: e.field ? e.message.replace(`${e.field}: `, '') : e.message }
              : { field: undefined, message: 'The staff member could not be added. Try again.' },
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold text-slate-900">Add staff member</h2>
      <p className="mt-1 text-sm text-slate-600">They get an email with a link to choose their password.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id="staff-name" label="Name" required error={errorAt('full_name')}>
          {(c) => <Input {...c} value={draft.full_name} onChange={(e) => set('full_name', e.target.value)} />}
        </Field>
        <Field id="staff-email" label="Email" required error={errorAt('email')}>
          {(c) => (
            <Input {...c} type="email" value={draft.email} onChange={(e) => set('email', e.target.value)} />
          )}
        </Field>
        <Field id="staff-role" label="Role" required>
          {(c) => (
            <Select {...c} value={draft.role} onChange={(e) => set('role', e.target.value)}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {STAFF_ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="staff-add-reason" label="Reason" required error={errorAt('reason')}>
          {(c) => <Input {...c} value={draft.reason} onChange={(e) => set('reason', e.target.value)} />}
        </Field>
      </div>
      {error && !error.field ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end">
        <Button type="submit" disabled={add.isPending}>
          Add staff member
        </Button>
      </div>
    </form>
  );
}

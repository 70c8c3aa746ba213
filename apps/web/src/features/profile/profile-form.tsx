import {
  PROFILE_FIELDS,
  PROFILE_LABELS,
  PROFILE_TEXT,
  formatPhoneForDisplay,
  validateProfile,
  type Profile,
  type ProfileField,
} from '@enq/contract';
import { useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/ui/button';
import { LeavePrompt } from '../../components/ui/leave-prompt';
import { ApiError } from '../../lib/api-client';
import { currentEnvironment } from '../../lib/environment';
import { useUpdateProfile } from './api/update-profile';

const INPUTS: Record<ProfileField, { type: string; autoComplete: string; required: boolean }> = {
  first_name: { type: 'text', autoComplete: 'given-name', required: true },
  last_name: { type: 'text', autoComplete: 'family-name', required: true },
  company: { type: 'text', autoComplete: 'organization', required: false },
  email: { type: 'email', autoComplete: 'email', required: true },
  billing_cc_email: { type: 'email', autoComplete: 'off', required: false },
  phone_number: { type: 'tel', autoComplete: 'tel', required: false },
};

const inputClass =
  'focus-ring mt-1 block w-full rounded-lg border-0 px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 aria-[invalid=true]:ring-red-500';

const isProfileField = (field: string | undefined): field is ProfileField =>
  PROFILE_FIELDS.includes(field as ProfileField);

/** The form shows a number the way people write it; the server stores E.164 either way. */
const formValues = (profile: Profile): Profile => ({
  ...profile,
  phone_number: formatPhoneForDisplay(profile.phone_number),
});

/** A message the server wrote for people, as opposed to a failure that never reached it. */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  return error.code === 'HTTP_ERROR' || error.code === 'PARSING_ERROR' ? null : error.message;
}

/** The six profile fields (PROF-01, PROF-03..15). */
export function ProfileForm({ profile, leaving }: { profile: Profile; leaving: boolean }) {
  const loaded = useMemo(() => formValues(profile), [profile]);
  const [values, setValues] = useState(loaded);
  const [error, setError] = useState<{ field: ProfileField; message: string } | null>(null);
  const inputs = useRef<Partial<Record<ProfileField, HTMLInputElement | null>>>({});
  const update = useUpdateProfile();

  // A saved or refreshed profile becomes the new starting point (adjusted while rendering, as React
  // advises, rather than one render late in an effect).
  const [startedFrom, setStartedFrom] = useState(loaded);
  if (startedFrom !== loaded) {
    setStartedFrom(loaded);
    setValues(loaded);
    setError(null);
  }

  const dirty = PROFILE_FIELDS.some((field) => values[field] !== loaded[field]);
  const focus = (field: ProfileField) => inputs.current[field]?.focus();

  function edit(field: ProfileField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (error?.field === field) setError(null);
  }

  function save() {
    // PROF-12: the first failing field speaks, nothing is sent.
    const invalid = validateProfile(values, currentEnvironment());
    setError(invalid);
    if (invalid) {
      focus(invalid.field);
      return;
    }
    update.mutate(values, {
      onSuccess: () => toast.success(PROFILE_TEXT.updated),
      onError: (failure) => {
        toast.error(serverMessage(failure) ?? PROFILE_TEXT.updateError);
        if (failure instanceof ApiError && isProfileField(failure.field)) focus(failure.field);
      },
    });
  }

  return (
    <form
      aria-label="Profile"
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && !update.isPending) save();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {PROFILE_FIELDS.map((field) => {
          const id = `profile-${field.replace(/_/g, '-')}`;
          const { type, autoComplete, required } = INPUTS[field];
          const message = error?.field === field ? error.message : undefined;
          return (
            <div key={field}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-700">
                {PROFILE_LABELS[field]}
                {required ? <span aria-hidden="true"> *</span> : null}
              </label>
              <input
                id={id}
                name={field}
                ref={(element) => {
                  inputs.current[field] = element;
                }}
                type={type}
                autoComplete={autoComplete}
                required={required}
                className={inputClass}
                value={values[field]}
                // Read-only rather than disabled while saving: a field the server names must take focus.
                readOnly={update.isPending}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-error` : undefined}
                onChange={(event) => edit(field, event.target.value)}
              />
              {message ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                  {message}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {dirty ? (
        <div className="flex gap-3">
          <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
            Save
          </Button>
          <Button
            variant="secondary"
            disabled={update.isPending}
            onClick={() => {
              setValues(loaded);
              setError(null);
            }}
          >
            Cancel
          </Button>
        </div>
      ) : null}
      <LeavePrompt when={dirty && !leaving} />
    </form>
  );
}

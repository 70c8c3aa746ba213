import {
  EMAIL_CHANGE_TEXT,
  PROFILE_FIELDS,
  PROFILE_LABELS,
  PROFILE_TEXT,
  type Profile,
  type ProfileField,
  type ProfileUpdate,
} from '@enq/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { LeavePrompt } from '../../components/ui/leave-prompt';
import { ApiError } from '../../lib/api-client';
import { currentEnvironment } from '../../lib/environment';
import { useUpdateProfile } from './api/update-profile';
import { changesSignInEmail, profileFormSchema, toProfileFormValues } from './profile-form-schema';

const INPUTS: Record<ProfileField, { type: string; autoComplete: string; required: boolean }> = {
  first_name: { type: 'text', autoComplete: 'given-name', required: true },
  last_name: { type: 'text', autoComplete: 'family-name', required: true },
  company: { type: 'text', autoComplete: 'organization', required: false },
  email: { type: 'email', autoComplete: 'email', required: true },
  billing_cc_email: { type: 'email', autoComplete: 'off', required: false },
  phone_number: { type: 'tel', autoComplete: 'tel', required: false },
};

type FormField = ProfileField | 'current_password';
const isFormField = (field: string | undefined): field is FormField =>
  field === 'current_password' || PROFILE_FIELDS.includes(field as ProfileField);

/** A message the server wrote for people, as opposed to a failure that never reached it. */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  return error.code === 'HTTP_ERROR' || error.code === 'PARSING_ERROR' ? null : error.message;
}

/** The six profile fields (PROF-01, PROF-03..15). */
export function ProfileForm({ profile, leaving }: { profile: Profile; leaving: boolean }) {
  const loaded = useMemo(() => toProfileFormValues(profile), [profile]);
  const schema = useMemo(() => profileFormSchema(currentEnvironment()), []);
  const { register, control, handleSubmit, reset, clearErrors, setFocus, formState } = useForm<ProfileUpdate>(
    {
      // A saved or refreshed profile becomes the new starting point.
      values: loaded,
      resolver: zodResolver(schema),
      // The first error blocks Save and speaks until its field is edited, then waits for the next Save.
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
    },
  );
  const values = useWatch({ control });
  const update = useUpdateProfile();
  const dirty = PROFILE_FIELDS.some((field) => (values[field] ?? loaded[field]) !== loaded[field]);
  const emailChanging = changesSignInEmail(values.email, loaded.email);

  const save = ({ current_password: password, ...typed }: ProfileUpdate) =>
    update.mutate(emailChanging ? { ...typed, current_password: password ?? '' } : typed, {
      // A new email waits for its link: the server says what happens next (PROF-13 otherwise).
      onSuccess: ({ message, ...saved }) => {
        // The email stays the old one until its link is opened: show that, and forget the password.
        reset(toProfileFormValues(saved));
        toast.success(message ?? PROFILE_TEXT.updated);
      },
      onError: (failure) => {
        toast.error(serverMessage(failure) ?? PROFILE_TEXT.updateError);
        if (failure instanceof ApiError && isFormField(failure.field)) setFocus(failure.field);
      },
    });

  return (
    <form
      aria-label="Profile"
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        if (dirty && !update.isPending) void handleSubmit(save)(event);
        else event.preventDefault();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {PROFILE_FIELDS.map((field) => {
          const { type, autoComplete, required } = INPUTS[field];
          return (
            <Field
              key={field}
              id={`profile-${field.replace(/_/g, '-')}`}
              label={PROFILE_LABELS[field]}
              required={required}
              error={formState.errors[field]?.message}
            >
              {(aria) => (
                <Input
                  {...aria}
                  {...register(field, { onChange: () => clearErrors(field) })}
                  type={type}
                  autoComplete={autoComplete}
                  // Read-only rather than disabled while saving: a field the server names must take focus.
                  readOnly={update.isPending}
                />
              )}
            </Field>
          );
        })}
        {emailChanging ? (
          <div>
            <Field
              id="profile-current-password"
              label={EMAIL_CHANGE_TEXT.currentPasswordLabel}
              required
              error={formState.errors.current_password?.message}
            >
              {(aria) => (
                <Input
                  {...aria}
                  {...register('current_password', { onChange: () => clearErrors('current_password') })}
                  type="password"
                  autoComplete="current-password"
                  readOnly={update.isPending}
                />
              )}
            </Field>
            <p className="mt-1 text-sm text-slate-600">{EMAIL_CHANGE_TEXT.currentPasswordHint}</p>
          </div>
        ) : null}
      </div>
      {dirty ? (
        <div className="flex gap-3">
          <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
            Save
          </Button>
          <Button variant="secondary" disabled={update.isPending} onClick={() => reset(loaded)}>
            Cancel
          </Button>
        </div>
      ) : null}
      <LeavePrompt when={dirty && !leaving} />
    </form>
  );
}

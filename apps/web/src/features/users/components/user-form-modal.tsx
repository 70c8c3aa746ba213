import type { HoldMusic, UserFieldErrors } from '@enq/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Field, Input } from '../../../components/ui/field';
import { HoldMusicSelect } from './hold-music-select';
import { PreviewButton, useTrackPreview } from './track-preview';
import { toUserDraft, userFormSchema, type UserDraft } from './user-form-schema';
import { UsersDialog } from './users-dialog';

export type { UserDraft } from './user-form-schema';

interface UserFormModalProps {
  title: string;
  confirmLabel: string;
  initial: UserDraft;
  list: HoldMusic[];
  /** The admin's name and email are not editable (USR-75). */
  identityLocked?: boolean;
  validate: (draft: UserDraft) => UserFieldErrors;
  onSubmit: (draft: UserDraft) => void;
  onClose: () => void;
  /** Below the form (Edit user info: the user's PIN and its actions); told whether the form has edits. */
  footer?: (edited: boolean) => ReactNode;
}

/**
 * 'Edit user info' (Save/Cancel) and 'Add new user' (Add/Cancel): one form, two uses. Both let the
 * person hear a track before choosing it, which a row's select cannot.
 */
export function UserFormModal({
  title,
  confirmLabel,
  initial,
  list,
  identityLocked = false,
  validate,
  onSubmit,
  onClose,
  footer,
}: UserFormModalProps) {
  const id = useId();
  const preview = useTrackPreview();
  const schema = useMemo(() => userFormSchema(validate), [validate]);
  const { register, control, handleSubmit, formState } = useForm<UserDraft>({
    defaultValues: { full_name: initial.full_name, email: initial.email, hold_music: initial.hold_music },
    resolver: zodResolver(schema),
    // A field speaks once it has been left or after Add/Save, then follows each keystroke.
    mode: 'onTouched',
  });
  const { errors } = formState;
  return (
    <UsersDialog open title={title} confirmLabel={confirmLabel} onClose={onClose} formId={`${id}-form`}>
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={(event) => void handleSubmit((values) => onSubmit(toUserDraft(values)))(event)}
        className="space-y-4 text-slate-800"
      >
        <Field
          id={`${id}-name`}
          label="Full name"
          required={!identityLocked}
          error={errors.full_name?.message}
        >
          {(aria) =>
            identityLocked ? (
              <Input {...aria} value={initial.full_name} disabled />
            ) : (
              <Input {...aria} {...register('full_name')} autoComplete="off" />
            )
          }
        </Field>
        <Field id={`${id}-email`} label="Email" required={!identityLocked} error={errors.email?.message}>
          {(aria) =>
            identityLocked ? (
              <Input {...aria} type="email" value={initial.email} disabled />
            ) : (
              <Input {...aria} {...register('email')} type="email" autoComplete="off" />
            )
          }
        </Field>
        <Field id={`${id}-music`} label="Hold music">
          {(aria) => (
            <Controller
              control={control}
              name="hold_music"
              render={({ field }) => (
                <div className="flex flex-wrap items-center gap-2">
                  <div className="min-w-0 flex-1">
                    <HoldMusicSelect
                      id={aria.id}
                      label="Hold music"
                      size="md"
                      value={field.value}
                      list={list}
                      onChange={(value) => {
                        field.onChange(value);
                        if (preview.state === 'playing') preview.stop();
                      }}
                    />
                  </div>
                  <PreviewButton track={list.find((t) => t.value === field.value)} preview={preview} />
                </div>
              )}
            />
          )}
        </Field>
      </form>
      {footer?.(formState.isDirty)}
    </UsersDialog>
  );
}

import type { UserFieldErrors } from '@enq/contract';
import { z } from 'zod';

/** The user form's values: what 'Add new user' and 'Edit user info' edit. */
export const userDraftSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  hold_music: z.string(),
});

export type UserDraft = z.infer<typeof userDraftSchema>;

/**
 * The form's schema: its shape, then the page's own rules for this use of the form (a new user's name
 * length and free email, an edited user's unique email), each message on the field it names.
 */
export function userFormSchema(validate: (draft: UserDraft) => UserFieldErrors) {
  return userDraftSchema.superRefine((draft, ctx) => {
    const errors = validate(draft);
    for (const field of ['full_name', 'email'] as const) {
      const message = errors[field];
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}

/** What the form hands on: the name and email as typed, without surrounding spaces. */
export const toUserDraft = (values: UserDraft): UserDraft => ({
  ...values,
  full_name: values.full_name.trim(),
  email: values.email.trim(),
});

import {
  formatPhoneForDisplay,
  validateProfile,
  type PortalEnvironment,
  type Profile,
  type ProfileUpdate,
} from '@enq/contract';
import { z } from 'zod';

/** The six fields as typed (the server trims them and stores the phone in E.164). */
const profileValuesSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  email: z.string(),
  billing_cc_email: z.string(),
  phone_number: z.string(),
  current_password: z.string().optional(),
});

/**
 * The profile form's schema. The first error blocks save (docs/requirements.md, Decisions): only the first failing field
 * in form order speaks, so the form gets at most one message.
 */
export function profileFormSchema(environment: PortalEnvironment) {
  return profileValuesSchema.superRefine((values, ctx) => {
    const invalid = validateProfile(values, environment);
    if (invalid) ctx.addIssue({ code: 'custom', path: [invalid.field], message: invalid.message });
  });
}

/** The form shows a number the way people write it; the server stores E.164 either way. */
export const toProfileFormValues = (profile: Profile): ProfileUpdate => ({
  ...profile,
  phone_number: formatPhoneForDisplay(profile.phone_number),
  current_password: '',
});

/** A new sign-in email (not just its case) needs the current password (issue 22). */
export const changesSignInEmail = (typed: string | undefined, loaded: string) =>
  typed !== undefined && typed.trim().toLowerCase() !== loaded.trim().toLowerCase();

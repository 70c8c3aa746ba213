import { z } from 'zod';

/** GET and PUT /profile/: the six fields of the profile form (second document, sections 2 and 3). */
export const PROFILE_PATHS = {
  profile: '/profile/',
  changePassword: '/profile/change-password/',
} as const;

export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'email',
  'billing_cc_email',
  'phone_number',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const profileSchema = z
  .object({
    first_name: z.string().max(100),
    last_name: z.string().max(100),
    company: z.string().max(200),
    email: z.string().max(320),
    billing_cc_email: z.string().max(320),
    phone_number: z.string().max(40),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

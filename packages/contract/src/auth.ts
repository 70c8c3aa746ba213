import { z } from 'zod';

export const sessionRequestSchema = z
  .object({ id_token: z.string().min(1).max(8192) })
  .meta({ id: 'SessionRequest', description: "The identity provider's ID token to exchange." });
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

export const sessionResponseSchema = z
  .object({
    token: z.string(),
    expires_at: z.string().meta({ description: 'ISO 8601 time after which the token is refused' }),
    new_device: z.boolean().meta({
      description:
        "Call POST /new-device: this person never signed in from this browser before, or the identity provider's risk assessment has low confidence for impossible travel or a new device",
    }),
  })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const meResponseSchema = z
  .object({
    person_id: z.string(),
    account_id: z.string(),
    email: z.string(),
    full_name: z.string(),
    is_staff: z.boolean(),
    is_admin: z.boolean().meta({ description: 'True for the account holder' }),
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const logoutResponseSchema = z.object({ message: z.string() }).meta({ id: 'LogoutResponse' });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** Log Out ends this browser's sign-in (SHELL-20); Profile's Sign out of all devices ends every one. */
export const SIGN_OUT_TEXT = {
  signedOut: 'Signed out.',
  signedOutEverywhere: 'Signed out of all devices.',
  heading: 'Signed-in devices',
  explain:
    'Log Out signs out this browser only. To sign out of the portal on every browser and device, this one included, sign out of all devices.',
  button: 'Sign out of all devices',
  confirmTitle: 'Sign out of all devices?',
  confirmBody:
    'Every browser and device signed in to the portal as you is signed out, this one included. You sign in again with your password.',
  error: 'Signing out of all devices did not work. Please try again.',
} as const;

/** How long an API token lives after the exchange. */
export const API_TOKEN_TTL_SECONDS = 12 * 60 * 60;

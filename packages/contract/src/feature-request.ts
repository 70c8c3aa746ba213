import { z } from 'zod';
import { isValidEmail, type PortalEnvironment } from './environment';
import { formatNumber } from './format';

/** GET /feature-request/: the address of the form the portal embeds (FEAT-01, FEAT-02). */
export const FEATURE_REQUEST_PATHS = { root: '/feature-request/' } as const;

export const featureRequestResponseSchema = z
  .object({
    form_url: z.string().meta({ description: 'The form address with the profile prefill parameters' }),
  })
  .meta({ id: 'FeatureRequestForm' });
export type FeatureRequestResponse = z.infer<typeof featureRequestResponseSchema>;

/**
 * The portal page's own parameter it passes on to the form: a flow that knows what the customer is
 * missing (the cancel flow's "Missing a feature", issue 64) opens the form with their words in Details.
 */
export const FEATURE_REQUEST_DETAILS_PARAM = 'details';

/** The query parameters the form reads its prefill from (FEAT-02), in the form's order. */
export const FEATURE_REQUEST_PREFILL = ['first_name', 'last_name', 'email', 'phone'] as const;
export type FeatureRequestPrefill = Partial<Record<(typeof FEATURE_REQUEST_PREFILL)[number], string>>;

/**
 * The configured form address with the profile's email, phone, first and last name as query
 * parameters (percent-encoded by URLSearchParams); blank values are left out, the form's own
 * parameters are kept.
 */
export function featureRequestFormUrl(formUrl: string, prefill: FeatureRequestPrefill): string {
  const url = new URL(formUrl);
  for (const name of FEATURE_REQUEST_PREFILL) {
    const value = prefill[name]?.trim();
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  return url.toString();
}

export const FEATURE_REQUEST_TEXT = {
  frameTitle: 'Feature request form',
  intro: 'Tell us what would make enQ work better for your practice. Our product team reads every request.',
  thanks: 'Thank you! Your feature request has been sent to the enQ product team.',
} as const;

export const FEATURE_REQUEST_LIMITS = {
  name: 100,
  email: 320,
  phone: 40,
  titleMin: 3,
  title: 120,
  detailsMin: 10,
  details: 5000,
} as const;

export const FEATURE_REQUEST_MESSAGES = {
  email: 'Enter a valid email address.',
  title: `Enter a title of ${FEATURE_REQUEST_LIMITS.titleMin} to ${FEATURE_REQUEST_LIMITS.title} characters.`,
  details: `Describe your request in ${FEATURE_REQUEST_LIMITS.detailsMin} to ${formatNumber(FEATURE_REQUEST_LIMITS.details)} characters.`,
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters.`,
} as const;

export interface FeatureRequestInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  title: string;
  details: string;
}
export type FeatureRequestField = keyof FeatureRequestInput;

/** The local form's rules: email, title and details are required, every field is bounded. */
export function validateFeatureRequest(
  input: FeatureRequestInput,
  environment: PortalEnvironment,
): Partial<Record<FeatureRequestField, string>> {
  const errors: Partial<Record<FeatureRequestField, string>> = {};
  const L = FEATURE_REQUEST_LIMITS;
  if (input.first_name.trim().length > L.name)
    errors.first_name = FEATURE_REQUEST_MESSAGES.tooLong('First name', L.name);
  if (input.last_name.trim().length > L.name)
    errors.last_name = FEATURE_REQUEST_MESSAGES.tooLong('Last name', L.name);
  const email = input.email.trim();
  if (email.length > L.email || !isValidEmail(email, environment))
    errors.email = FEATURE_REQUEST_MESSAGES.email;
  if (input.phone.trim().length > L.phone) errors.phone = FEATURE_REQUEST_MESSAGES.tooLong('Phone', L.phone);
  const title = input.title.trim().length;
  if (title < L.titleMin || title > L.title) errors.title = FEATURE_REQUEST_MESSAGES.title;
  const details = input.details.trim().length;
  if (details < L.detailsMin || details > L.details) errors.details = FEATURE_REQUEST_MESSAGES.details;
  return errors;
}

import { randomBytes } from 'node:crypto';

/**
 * AUTH-13 with an external identity provider. The risk assessment is read in the shape Auth0's
 * Adaptive MFA hands a post-login Action (`event.authentication.riskAssessment`), which the provider
 * copies into the ID token under the claim OIDC_RISK_CLAIM names:
 *
 *   { "confidence": "low", "version": "1",
 *     "assessments": { "ImpossibleTravel": { "confidence": "low", "code": "impossible_travel_from_last_login" },
 *                      "NewDevice": { "confidence": "high", "code": "match" },
 *                      "UntrustedIP": { "confidence": "high", "code": "not_found_on_deny_list" } } }
 *
 * Each assessor's confidence is one of low, medium, high or neutral. Only the two assessors the rule
 * names count, and only at low confidence; the overall confidence is not read, since an untrusted IP
 * alone can make it low.
 */
export type SignInRiskReason = 'impossible_travel' | 'new_device';

const ASSESSORS: Record<string, SignInRiskReason> = {
  ImpossibleTravel: 'impossible_travel',
  NewDevice: 'new_device',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rule's reasons the assessment reports with low confidence; none for anything else or nothing. */
export function lowConfidenceReasons(assessment: unknown): SignInRiskReason[] {
  if (!isRecord(assessment) || !isRecord(assessment.assessments)) return [];
  const { assessments } = assessment;
  return Object.entries(ASSESSORS)
    .filter(([assessor]) => {
      const result = assessments[assessor];
      return isRecord(result) && result.confidence === 'low';
    })
    .map(([, reason]) => reason);
}

/**
 * A risky sign-in from an external provider names no device the portal could know again: it is
 * recorded as a sighting of its own, so POST /new-device records it and emails its notice once.
 */
export const riskySignInSightingId = () => randomBytes(32).toString('base64url');

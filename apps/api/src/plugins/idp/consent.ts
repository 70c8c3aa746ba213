import type Provider from 'oidc-provider';

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

interface MissingConsent {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

/**
 * The portal is our own first-party client: consent is implied (see loadExistingGrant). A consent
 * prompt (`prompt=consent`, or scopes the grant lacks) is finished with a grant for what was asked;
 * a result without one sends the browser back to the same prompt, for ever.
 * Returns the grant's id for the interaction's `consent` result.
 */
export async function impliedConsent(provider: Provider, details: InteractionDetails): Promise<string> {
  const accountId = details.session!.accountId;
  const clientId = String(details.params.client_id);
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const missing = details.prompt.details as MissingConsent;
  if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  return grant.save();
}

import { randomUUID } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { AUTH_CALLBACK_PATH } from '@enq/contract';
import type { AppConfig } from '../../config';
import { DEVICE_ID_CLAIM } from '../../domain/auth/device-id';
import { findSignInClaims } from '../../domain/auth/people-repository';
import type { Transactional } from '../../db/handle';
import { databaseAdapter } from './adapter';
import type { IdpSecrets } from './keys';
import { html, trustedHtml } from '../../html';
import { renderAuthPage } from './auth-page';

interface ProviderOptions {
  config: AppConfig;
  database: Transactional;
  secrets: IdpSecrets;
}

function redirectUris(publicUrl: string): string[] {
  const uris = [`${publicUrl}${AUTH_CALLBACK_PATH}`];
  // Locally the same server is reached as localhost and 127.0.0.1; both are this portal.
  const url = new URL(publicUrl);
  if (url.hostname === 'localhost') uris.push(`${url.protocol}//127.0.0.1:${url.port}${AUTH_CALLBACK_PATH}`);
  if (url.hostname === '127.0.0.1') uris.push(`${url.protocol}//localhost:${url.port}${AUTH_CALLBACK_PATH}`);
  return uris;
}

export function createProvider({ config, database, secrets }: ProviderOptions): Provider {
  const configuration: Configuration = {
    adapter: databaseAdapter(database),
    clients: [
      {
        client_id: config.oidc.clientId,
        client_name: 'enQ account portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: redirectUris(config.publicUrl),
        post_logout_redirect_uris: [config.sites.marketing],
      },
    ],
    // Publish only what the one client may use: the code flow (no implicit or hybrid), no refresh
    // tokens (no offline_access), no client secrets (a public client with PKCE).
    responseTypes: ['code'],
    scopes: ['openid'],
    clientAuthMethods: ['none'],
    jwks: { keys: [secrets.signingKey as never] },
    cookies: { keys: secrets.cookieKeys, long: { signed: true }, short: { signed: true } },
    // The email and name claims of the scopes asked go in the ID token too, the token a client reads
    // first, not only in userinfo (oidc-provider keeps them out of it by default when it issues an access token).
    conformIdTokenClaims: false,
    claims: {
      // amr: how the person signed in (pwd, and otp after a two-factor code, TOTP).
      openid: ['sub', DEVICE_ID_CLAIM, 'jti', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    async findAccount(ctx, sub, token) {
      const person = await findSignInClaims(database, sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async (use) => {
          const source = token as { sessionUid?: string; clientId?: string } | undefined;
          const deviceId =
            use === 'id_token' && source?.sessionUid && source.clientId
              ? await deviceOfSession(ctx.oidc.provider, source.sessionUid, source.clientId)
              : null;
          return {
            sub,
            email: person.email,
            email_verified: true,
            name: person.full_name,
            ...(deviceId ? { [DEVICE_ID_CLAIM]: deviceId } : {}),
            // Every ID token is distinct, even two silent sign-ins in one second: the session exchange
            // accepts each token once, so identical tokens would refuse a real second sign-in.
            ...(use === 'id_token' ? { jti: randomUUID() } : {}),
          };
        },
      };
    },
    // The portal is our own first-party client: consent is implied, so a grant is made on sign-in.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(config.oidc.scope);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          // The portal's Log Out sends the ID token it signed in with (oidc-provider has checked it by
          // now): one click, pressed for the person. Anyone else's link to this page is asked first, so
          // a link from another site cannot sign a person out.
          const fromPortal = Boolean(ctx.oidc.params?.id_token_hint);
          ctx.body = renderAuthPage({
            title: 'Signing out',
            // The form is oidc-provider's own markup (its hidden xsrf field and action).
            body: html`<h1>${fromPortal ? 'Signing you out…' : 'Sign out of enQ?'}</h1>
              ${trustedHtml(form)}
              <button
                class="button"
                type="submit"
                form="op.logoutForm"
                name="logout"
                value="yes"
                id="confirm-logout"
              >
                Sign out
              </button>`,
            ...(fromPortal ? { script: '/interaction-assets/logout.js' } : {}),
          });
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = renderAuthPage({
            title: 'Signed out',
            body: html`<h1>You are signed out</h1>
              <p><a class="link" href="${config.sites.marketing}">Continue to enQ</a></p>`,
          });
        },
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderAuthPage({
        title: 'Sign-in problem',
        body: html`<h1>We could not complete sign-in</h1>
          <p class="error">${String(out.error_description ?? out.error ?? 'Unknown error')}</p>
          <p><a class="link" href="/">Start again</a></p>`,
      });
    },
    ttl: {
      Session: 14 * 24 * 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      IdToken: 60 * 60,
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
    },
  };
  const provider = new Provider(config.oidc.issuer, configuration);
  // The plugin sets X-Forwarded-Host/Proto/For itself from PUBLIC_URL and the client address Fastify
  // worked out (see index.ts), so the provider never builds a URL from what the client wrote.
  provider.proxy = true;
  provider.on('interaction.ended', rememberDevice);
  return provider;
}

/** What the login page hands the provider besides the login itself (see the login route). */
export interface LoginDevice {
  device?: { id: string };
}

// oidc-provider stores only its own fields of a session, but keeps each client's container in it as
// given: the device of a sign-in rides there from the login page to the code exchange, where the ID
// token is made. The container lives as long as the session, so silent sign-ins carry it too.
type DeviceContainer = { [DEVICE_ID_CLAIM]?: string };

/** On the way back from the login page: the session remembers which device signed in. */
function rememberDevice(ctx: KoaContextWithOIDC): void {
  const deviceId = (ctx.oidc.result as LoginDevice | undefined)?.device?.id;
  const clientId = ctx.oidc.client?.clientId;
  const { session } = ctx.oidc;
  if (!deviceId || !clientId || !session || !ctx.oidc.result?.login) return;
  session.ensureClientContainer(clientId);
  (session.authorizationFor(clientId) as DeviceContainer)[DEVICE_ID_CLAIM] = deviceId;
}

async function deviceOfSession(
  provider: Provider,
  sessionUid: string,
  clientId: string,
): Promise<string | null> {
  const session = await provider.Session.findByUid(sessionUid);
  const container = session?.authorizations?.[clientId] as DeviceContainer | undefined;
  return container?.[DEVICE_ID_CLAIM] ?? null;
}

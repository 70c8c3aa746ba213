import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { AUTH_CALLBACK_PATH } from '@enq/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { databaseAdapter } from './adapter';
import type { IdpSecrets } from './keys';
import { escapeHtml, renderAuthPage } from './pages';

interface ProviderOptions {
  config: AppConfig;
  database: Database;
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
    jwks: { keys: [secrets.signingKey as never] },
    cookies: { keys: secrets.cookieKeys, long: { signed: true }, short: { signed: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, sub) {
      const [person] = await database.query<{ email: string; full_name: string }>(
        'select email, full_name from people where identity_subject = $1 and password_hash is not null',
        [sub],
      );
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: person.email, email_verified: true, name: person.full_name }),
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
          ctx.body = renderAuthPage({
            title: 'Signing out',
            body: `<h1>Signing you out…</h1>${form}
              <button class="button" type="submit" form="op.logoutForm" name="logout" value="yes" id="confirm-logout">Sign out</button>`,
            script: '/interaction-assets/logout.js',
          });
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = renderAuthPage({
            title: 'Signed out',
            body: `<h1>You are signed out</h1><p><a class="link" href="${escapeHtml(config.sites.marketing)}">Continue to enQ</a></p>`,
          });
        },
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderAuthPage({
        title: 'Sign-in problem',
        body: `<h1>We could not complete sign-in</h1>
          <p class="error">${escapeHtml(String(out.error_description ?? out.error ?? 'Unknown error'))}</p>
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
  provider.proxy = config.trustProxy;
  return provider;
}

import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ADMIN_PATH } from '@enq/contract';
import { DEFAULT_SELLER } from './domain/billing-engine/invoice-issuer';

/**
 * The signing secret the sandbox signs its events with, and the webhook checks them with, when
 * STRIPE_WEBHOOK_SECRET is not set and Stripe is not the provider (development and tests). With
 * STRIPE_SECRET_KEY set only STRIPE_WEBHOOK_SECRET is taken (docs/billing.md, "Payments").
 */
export const DEV_WEBHOOK_SECRET = 'whsec_enq_sandbox_development_only';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const url = z.url({ protocol: /^https?$/ });
/** An origin (scheme, host, port): a path, query or fragment would be silently dropped, so it is refused. */
const origin = url
  .refine((v) => /^https?:\/\/[^/?#]+\/?$/i.test(v), 'must be an origin such as https://api.example.com')
  .transform((v) => new URL(v).origin);
/** A comma list of origins; empty entries are ignored. */
const originList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(z.array(origin));

const isAddressOrCidr = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};

/**
 * Which proxies' X-Forwarded-For entries to believe; the client is the right-most address not trusted.
 * 'true' means one proxy (the one the connection comes from), never "believe every entry": the left-most
 * entries are whatever the client wrote. A number is that many proxies; a list names them.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'must be true, false, a number of proxies, or a comma list of proxy addresses or CIDRs',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('enq-portal'),
  // The ID token claim an external provider puts its sign-in risk assessment in (AUTH-13).
  OIDC_RISK_CLAIM: z.string().trim().min(1).max(200).default('risk_assessment'),
  // Each environment's API and identity provider as the page is told them (AUTH-10..12); unset, the
  // page's own origin and OIDC_ISSUER.
  LOCAL_API_ORIGIN: origin.optional(),
  DEV_API_ORIGIN: origin.optional(),
  PRODUCTION_API_ORIGIN: origin.optional(),
  LOCAL_OIDC_ISSUER: url.optional(),
  DEV_OIDC_ISSUER: url.optional(),
  PRODUCTION_OIDC_ISSUER: url.optional(),
  // Pages served from other origins that may call this API (their environment maps to it).
  CORS_ORIGINS: originList.optional(),
  MARKETING_URL: url.optional(),
  SUPPORT_URL: url.optional(),
  ADMIN_PANEL_URL: url.optional(),
  SEED_DEMO: booleanFlag.default(true),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  /** Stripe's signing secret of the webhook endpoint (whsec_…); without Stripe, a development default. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe signing secret (whsec_…)')
    .optional(),
  /**
   * The sandbox's events: `send` (as Stripe does) or `hold` (kept in `sandbox_events`, never sent), for a
   * test of the paths that must not wait for an event, such as asking the provider after a crash.
   */
  SANDBOX_EVENTS: z.enum(['send', 'hold']).default('send'),
  TELEPHONY_SERVICE_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  /** `off`: no /metrics page and no per-request counting (bench/metrics.ts measures what it costs). */
  METRICS: z.enum(['on', 'off']).default('on'),
  /** A bearer token that reads /metrics from anywhere (the operator's scraper). */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Addresses and CIDRs that read /metrics without a token: this machine unless told. */
  METRICS_ALLOW: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every((e) => e.includes('/') || isIP(e)) && entries.every(isAddressOrCidr), {
      message: 'must be a comma list of addresses or CIDRs',
    })
    .default(['127.0.0.1/8', '::1/128']),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** A PEM file of certificate authorities to trust for the mail server (a private CA, a self-signed server). */
  SMTP_TLS_CA: z
    .string()
    .transform((path, ctx) => {
      try {
        return readFileSync(resolve(path), 'utf8');
      } catch {
        ctx.addIssue({ code: 'custom', message: `cannot read the file ${path}` });
        return z.NEVER;
      }
    })
    .optional(),
  /** `off`: never TLS, for a mail server on this machine or network that offers a certificate nobody issued. */
  SMTP_TLS: z.enum(['auto', 'off']).default('auto'),
  MAIL_FROM: z.string().trim().min(3).max(300).default('enQ <no-reply@enq.example.com>'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  JOB_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  TOKEN_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  FEATURE_REQUEST_FORM_URL: url.optional(),
  SELLER_NAME: z.string().trim().min(1).max(200).default(DEFAULT_SELLER.name),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .default(DEFAULT_SELLER.address.join('; '))
    .transform((v) =>
      v
        .split(';')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  SELLER_EMAIL: z.email().default(DEFAULT_SELLER.email),
  SELLER_TAX_ID: z.string().trim().min(1).max(50).default(DEFAULT_SELLER.tax_id),
  TAX_RATE_PERCENT: z.coerce.number().min(0).max(50).default(0),
  PAYMENT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(30),
  CLOSE_GRACE_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  CANCEL_REMINDER_DAYS: z.coerce.number().int().min(1).max(400).default(7),
});

export type AppConfig = ReturnType<typeof deriveConfig>;

const endpoints = (apiOrigin: string | undefined, issuer: string | undefined) => ({
  apiOrigin: apiOrigin ?? null,
  oidcIssuer: issuer?.replace(/\/$/, '') ?? null,
});

function deriveConfig(env: z.output<typeof envSchema>) {
  // Loopback and wildcard addresses are reached as localhost, which is what a person types.
  const listenHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(env.HOST) ? 'localhost' : env.HOST;
  const publicUrl = (env.PUBLIC_URL ?? `http://${listenHost}:${env.PORT}`).replace(/\/$/, '');
  const embeddedIdp = !env.OIDC_ISSUER;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: resolve(repoRoot, env.DATA_DIR) } as const),
    oidc: {
      embedded: embeddedIdp,
      issuer: (env.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
      clientId: env.OIDC_CLIENT_ID,
      scope: 'openid email profile',
      riskClaim: env.OIDC_RISK_CLAIM,
    },
    environments: {
      local: endpoints(env.LOCAL_API_ORIGIN, env.LOCAL_OIDC_ISSUER),
      dev: endpoints(env.DEV_API_ORIGIN, env.DEV_OIDC_ISSUER),
      production: endpoints(env.PRODUCTION_API_ORIGIN, env.PRODUCTION_OIDC_ISSUER),
    },
    corsOrigins: env.CORS_ORIGINS ?? [],
    sites: {
      marketing: env.MARKETING_URL ?? `${publicUrl}/site/`,
      support: env.SUPPORT_URL ?? `${publicUrl}/site/support`,
      adminPanel: env.ADMIN_PANEL_URL ?? `${publicUrl}${ADMIN_PATH}`,
      // The feature-request form the portal embeds: our own local form page unless an external one is set.
      featureRequestForm: env.FEATURE_REQUEST_FORM_URL ?? `${publicUrl}/site/feature-request`,
    },
    smtpUrl: env.SMTP_URL,
    smtpTls: { ca: env.SMTP_TLS_CA, mode: env.SMTP_TLS },
    mail: {
      from: env.MAIL_FROM,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      // The wait after the first failed try, doubled after each further one.
      retryBaseSeconds: env.MAIL_RETRY_SECONDS,
    },
    jobs: {
      // A job still active this long after it started is taken to have died with its process, and retried.
      expireSeconds: env.JOB_EXPIRE_SECONDS,
      pollSeconds: env.JOB_POLL_SECONDS,
      // The wait before a failed or expired job's first retry, doubled after each further one.
      retrySeconds: env.JOB_RETRY_SECONDS,
    },
    payments: {
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      // The webhook's signing secret. The sandbox signs with a development default; with Stripe's key
      // set and no secret, no event is accepted (a secret of ours would let anyone forge Stripe's).
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? (env.STRIPE_SECRET_KEY ? null : DEV_WEBHOOK_SECRET),
      // Whether the sandbox sends its events to the webhook, or holds them back (kept, never sent).
      sandboxEvents: env.SANDBOX_EVENTS,
      // How long a charge may take before its outcome counts as unknown (the attempt stays pending and
      // the reconciliation job asks the provider); also how old a pending attempt must be to be asked about.
      timeoutMs: env.PAYMENT_TIMEOUT_SECONDS * 1000,
    },
    telephonyServiceKey: env.TELEPHONY_SERVICE_KEY,
    metrics: { enabled: env.METRICS === 'on', token: env.METRICS_TOKEN, allow: env.METRICS_ALLOW },
    // How long after a period ends its close waits, so calls posted a little late land in their own period.
    closeGraceMs: env.CLOSE_GRACE_MINUTES * 60_000,
    // How many days before a cancelled plan's period ends its "Keep this plan" reminder goes out.
    cancelReminderDays: env.CANCEL_REMINDER_DAYS,
    seedDemo: env.SEED_DEMO,
    // What every invoice states about its issuer, copied onto the invoice when it is issued.
    invoiceIssuer: {
      seller: {
        name: env.SELLER_NAME,
        address: env.SELLER_ADDRESS,
        email: env.SELLER_EMAIL,
        tax_id: env.SELLER_TAX_ID,
      },
      taxRateBasisPoints: Math.round(env.TAX_RATE_PERCENT * 100),
    },
    // How long a token lookup is reused. PGlite has one process, which sees every revocation itself;
    // processes sharing a PostgreSQL server learn of one made elsewhere within this time.
    tokenCacheTtlMs: (env.TOKEN_CACHE_SECONDS ?? (env.DATABASE_URL ? 5 : 60)) * 1000,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    webDist: resolve(repoRoot, env.WEB_DIST ?? 'apps/web/dist'),
  };
}

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value names its variable and stops the process. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means unset, as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return deriveConfig(parsed.data);
}

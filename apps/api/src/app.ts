import compress from '@fastify/compress';
import { fastifyRequestContext } from '@fastify/request-context';
import { API_ACCOUNT_BASE, API_ADMIN_BASE, API_AUTH_BASE } from '@enq/contract';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';
import { tracing } from './tracing/spans';
import type { Database } from './db/client';
import { loggerOptions, logsRequests, requestIdField } from './logging';
import authPlugin from './plugins/auth';
import billingPlugin from './plugins/billing';
import { composeBilling } from './composition';
import type { Clock } from './domain/ports/clock';
import clockPlugin from './plugins/clock';
import corsPlugin from './plugins/cors';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import idpPlugin from './plugins/idp';
import jobsPlugin from './plugins/jobs';
import afterAnswerPlugin from './plugins/after-answer';
import mailerPlugin from './plugins/mailer';
import noStorePlugin from './plugins/no-store';
import metricsPlugin from './plugins/metrics';
import openapiPlugin from './plugins/openapi';
import sandboxEventsPlugin from './plugins/payments/sandbox-events';
import paymentsPlugin from './plugins/payments';
import rateLimitPlugin from './plugins/rate-limit';
import securityHeadersPlugin from './plugins/security-headers';
import telephonyPlugin from './plugins/telephony';
import type { PaymentProvider } from './domain/ports/payment-provider';
import sitePages from './routes/site';
import { validatorCompiler } from './plugins/validation';
import webApp from './routes/web';
import accountRoutes from './routes/api/v1/account';
import adminRoutes from './routes/api/v1/admin';
import authRoutes from './routes/api/v1/auth';
import configRoute from './routes/api/v1/config';
import paymentsRoutes from './routes/api/v1/payments';
import sandboxAuthenticationPage from './routes/api/v1/payments/sandbox-authentication';
import telephonyRoutes from './routes/api/v1/telephony';
import stripeWebhookRoutes from './routes/api/v1/webhooks/stripe';
import healthRoutes from './routes/health';
import contactCardRoutes from './routes/contact-card';
import idpRoutes from './routes/idp';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface BuildOptions {
  config: AppConfig;
  /** An already open database (tests); otherwise the configured one is opened. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Business time; tests and simulations pass their own. */
  clock?: Clock;
  /** The card provider; by default the configured one (Stripe with a key, else the sandbox). */
  payments?: PaymentProvider;
  /** Run scheduled jobs (period close); tests drive them by hand. */
  scheduleJobs?: boolean;
}

const environmentIssuers = (config: AppConfig) =>
  Object.values(config.environments).flatMap((e) => (e.oidcIssuer ? [e.oidcIssuer] : []));
const environmentOrigins = (config: AppConfig) => [
  ...environmentIssuers(config),
  ...Object.values(config.environments).flatMap((e) => (e.apiOrigin ? [e.apiOrigin] : [])),
];

function contentSecurityPolicy(config: AppConfig) {
  const origins = (...urls: string[]) => [...new Set(urls.map((u) => new URL(u).origin))];
  // Stripe Elements loads its script and card frames from Stripe, and talks to its API.
  const stripe = config.payments.stripeSecretKey;
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
      // react-toastify and Radix set inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', ...(stripe ? ['https://*.stripe.com'] : [])],
      // The page calls the API and identity provider of the environment its host names (AUTH-10..12).
      connectSrc: [
        "'self'",
        ...origins(config.oidc.issuer, ...environmentOrigins(config)),
        ...(stripe ? ['https://api.stripe.com'] : []),
      ],
      // The feature-request page embeds the configured form (our own /site page unless set).
      frameSrc: [
        "'self'",
        ...origins(config.sites.featureRequestForm),
        ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
      ],
      // The sign-in and sign-out forms redirect on to the provider, the portal and the marketing site.
      formAction: [
        "'self'",
        ...origins(config.oidc.issuer, ...environmentIssuers(config), config.sites.marketing),
      ],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      upgradeInsecureRequests: null,
    },
  };
}

/** Answers smaller than this are sent uncompressed. */
export const API_COMPRESS_MIN_BYTES = 4096;

export async function buildApp({
  config,
  database,
  logger,
  clock,
  payments,
  scheduleJobs = true,
}: BuildOptions) {
  // Set when OTEL_EXPORTER_OTLP_ENDPOINT is (server.ts): each log line then names its trace too.
  const traces = tracing();
  const logFields = {
    mixin: (_line: object, _level: number, logger: { bindings(): Record<string, unknown> }) => ({
      ...traces?.logFields(),
      ...requestIdField(logger),
    }),
  };
  const app = Fastify({
    // Tests may pass their own stream or level; redaction and the error serializer always apply.
    logger:
      logger === false
        ? false
        : typeof logger === 'object'
          ? { ...loggerOptions(config.logLevel, false), ...logFields, ...logger }
          : { ...loggerOptions(config.logLevel), ...logFields },
    logController: new LogController({ disableRequestLogging: !logsRequests(config.logLevel) }),
    // A number of proxies: trust that many hops from the socket, so the client is the next entry leftwards.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // The first start migrates and builds the demo account's billing history; give it time on a busy machine.
    pluginTimeout: 120_000,
    // One id per request, unique across processes, or the load balancer's: in every log line of the
    // request (reqId), its X-Request-Id answer header and a 5xx's body.
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (req, reply) => {
    // On the raw answer: the embedded provider (Koa) and a few pages write it themselves.
    reply.raw.setHeader(REQUEST_ID_HEADER, req.id);
    // The trace is found by the request id, and the id's log lines name the trace.
    traces?.nameRequest(req.method, req.routeOptions.url, req.id);
  });
  // The request's id for lines its work writes through other loggers (logging.ts, requestIdField).
  await app.register(fastifyRequestContext, { defaultStoreValues: (req) => ({ reqId: req.id }) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Locally the portal runs on plain http.
    hsts: config.publicUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: under it a browser sends `Origin: null` with every form POST, and the
    // sign-in and site forms (formOriginGuard) could no longer tell our own pages from another site's.
    referrerPolicy: { policy: 'same-origin' },
    // One clickjacking policy: X-Frame-Options says what CSP frame-ancestors says ('none'); the one
    // page made to be framed (the feature-request form) allows its own origin in both.
    xFrameOptions: { action: 'deny' },
  });
  // JSON and CSV over a few kilobytes travel compressed (brotli at quality 4, else gzip): the rate
  // table, a page of calls, the API description. Smaller answers, the overview's among them, are
  // sent as they are: compressing them costs more time than it saves on the wire. Built files are
  // compressed at build time (routes/web.ts serves those).
  await app.register(compress, { threshold: API_COMPRESS_MIN_BYTES, encodings: ['br', 'gzip'] });
  await app.register(noStorePlugin);
  await app.register(corsPlugin);
  await app.register(openapiPlugin);

  // Built once: every engine of the process (routes, jobs, sign-up, the demo seed) shares these parts.
  const billing = composeBilling(config, () => app.database, { clock, payments, log: app.log });
  await app.register(clockPlugin, { clock: billing.clock });
  await app.register(dbPlugin, { database, billing });
  // Before the routes: its hook counts every answer.
  await app.register(metricsPlugin);
  // Before any route: it adds the limits of the routes registered after it.
  await app.register(rateLimitPlugin);
  await app.register(jobsPlugin, { run: scheduleJobs });
  await app.register(mailerPlugin);
  await app.register(afterAnswerPlugin);
  await app.register(paymentsPlugin, { provider: billing.payments });
  await app.register(sandboxEventsPlugin, {
    secret: config.payments.webhookSecret,
    hold: config.payments.sandboxEvents === 'hold',
  });
  await app.register(billingPlugin, { billing });
  await app.register(telephonyPlugin);
  if (config.oidc.embedded) {
    await app.register(idpPlugin);
    await app.register(idpRoutes);
  }
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(configRoute, { prefix: '/api/v1' });
  await app.register(authRoutes, { prefix: API_AUTH_BASE });
  await app.register(accountRoutes, { prefix: API_ACCOUNT_BASE });
  await app.register(adminRoutes, { prefix: API_ADMIN_BASE });
  await app.register(telephonyRoutes, { prefix: '/api/v1/telephony' });
  await app.register(paymentsRoutes, { prefix: '/api/v1/payments' });
  // The sandbox's bank page: a browser's page, outside the account sign-in the routes above need.
  await app.register(sandboxAuthenticationPage, { prefix: '/api/v1/payments' });
  // The card provider's events: server to server, signed (no session, no form origin).
  await app.register(stripeWebhookRoutes, { prefix: '/api/v1/webhooks' });
  // The /pdf page's public QR link: outside /api/v1/account and its sign-in gate.
  await app.register(contactCardRoutes);
  await app.register(sitePages);
  await app.register(webApp);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

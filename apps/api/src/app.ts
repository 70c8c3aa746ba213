import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_ACCOUNT_BASE, API_AUTH_BASE } from '@enq/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import authPlugin from './plugins/auth';
import clockPlugin, { type Clock } from './plugins/clock';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import idpPlugin from './plugins/idp';
import mailerPlugin from './plugins/mailer';
import sitePages from './plugins/site';
import webApp from './plugins/web';
import accountRoutes from './routes/api/v1/account';
import authRoutes from './routes/api/v1/auth';
import configRoute from './routes/api/v1/config';
import healthRoutes from './routes/health';

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
}

function contentSecurityPolicy(config: AppConfig) {
  const origins = (...urls: string[]) => [...new Set(urls.map((u) => new URL(u).origin))];
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // react-toastify and Radix set inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...origins(config.oidc.issuer)],
      // The sign-in and sign-out forms redirect on to the provider, the portal and the marketing site.
      formAction: ["'self'", ...origins(config.oidc.issuer, config.sites.marketing)],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      upgradeInsecureRequests: null,
    },
  };
}

export async function buildApp({ config, database, logger, clock }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Locally the portal runs on plain http.
    hsts: config.publicUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'enQ account portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(clockPlugin, { clock });
  await app.register(dbPlugin, { database });
  await app.register(mailerPlugin);
  if (config.oidc.embedded) await app.register(idpPlugin);
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(configRoute, { prefix: '/api/v1' });
  await app.register(authRoutes, { prefix: API_AUTH_BASE });
  await app.register(accountRoutes, { prefix: API_ACCOUNT_BASE });
  await app.register(sitePages);
  await app.register(webApp);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

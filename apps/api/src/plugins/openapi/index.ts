import { SERVICE_KEY_HEADER } from '@enq/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { BEARER, completeOperation } from './complete-operation';

/**
 * The OpenAPI document at /api/docs (JSON at /api/docs/json), generated from the routes' contract
 * schemas. Registered before the routes, since it collects them as they are added.
 */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, where a nullable reference is anyOf [$ref, null]; in
      // 3.0 zod writes `nullable` beside allOf [$ref], which 3.0.3 ignores and Ajv refuses.
      openapi: '3.1.0',
      info: { title: 'enQ account portal API', version: '1.0.0' },
      // A generated client needs a base URL: the one this process is reached at (PUBLIC_URL).
      servers: [{ url: app.config.publicUrl, description: "This portal's API" }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The API token POST /api/v1/auth/session issues for a sign-in',
          },
          serviceKey: {
            type: 'apiKey',
            in: 'header',
            name: SERVICE_KEY_HEADER,
            description: "The telephony platform's service key",
          },
        },
      },
      // Most operations are an account member's; each public or service-key operation says its own.
      security: BEARER,
    },
    transform: completeOperation,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export default fp(openapiPlugin, { name: 'openapi' });

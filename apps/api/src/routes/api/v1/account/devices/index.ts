import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the devices area (issue 7).
const devicesRoutes: FastifyPluginAsyncZod = async () => {};

export default devicesRoutes;

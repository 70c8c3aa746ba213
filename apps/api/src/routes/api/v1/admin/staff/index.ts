import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled by the operator console's staff work (issue 25).
const staffRoutes: FastifyPluginAsyncZod = async () => {};

export default staffRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the overview area (issue 7).
const overviewRoutes: FastifyPluginAsyncZod = async () => {};

export default overviewRoutes;

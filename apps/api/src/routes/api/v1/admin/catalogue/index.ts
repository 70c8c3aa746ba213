import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled by the operator console's catalogue work (issue 25).
const catalogueRoutes: FastifyPluginAsyncZod = async () => {};

export default catalogueRoutes;

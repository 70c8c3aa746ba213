import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled by the operator console's accounts work (issue 25).
const accountsRoutes: FastifyPluginAsyncZod = async () => {};

export default accountsRoutes;

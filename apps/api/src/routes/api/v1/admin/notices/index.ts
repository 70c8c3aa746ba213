import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled by the operator console's notices work (issue 25).
const noticesRoutes: FastifyPluginAsyncZod = async () => {};

export default noticesRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled by the operator console's view-as work (issue 25).
const accountViewAsRoutes: FastifyPluginAsyncZod = async () => {};

export default accountViewAsRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the lines area (issue 7).
const linesRoutes: FastifyPluginAsyncZod = async () => {};

export default linesRoutes;

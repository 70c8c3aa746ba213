import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the profile area (issue 7).
const profileRoutes: FastifyPluginAsyncZod = async () => {};

export default profileRoutes;

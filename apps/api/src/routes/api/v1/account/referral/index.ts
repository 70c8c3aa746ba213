import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the referral area (issue 7).
const referralRoutes: FastifyPluginAsyncZod = async () => {};

export default referralRoutes;

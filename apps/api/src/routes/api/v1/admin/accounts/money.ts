import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled by the operator console's accountMoney work (issue 25).
const accountMoneyRoutes: FastifyPluginAsyncZod = async () => {};

export default accountMoneyRoutes;

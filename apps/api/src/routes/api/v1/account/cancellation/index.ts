import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import alternativeRoute from './alternative';
import keepRoute from './keep';
import offerRoute from './offer';

/**
 * The cancel flow's own calls (CANCELLATION_PATHS, issue 64), one endpoint a file; the cancellation
 * itself, with its reason, is POST /subscription/cancel/.
 */
const cancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(offerRoute);
  await app.register(alternativeRoute);
  await app.register(keepRoute);
};

export default cancellationRoutes;

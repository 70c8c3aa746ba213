import { pauseResponseSchema } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pauseState } from '../../../../../domain/pause';
import requestPauseRoute from './request';
import resumeRoute from './resume';

/**
 * /pause (PAUSE_PATHS; docs/billing.md, "Pausing a plan"): the pause's state here, asking for one in
 * request.ts and resuming in resume.ts.
 */
const pauseRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(requestPauseRoute);
  await app.register(resumeRoute);

  app.get(
    '/',
    {
      schema: {
        tags: ['pause'],
        summary: 'The pause scheduled or under way, and the resume dates a new pause may take',
        response: { 200: pauseResponseSchema },
      },
    },
    (req) => pauseState(app.database, req.principal!.accountId!, app.clock.now()),
  );
};

export default pauseRoutes;

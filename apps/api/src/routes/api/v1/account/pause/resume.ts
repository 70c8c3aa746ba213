import { errorEnvelopeSchema, pauseMutationResponseSchema } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pauseState, resumeNow } from '../../../../../domain/pause';

/** POST /pause/resume/: resume now, paid first (a declined charge leaves the plan paused), or withdraw a scheduled pause. */
const resumeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/resume/',
    {
      schema: {
        tags: ['pause'],
        summary: 'Resume a paused plan now, or withdraw a pause that has not started',
        description:
          "A pause under way resumes with a new paid period from now, charged first to the card on file: a declined charge answers 402 with the card's reason and leaves the plan paused. The new period opens with the rollover the pause held. A scheduled pause is withdrawn and nothing is charged.",
        response: {
          200: pauseMutationResponseSchema,
          402: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (req) => {
      const accountId = req.principal!.accountId!;
      const message = await resumeNow(
        app.database,
        app.billing,
        accountId,
        { personId: req.principal!.personId },
        app.clock.now(),
      );
      return { ...(await pauseState(app.database, accountId, app.clock.now())), message };
    },
  );
};

export default resumeRoute;

import {
  PAUSE_TEXT,
  errorEnvelopeSchema,
  pauseMutationResponseSchema,
  pauseRequestSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pauseState, requestPause } from '../../../../../domain/pause';

/** POST /pause/: pause a monthly plan from the current period's end to the date asked. */
const requestPauseRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['pause'],
        summary: "Pause a monthly plan at the current period's end until a resume date",
        description:
          'Monthly plans only (an annual plan is refused, naming `plan`). The resume date is one to six months after the pause starts, and at most six months in any twelve are paused (refused naming `resume_on`). While paused: no charges, no new credits, calls refused at authorize ("plan paused"); users, PINs, lines, settings and rollover credits are kept, the rollover unaged.',
        body: pauseRequestSchema,
        response: { 200: pauseMutationResponseSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const accountId = req.principal!.accountId!;
      const now = app.clock.now();
      await requestPause(app.database, accountId, req.body, { personId: req.principal!.personId }, now);
      return { ...(await pauseState(app.database, accountId, now)), message: PAUSE_TEXT.paused };
    },
  );
};

export default requestPauseRoute;

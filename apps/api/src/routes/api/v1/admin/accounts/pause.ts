import {
  IDEMPOTENCY_KEY_HEADER,
  accountActionParamsSchema,
  errorEnvelopeSchema,
  staffPauseBodySchema,
  staffPauseResultSchema,
  staffReasonBodySchema,
  idempotencyKeyHeadersSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pauseOnBehalf, requireAccount, resumeOnBehalf } from '../../../../../domain/admin';
import { staffActor } from '../../../../../plugins/auth';

const tags = ['admin'];
const errors = {
  400: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const headers = idempotencyKeyHeadersSchema;

/**
 * Pause and resume on a customer's behalf (issue 64; docs/billing.md, "Pausing a plan"): the customer's
 * own rules and payment path, with a reason, an Idempotency-Key and the plan-change permission the
 * console's other subscription actions take (finance and admin; support reads only).
 */
const accountPauseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:accountId/pause',
    {
      config: { staffPermission: 'changePlan' },
      schema: {
        tags,
        summary: "Pause a monthly plan at the current period's end until a resume date, for the customer",
        description:
          "The same rules as the customer's own pause (POST /api/v1/account/pause/): monthly plans only (an annual plan is refused naming `plan`), a resume date one to six months after the pause starts and at most six paused months in any twelve (refused naming `resume_on`).",
        params: accountActionParamsSchema,
        headers,
        body: staffPauseBodySchema,
        response: { 200: staffPauseResultSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId } = req.params;
      await requireAccount(app.database, accountId);
      return pauseOnBehalf(app.database, staffActor(req), {
        accountId,
        resumeOn: req.body.resume_on,
        reason: req.body.reason,
        key: req.headers[IDEMPOTENCY_KEY_HEADER],
        now: app.clock.now(),
      });
    },
  );

  app.post(
    '/:accountId/pause/resume',
    {
      config: { staffPermission: 'changePlan' },
      schema: {
        tags,
        summary: 'Resume a paused plan now, or withdraw a scheduled pause, for the customer',
        description:
          "A pause under way resumes with a new paid period from now, charged first to the card on file: a declined charge answers 402 with the card's reason and leaves the plan paused (the same key may then be tried again). A scheduled pause is withdrawn and nothing is charged.",
        params: accountActionParamsSchema,
        headers,
        body: staffReasonBodySchema,
        response: { 200: staffPauseResultSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId } = req.params;
      await requireAccount(app.database, accountId);
      const answer = await resumeOnBehalf(app.database, app.billing, staffActor(req), {
        accountId,
        reason: req.body.reason,
        key: req.headers[IDEMPOTENCY_KEY_HEADER],
        now: app.clock.now(),
      });
      // The resume's receipt was written with its invoice: send it now rather than at the next run.
      if (!answer.replayed) await app.mailer.wake();
      return answer;
    },
  );
};

export default accountPauseRoutes;

import {
  catalogueActionResultSchema,
  catalogueLinesSchema,
  catalogueParamsSchema,
  cataloguePlansSchema,
  catalogueRatesQuerySchema,
  catalogueRatesSchema,
  IDEMPOTENCY_KEY_HEADER,
  lineBodySchema,
  marketBodySchema,
  newLineBodySchema,
  planVersionBodySchema,
  rateChangeBodySchema,
  type StaffAction,
  idempotencyKeyHeadersSchema,
} from '@enq/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addLine,
  catalogueLines,
  editLine,
  editMarket,
  cataloguePlans,
  schedulePlanVersion,
  catalogueRates,
  scheduleRateChange,
} from '../../../../../domain/catalogue';
import { runStaffAction } from '../../../../../domain/staff-actions';
import { staffActor } from '../../../../../plugins/auth';

const tags = ['admin'];
const headers = idempotencyKeyHeadersSchema;
const config = { staffPermission: 'catalogue' as const };
const response = { 200: catalogueActionResultSchema };

/**
 * The operator console's catalogue at /api/v1/admin/catalogue (issue 25, CAT-01..06), for admins: plans
 * and their versions, rates per line and half hour with effective dates, lines and markets. Every change
 * is a staff action (runStaffAction, no account): audited, and acting once per Idempotency-Key.
 */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const act = (
    req: FastifyRequest,
    action: StaffAction,
    body: { reason: string },
    params: Record<string, unknown>,
    change: Parameters<typeof runStaffAction<Record<string, never>>>[3],
  ) => {
    const { reason, ...rest } = body;
    return runStaffAction(
      app.database,
      staffActor(req),
      {
        action,
        accountId: null,
        reason,
        idempotencyKey: (req.headers[IDEMPOTENCY_KEY_HEADER] as string | undefined) ?? null,
        request: { ...params, ...rest },
      },
      change,
    );
  };

  app.get(
    '/plans/',
    {
      config,
      schema: { tags, summary: 'Every plan with its versions', response: { 200: cataloguePlansSchema } },
    },
    async () => cataloguePlans(app.database, app.clock.now()),
  );

  app.post(
    '/plans/:id/versions/',
    {
      config,
      schema: {
        tags,
        summary: "Schedule a plan's new price, credits and save label from an effective date",
        params: catalogueParamsSchema,
        body: planVersionBodySchema,
        headers,
        response,
      },
    },
    async (req) =>
      act(req, 'catalogue.plan', req.body, { plan_id: req.params.id }, async (tx) => {
        const done = await schedulePlanVersion(tx, req.params.id, req.body, app.clock.now());
        return { message: done.message, after: { effective_from: done.from.toISOString() } };
      }),
  );

  app.get(
    '/rates/',
    {
      config,
      schema: {
        tags,
        summary: "A line's rate in every half hour: in force now and scheduled",
        querystring: catalogueRatesQuerySchema,
        response: { 200: catalogueRatesSchema },
      },
    },
    async (req) => catalogueRates(app.database, req.query.line, app.clock.now()),
  );

  app.post(
    '/rates/',
    {
      config,
      schema: {
        tags,
        summary: 'Schedule a new rate for a half hour of a line, or all of them, from an effective date',
        body: rateChangeBodySchema,
        headers,
        response,
      },
    },
    async (req) => {
      const answer = await act(req, 'catalogue.rate', req.body, {}, (tx) =>
        scheduleRateChange(tx, req.body, app.clock.now()),
      );
      await app.rates.fresh(app.database);
      return answer;
    },
  );

  app.get(
    '/lines/',
    {
      config,
      schema: { tags, summary: 'Every market and its lines', response: { 200: catalogueLinesSchema } },
    },
    async () => catalogueLines(app.database),
  );

  app.put(
    '/markets/:id/',
    {
      config,
      schema: {
        tags,
        summary: "Change a market's name, New flag and place",
        params: catalogueParamsSchema,
        body: marketBodySchema,
        headers,
        response,
      },
    },
    async (req) => {
      const answer = await act(req, 'catalogue.market', req.body, { market_id: req.params.id }, (tx) =>
        editMarket(tx, req.params.id, req.body),
      );
      await app.rates.fresh(app.database);
      return answer;
    },
  );

  app.put(
    '/lines/:id/',
    {
      config,
      schema: {
        tags,
        summary: "Change a line's name, numbers, hours and description",
        params: catalogueParamsSchema,
        body: lineBodySchema,
        headers,
        response,
      },
    },
    async (req) => {
      const answer = await act(req, 'catalogue.line', req.body, { line_id: req.params.id }, (tx) =>
        editLine(tx, req.params.id, req.body),
      );
      await app.rates.fresh(app.database);
      return answer;
    },
  );

  app.post(
    '/lines/',
    {
      config,
      schema: {
        tags,
        summary: 'Add a line to a market, with its rate in every half hour from now',
        body: newLineBodySchema,
        headers,
        response,
      },
    },
    async (req) => {
      const answer = await act(req, 'catalogue.line', req.body, {}, async (tx) => {
        const { market_id, ...line } = req.body;
        const done = await addLine(tx, market_id, line, app.clock.now());
        return { message: done.message, after: { line_id: done.id } };
      });
      await app.rates.fresh(app.database);
      return answer;
    },
  );
};

export default catalogueRoutes;

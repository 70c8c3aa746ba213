import {
  MONTHLY_REPORT_TEXT,
  errorEnvelopeSchema,
  monthlyReportSettingSchema,
  monthlyReportStateSchema,
} from '@enq/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeMonthlyReport, monthlyReportState } from '../../../../../domain/monthly-report';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const security = [{ bearer: [] }];
const tags = ['profile'];

/**
 * "Email a monthly usage report" (REPORT-01), below /profile beside the billing CC email it is sent to
 * (MONTHLY_REPORT_PATH in the contract), so it lives in the profile folder.
 */
const monthlyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reader = (req: FastifyRequest) => ({
    accountId: req.principal!.accountId!,
    personId: req.principal!.personId,
    isAdmin: req.principal!.isAdmin,
  });

  app.get(
    '/monthly-report/',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the monthly usage report is emailed, and to whom',
        response: { 200: monthlyReportStateSchema },
      },
    },
    async (req) => monthlyReportState(app.database, reader(req)),
  );

  app.put(
    '/monthly-report/',
    {
      schema: {
        tags,
        security,
        summary: 'Turn the monthly usage report on or off (the admin only)',
        body: monthlyReportSettingSchema,
        response: { 200: monthlyReportStateSchema, ...errors },
      },
    },
    async (req) => {
      await changeMonthlyReport(app.database, reader(req), req.body.enabled, app.clock.now());
      return { ...(await monthlyReportState(app.database, reader(req))), message: MONTHLY_REPORT_TEXT.saved };
    },
  );
};

export default monthlyReportRoutes;

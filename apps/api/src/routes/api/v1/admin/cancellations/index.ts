import { cancellationReportSchema } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancellationReport } from '../../../../../domain/cancellation';

/** The console's report of cancellation reasons by month and plan, with the alternatives taken (issue 64). */
const cancellationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { staffPermission: 'read' },
      schema: {
        tags: ['admin'],
        summary:
          'Cancellation reasons of the last twelve months by month and plan, and how many took the offered alternative',
        response: { 200: cancellationReportSchema },
      },
    },
    async () => cancellationReport(app.database, app.clock.now()),
  );
};

export default cancellationsRoutes;

import { linesDataSchema } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadLinesData } from '../../../../../domain/lines';

const security = [{ bearer: [] }];
const tags = ['lines'];

/** The Lines page's API (API-27): GET /api/v1/account/lines/, also read by the PDF page. */
const linesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's own PIN and the department lines grouped by market, each with its rate now",
        response: { 200: linesDataSchema },
      },
    },
    async (req) => {
      // Rated like a call started now: the engine's own table, at the current New York half hour.
      const now = app.clock.now();
      const rates = await app.rates.fresh(app.database);
      return loadLinesData(app.database, req.principal!.personId, (line) => rates.rateFor(line, now));
    },
  );
};

export default linesRoutes;

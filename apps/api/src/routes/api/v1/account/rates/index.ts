import { ratesResponseSchema, rateYMax, slotLabel, type RatePoint } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The Call Rates page's API, at /api/v1/account/rates/ (RATES_PATH in the contract). */
const ratesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['rates'],
        summary: 'Credits per minute by destination for each time-of-day slot (America/New_York)',
        response: { 200: ratesResponseSchema },
      },
    },
    async () => {
      // The same table the engine rates calls with, as in effect now.
      const curve = (await app.rates.fresh(app.database)).curve(app.clock.now());
      const destinations = [...new Set(curve.flatMap((p) => Object.keys(p.rates)))];
      let max = 0;
      const data = curve.map(({ slot, rates }): RatePoint => {
        const point: RatePoint = { time: slotLabel(slot), slot_start_minute: slot };
        for (const [destination, cc] of Object.entries(rates)) {
          point[destination] = cc / 100;
          max = Math.max(max, cc / 100);
        }
        return point;
      });
      return { data, destinations, y_max: rateYMax(max) };
    },
  );
};

export default ratesRoutes;

import { TZDate } from '@date-fns/tz';
import {
  BUSINESS_TIME_ZONE,
  CALL_DOWNLOADS_BUSY,
  CALL_DOWNLOADS_PER_ACCOUNT,
  CALL_HISTORY_DEFAULT_FILENAME,
  CALL_HISTORY_PAGE_SIZE,
  callDatesResponseSchema,
  callFiltersResponseSchema,
  callsDownloadQuerySchema,
  callsQuerySchema,
  callsResponseSchema,
  callTotalsQuerySchema,
  callTotalsSchema,
  ccToCredits,
  centsToDollars,
  errorEnvelopeSchema,
  lineDestination,
  overageCents,
  usageQuerySchema,
  usageResponseSchema,
} from '@enq/contract';
import { format } from 'date-fns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAndPreviousPeriods } from '../../../../../domain/billing-engine';
import {
  callsCsvStream,
  listCallsPage,
  accountUserNames,
  invoiceRange,
  rangeTotals,
  type CallRange,
  callUsage,
} from '../../../../../domain/call-history';
import { listLineMarkets } from '../../../../../domain/lines';
import { DomainError } from '../../../../../domain/errors';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** A period's end is exclusive; the dates answer its last second, as every range here is inclusive. */
const period = (p: { start: Date; end: Date }) => ({
  start_date: seconds(p.start),
  end_date: Math.ceil(p.end.getTime() / 1000) - 1,
});
/** How long a refused download is told to wait (seconds): about a long export's time. */
const DOWNLOAD_RETRY_AFTER = 30;
const localDay = (unix: number) => format(new TZDate(unix * 1000, BUSINESS_TIME_ZONE), 'yyyy-MM-dd');

/** The Call History page's API, below /api/v1/account/calls (CALL_PATHS in the contract). */
const callsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['calls'];
  // How long the server spent on a request (auth included, network excluded), for bench/calls.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  });

  app.get(
    '/dates/',
    {
      schema: {
        tags,
        summary: 'The current and previous billing periods (unix seconds)',
        response: { 200: callDatesResponseSchema },
      },
    },
    async (req) => {
      const accountId = req.principal!.accountId!;
      const { current, previous } = await currentAndPreviousPeriods(app.database, accountId);
      return {
        dates: {
          current_period: current ? period(current) : null,
          previous_period: previous ? period(previous) : null,
        },
      };
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: `One page (${CALL_HISTORY_PAGE_SIZE} calls, newest first) of a time range`,
        querystring: callsQuerySchema,
        response: { 200: callsResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const { timestampFrom, timestampTo, page, user, destination } = req.query;
      const range: CallRange = {
        accountId: req.principal!.accountId!,
        from: timestampFrom,
        to: timestampTo,
        user,
        destination,
      };
      const result = await listCallsPage(app.database, range, page, CALL_HISTORY_PAGE_SIZE);
      return { calls: result.calls, total_pages: result.totalPages, page_size: CALL_HISTORY_PAGE_SIZE };
    },
  );

  app.get(
    '/totals/',
    {
      schema: {
        tags,
        summary:
          'Totals of a time range: calls, billed seconds, credits and the overage with its dollar value',
        querystring: callTotalsQuerySchema,
        response: { 200: callTotalsSchema, 400: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const { timestampFrom, timestampTo, user, destination } = req.query;
      const totals = await rangeTotals(app.database, {
        accountId: req.principal!.accountId!,
        from: timestampFrom,
        to: timestampTo,
        user,
        destination,
      });
      return {
        calls: totals.calls,
        billed_seconds: totals.billedSeconds,
        credits_used: ccToCredits(totals.creditsCc),
        overage_credits: ccToCredits(totals.overageCc),
        overage_dollars: centsToDollars(overageCents(totals.overageCc)),
      };
    },
  );

  app.get(
    '/usage/',
    {
      schema: {
        tags,
        summary:
          'Credits per day of a time range against the range before it, stacked by user or line, with the top users and lines',
        querystring: usageQuerySchema,
        response: { 200: usageResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const { timestampFrom, timestampTo, user, destination, by } = req.query;
      const range = { accountId: req.principal!.accountId!, from: timestampFrom, to: timestampTo };
      return callUsage(app.database, { ...range, user, destination }, by, app.clock.now());
    },
  );

  app.get(
    '/filters/',
    {
      schema: {
        tags,
        summary: 'The users and lines the table and the CSV can be filtered by',
        response: { 200: callFiltersResponseSchema },
      },
    },
    async (req) => {
      const [users, markets] = await Promise.all([
        accountUserNames(app.database, req.principal!.accountId!),
        listLineMarkets(app.database),
      ]);
      // The stored lines (the console adds and renames them, CAT-05), named as calls and rates name them.
      const destinations = markets.flatMap((m) =>
        m.departments.map((d) => lineDestination(m.name, d.name_long)),
      );
      return { users, destinations: destinations.sort() };
    },
  );

  app.get(
    '/download/',
    {
      schema: {
        tags,
        summary: "The calls of an invoice's period, or of a time range, as a CSV file",
        querystring: callsDownloadQuerySchema,
        produces: ['text/csv'],
        response: { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const accountId = req.principal!.accountId!;
      const { invoice_id, user, destination } = req.query;
      let range: CallRange;
      let filename = CALL_HISTORY_DEFAULT_FILENAME;
      if (invoice_id !== undefined) {
        const invoice = await invoiceRange(app.database, accountId, invoice_id);
        if (!invoice) throw new DomainError('not-found', 'No such invoice.');
        // Exactly the calls the invoice billed: its period's since the period's previous invoice; a call
        // posted after its period closed is on an invoice of the period it was billed in (docs/billing.md,
        // "Late calls").
        range = { ...invoice.range, user, destination };
        filename = `call-history-${invoice.number}.csv`;
      } else {
        range = { accountId, from: req.query.timestampFrom!, to: req.query.timestampTo!, user, destination };
        if (range.from > range.to) throw new DomainError('invalid', 'Start date cannot be after end date.');
        filename = `call-history-${localDay(range.from)}-to-${localDay(range.to)}.csv`;
      }
      const safe = filename.replace(/[^\w.-]/g, '_');
      // A slot per running export of this account, across every process on the database.
      const release = await app.database.slots.take(`calls-csv:${accountId}`, CALL_DOWNLOADS_PER_ACCOUNT);
      if (!release) {
        reply.header('retry-after', String(DOWNLOAD_RETRY_AFTER));
        throw new DomainError('rate-limited', CALL_DOWNLOADS_BUSY);
      }
      const csv = callsCsvStream(app.database, range);
      // Closed when the export ends, fails, or the client goes away (the reply destroys it).
      csv.once('close', release);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${safe}"`)
        .header('cache-control', 'no-store')
        .send(csv as never);
    },
  );
};

export default callsRoutes;

import { overviewResponseSchema } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccountMember } from '../../../../plugins/auth';
import { DomainError } from '../../../../domain/errors';
import { loadOverview } from '../../../../domain/overview';
import { KeptAnswers } from '../../../../domain/account-changes';
import billingRoutes from './billing';
import invoicesRoutes from './invoices';
import callsRoutes from './calls';
import ratesRoutes from './rates';
import subscriptionRoutes from './subscription';
import cancellationRoutes from './cancellation';
import pauseRoutes from './pause';
import usersRoutes from './users';
import notificationsRoutes from './notifications';
import linesRoutes from './lines';
import lineDownloadsRoutes from './lines/downloads';
import profileRoutes from './profile';
import referralRoutes from './referral';
import featureRequestRoutes from './feature-request';
import newDeviceRoutes from './new-device';
import activityRoutes from './activity';
import monthlyReportRoutes from './profile/monthly-report';
import twoFactorRoutes from './profile/two-factor';
import spendControlRoutes from './spend-control';

declare module 'fastify' {
  interface FastifyInstance {
    /** The overview and billing page read for this app's requests, kept while the account's data is unchanged. */
    keptAnswers: KeptAnswers;
  }
}

/**
 * Everything under /api/v1/account: signed-in account members only. A folder is named for the URL
 * prefix it serves (`calls/` is /calls, `lines/` is /lines with the PDF page's downloads in
 * lines/downloads.ts) and this file holds the account root itself: GET / is the overview. The pages
 * these serve are named in the contract's paths (CALL_PATHS, RATES_PATH, LINES_PATHS, ...).
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAccountMember);
  // This app's kept answers: an app on another database must never answer from them.
  app.decorate('keptAnswers', new KeptAnswers());
  await app.register(billingRoutes, { prefix: '/billing' });
  await app.register(invoicesRoutes, { prefix: '/invoices' });
  await app.register(subscriptionRoutes, { prefix: '/subscription' });
  await app.register(cancellationRoutes, { prefix: '/cancellation' });
  await app.register(pauseRoutes, { prefix: '/pause' });
  await app.register(usersRoutes, { prefix: '/users' });
  await app.register(activityRoutes, { prefix: '/activity' });
  await app.register(callsRoutes, { prefix: '/calls' });
  await app.register(ratesRoutes, { prefix: '/rates' });
  app.get(
    '/',
    {
      schema: {
        tags: ['overview'],
        summary: 'Overview: masked PIN, notices, subscription summary and banner flags',
        response: { 200: overviewResponseSchema },
      },
    },
    (req) =>
      loadOverview(
        app.database,
        app.keptAnswers,
        req.principal!.accountId!,
        req.principal!.personId,
        app.clock.now(),
      ),
  );
  await app.register(notificationsRoutes, { prefix: '/notifications' });
  await app.register(linesRoutes, { prefix: '/lines' });
  await app.register(lineDownloadsRoutes, { prefix: '/lines' });
  await app.register(profileRoutes, { prefix: '/profile' });
  await app.register(monthlyReportRoutes, { prefix: '/profile' });
  await app.register(twoFactorRoutes, { prefix: '/profile' });
  await app.register(referralRoutes, { prefix: '/referral' });
  await app.register(featureRequestRoutes, { prefix: '/feature-request' });
  await app.register(spendControlRoutes, { prefix: '/spend-control' });
  // POST /new-device (DEVICE_PATHS, API-02, AUTH-13): one route, at its own path.
  await app.register(newDeviceRoutes);
  // Unknown account paths pass the same gate first, so nobody learns which paths exist without a token.
  app.all('/*', { schema: { hide: true } }, async (req) => {
    throw new DomainError('not-found', `No such resource: ${req.method} ${req.url.split('?')[0]}`);
  });
};

export default accountRoutes;

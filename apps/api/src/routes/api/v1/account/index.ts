import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccountMember } from '../../../../plugins/auth';
import { DomainError } from '../../../../domain/errors';
import billingRoutes from './billing';
import invoicesRoutes from './invoices';
import callHistoryRoutes from './call-history';
import callRatesRoutes from './call-rates';
import subscriptionRoutes from './subscription';
import usersRoutes from './users';
import overviewRoutes from './overview';
import linesRoutes from './lines';
import pdfRoutes from './pdf';
import profileRoutes from './profile';
import referralRoutes from './referral';
import featureRequestRoutes from './feature-request';
import devicesRoutes from './devices';

/**
 * Everything under /api/v1/account: signed-in account members only. Each area registers its routes
 * in its own folder, named after the page it serves (apps/web/src/features/<name>). The URL prefix is
 * the folder name, except where the contract's paths differ: call-history is /calls (CALL_PATHS),
 * call-rates is /rates (RATES_PATH), and pdf's downloads sit beside lines under /lines (LINES_PATHS).
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAccountMember);
  await app.register(billingRoutes, { prefix: '/billing' });
  await app.register(invoicesRoutes, { prefix: '/invoices' });
  await app.register(subscriptionRoutes, { prefix: '/subscription' });
  await app.register(usersRoutes, { prefix: '/users' });
  await app.register(callHistoryRoutes, { prefix: '/calls' });
  await app.register(callRatesRoutes, { prefix: '/rates' });
  // The overview is the account root itself (GET /api/v1/account/).
  await app.register(overviewRoutes);
  await app.register(linesRoutes, { prefix: '/lines' });
  await app.register(pdfRoutes, { prefix: '/lines' });
  await app.register(profileRoutes, { prefix: '/profile' });
  await app.register(referralRoutes, { prefix: '/referral' });
  await app.register(featureRequestRoutes, { prefix: '/feature-request' });
  // POST /new-device (API-02, AUTH-13).
  await app.register(devicesRoutes);
  // Unknown account paths pass the same gate first, so nobody learns which paths exist without a token.
  app.all('/*', { schema: { hide: true } }, async (req) => {
    throw new DomainError('not-found', `No such resource: ${req.method} ${req.url.split('?')[0]}`);
  });
};

export default accountRoutes;

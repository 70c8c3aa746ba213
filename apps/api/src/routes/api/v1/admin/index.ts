import { adminMeSchema, STAFF_PERMISSIONS, staffCan, type StaffPermission } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaff } from '../../../../plugins/auth';
import { DomainError } from '../../../../domain/errors';
import accountsRoutes from './accounts';
import accountMoneyRoutes from './accounts/money';
import accountPauseRoutes from './accounts/pause';
import accountViewAsRoutes from './accounts/view-as';
import cancellationsRoutes from './cancellations';
import catalogueRoutes from './catalogue';
import collectionRoutes from './collection';
import noticesRoutes from './notices';
import staffRoutes from './staff';

/**
 * Everything under /api/v1/admin (issue 25): the operator console's API, for staff identities only
 * (account tokens get 403 here, as staff tokens do on the account routes). Each route names the
 * permission it needs in `config.staffPermission` (requireStaff refuses one that names none); folders
 * are named for their URL prefix.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireStaff);
  app.get(
    '/me',
    {
      config: { staffPermission: 'read' },
      schema: {
        tags: ['admin'],
        summary: 'The signed-in staff member, their role and what it allows',
        response: { 200: adminMeSchema },
      },
    },
    async (req) => {
      const p = req.principal!;
      const role = p.staffRole!;
      const permissions = (Object.keys(STAFF_PERMISSIONS) as StaffPermission[]).filter((x) =>
        staffCan(role, x),
      );
      return { person_id: p.personId, email: p.email, full_name: p.fullName, role, permissions };
    },
  );
  await app.register(accountsRoutes, { prefix: '/accounts' });
  await app.register(accountMoneyRoutes, { prefix: '/accounts' });
  await app.register(accountPauseRoutes, { prefix: '/accounts' });
  await app.register(accountViewAsRoutes, { prefix: '/accounts' });
  await app.register(cancellationsRoutes, { prefix: '/cancellations' });
  await app.register(catalogueRoutes, { prefix: '/catalogue' });
  await app.register(collectionRoutes, { prefix: '/collection' });
  await app.register(noticesRoutes, { prefix: '/notices' });
  await app.register(staffRoutes, { prefix: '/staff' });
  app.all('/*', { config: { staffPermission: 'read' }, schema: { hide: true } }, async (req) => {
    throw new DomainError('not-found', `No such resource: ${req.method} ${req.url.split('?')[0]}`);
  });
};

export default adminRoutes;

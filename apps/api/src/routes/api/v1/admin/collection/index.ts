import {
  collectionListSchema,
  collectionSavedSchema,
  collectionSettingBodySchema,
  collectionSettingsSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyHeadersSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectionForConsole, collectionSettings, saveCollectionSetting } from '../../../../../domain/admin';
import { runStaffAction } from '../../../../../domain/staff-actions';
import { staffActor } from '../../../../../plugins/auth';

const tags = ['admin'];
const headers = idempotencyKeyHeadersSchema;

/**
 * Collecting failed payments in the console (docs/billing.md, "Collecting failed payments"): the
 * accounts in collection with their next try, and the retry schedule and policy, globally or per plan.
 * A change is a finance staff action: audited with its reason, once per Idempotency-Key.
 */
const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { staffPermission: 'read' },
      schema: {
        tags,
        summary: 'Accounts whose invoice is in collection, with their next try',
        response: { 200: collectionListSchema },
      },
    },
    async () => collectionForConsole(app.database),
  );

  app.get(
    '/settings',
    {
      config: { staffPermission: 'read' },
      schema: {
        tags,
        summary: 'The retry schedule and the policy after the last try, globally and per plan',
        response: { 200: collectionSettingsSchema },
      },
    },
    async () => collectionSettings(app.database),
  );

  app.put(
    '/settings',
    {
      config: { staffPermission: 'charge' },
      schema: {
        tags,
        summary: 'Set the retry schedule and the policy after the last try, globally or for a plan',
        body: collectionSettingBodySchema,
        headers,
        response: { 200: collectionSavedSchema },
      },
    },
    async (req) => {
      const { reason, ...setting } = req.body;
      return runStaffAction(
        app.database,
        staffActor(req),
        {
          action: 'collection.settings',
          accountId: null,
          reason,
          idempotencyKey: (req.headers[IDEMPOTENCY_KEY_HEADER] as string | undefined) ?? null,
          request: setting,
        },
        (tx) => saveCollectionSetting(tx, setting, app.clock.now()),
      );
    },
  );
};

export default collectionRoutes;

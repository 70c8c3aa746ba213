import { centsToDollars, type SubscriptionResponse } from '@enq/contract';
import type { FastifyInstance } from 'fastify';
import { listAvailablePlans } from '../../../../../domain/billing-engine';
import { subscriptionInfo } from '../../../../../domain/subscription';

/** The subscription summary with the plans on offer, as every subscription route answers it. */
export async function subscriptionResponse(
  app: FastifyInstance,
  accountId: string,
): Promise<SubscriptionResponse> {
  const [info, plans] = await Promise.all([
    subscriptionInfo(app.database, accountId, app.clock.now()),
    listAvailablePlans(app.database, app.clock.now()),
  ]);
  return {
    ...info,
    is_subscription_active: info.status === 'active',
    plans: plans.map((p) => ({
      price_id: p.id,
      name: p.name,
      price: centsToDollars(p.priceCents),
      period: p.period,
      credits: p.creditsCc / 100,
      save: p.save,
      multi_user: p.multiUser,
    })),
  };
}

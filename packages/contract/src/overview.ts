import { z } from 'zod';
import { billingDataSchema } from './billing-schemas';
import { subscriptionInfoSchema } from './subscription';

/**
 * The overview (API-26). `pin` is the signed-in person's PIN already masked by the server
 * (all but the last 4 characters, OVW-01): the full PIN leaves the server only on /pdf, the person's
 * own document.
 */
export const commonNotificationSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    text: z.string(),
    link: z
      .string()
      .optional()
      .meta({ description: 'an http(s) URL or a portal path; absent when none, or when it was unsafe' }),
    linkText: z.string().optional(),
    dismissible: z.boolean(),
    priority: z.number().int().meta({ description: 'higher shows first' }),
    created_at: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'CommonNotification' });
export type CommonNotification = z.infer<typeof commonNotificationSchema>;

export const subAccountNotificationSchema = z
  .object({ title: z.string(), text: z.string(), link: z.string(), linkText: z.string() })
  .meta({ id: 'SubAccountNotification' });
export type SubAccountNotification = z.infer<typeof subAccountNotificationSchema>;

/** The billing flags the account banners are decided from (BannerFlags in banners.ts). */
export const overviewBannerFlagsSchema = billingDataSchema.pick({
  card_details: true,
  charge_failure_message: true,
  charge_failure_card: true,
  last_invoice_paid: true,
  is_subscription_active: true,
  is_billing_address_required: true,
  is_service_address_required: true,
  is_credits_exhausted: true,
  is_delinquent: true,
  is_account_active: true,
  payment_authentication_invoice_id: true,
});

export const overviewResponseSchema = overviewBannerFlagsSchema
  .extend({
    pin: z.string().nullable().meta({ description: 'masked: all but the last 4 characters' }),
    common_notifications: z.array(commonNotificationSchema),
    sub_account_notification: subAccountNotificationSchema.nullable().meta({
      description:
        'null when the plan is not multi-user, the account already has sub-account users, or this person dismissed it',
    }),
    subscription_info: subscriptionInfoSchema,
    plan_name: z.string().nullable().meta({ description: "the current plan's name, e.g. 'Team'" }),
  })
  .meta({ id: 'Overview' });
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

export const dismissParamsSchema = z.object({ key: z.string().min(1).max(64) });

import { z } from 'zod';
import { safeNotificationLink } from '../overview-rules';
import { staffActionSchema } from './staff-schemas';

/**
 * Overview notices published from the operator console (NOTICE-01..): to every account, the accounts
 * on one plan, or one account; now or at a later time; withdrawn when no longer true.
 */
export const NOTICE_AUDIENCES = ['all', 'plan', 'account'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

export const NOTICE_AUDIENCE_LABELS: Record<NoticeAudience, string> = {
  all: 'All accounts',
  plan: 'Plan',
  account: 'One account',
};

export const NOTICE_STATUSES = ['scheduled', 'live', 'ended', 'withdrawn'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

export const NOTICE_STATUS_LABELS: Record<NoticeStatus, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
  withdrawn: 'Withdrawn',
};

export const NOTICE_LIMITS = { title: 120, text: 1000, link: 500, linkText: 60, priority: 100 } as const;

export const NOTICE_ERRORS = {
  titleRequired: 'Enter a title.',
  title: `Keep the title to ${NOTICE_LIMITS.title} characters.`,
  textRequired: 'Enter the text of the notice.',
  text: `Keep the text to ${NOTICE_LIMITS.text} characters.`,
  link: 'The link must start with https:// or be a path on this site, like /lines.',
  linkTextRequired: 'Enter the link text.',
  linkTextWithoutLink: 'Link text needs a link.',
  linkText: `Keep the link text to ${NOTICE_LIMITS.linkText} characters.`,
  priority: `Priority is a whole number from 0 to ${NOTICE_LIMITS.priority}.`,
  planRequired: 'Choose a plan.',
  planUnknown: 'No such plan.',
  accountRequired: 'Choose an account.',
  accountUnknown: 'No such account.',
  notFound: 'No such notice.',
  alreadyWithdrawn: 'This notice was already withdrawn.',
} as const;

/** A notice link: https, or a path on this site (one leading '/'); never javascript:, data: or http:. */
export function isNoticeLink(link: string): boolean {
  const safe = safeNotificationLink(link);
  return safe !== null && (safe.startsWith('/') || safe.startsWith('https://'));
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : null));

export const publishNoticeSchema = staffActionSchema
  .extend({
    title: z
      .string()
      .trim()
      .min(1, NOTICE_ERRORS.titleRequired)
      .max(NOTICE_LIMITS.title, NOTICE_ERRORS.title),
    text: z.string().trim().min(1, NOTICE_ERRORS.textRequired).max(NOTICE_LIMITS.text, NOTICE_ERRORS.text),
    link: optionalText.refine((v) => v === null || (v.length <= NOTICE_LIMITS.link && isNoticeLink(v)), {
      message: NOTICE_ERRORS.link,
    }),
    link_text: optionalText.refine((v) => v === null || v.length <= NOTICE_LIMITS.linkText, {
      message: NOTICE_ERRORS.linkText,
    }),
    priority: z
      .number({ error: NOTICE_ERRORS.priority })
      .int(NOTICE_ERRORS.priority)
      .min(0, NOTICE_ERRORS.priority)
      .max(NOTICE_LIMITS.priority, NOTICE_ERRORS.priority)
      .default(0),
    dismissible: z.boolean().default(true),
    audience: z.enum(NOTICE_AUDIENCES),
    plan_id: optionalText,
    account_id: optionalText,
    /** When the notice starts to show; absent is now. */
    publish_at: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.link && !v.link_text)
      ctx.addIssue({ code: 'custom', path: ['link_text'], message: NOTICE_ERRORS.linkTextRequired });
    if (!v.link && v.link_text)
      ctx.addIssue({ code: 'custom', path: ['link'], message: NOTICE_ERRORS.linkTextWithoutLink });
    if (v.audience === 'plan' && !v.plan_id)
      ctx.addIssue({ code: 'custom', path: ['plan_id'], message: NOTICE_ERRORS.planRequired });
    if (v.audience === 'account' && !v.account_id)
      ctx.addIssue({ code: 'custom', path: ['account_id'], message: NOTICE_ERRORS.accountRequired });
  })
  .meta({ id: 'PublishNotice' });
export type PublishNoticeInput = z.input<typeof publishNoticeSchema>;

export const adminNoticeSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    text: z.string(),
    link: z.string().nullable(),
    link_text: z.string().nullable(),
    priority: z.number().int(),
    dismissible: z.boolean(),
    audience: z.enum(NOTICE_AUDIENCES),
    plan_id: z.string().nullable(),
    plan_name: z.string().nullable(),
    account_id: z.string().nullable(),
    account_name: z.string().nullable(),
    publish_at: z.string(),
    ends_at: z.string().nullable(),
    withdrawn_at: z.string().nullable(),
    status: z.enum(NOTICE_STATUSES),
    created_by: z.string().nullable(),
  })
  .meta({ id: 'AdminNotice' });
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

export const adminNoticeListSchema = z
  .object({
    notices: z.array(adminNoticeSchema),
    /** The plans a notice can be addressed to. */
    plans: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: 'AdminNoticeList', description: 'Scheduled and live notices first, then ended and withdrawn' });
export type AdminNoticeList = z.infer<typeof adminNoticeListSchema>;

export const noticeParamsSchema = z.object({ id: z.uuid(NOTICE_ERRORS.notFound) });

export const ADMIN_NOTICE_PATHS = {
  list: '/notices',
  publish: '/notices',
  withdraw: (id: string) => `/notices/${encodeURIComponent(id)}/withdraw`,
} as const;

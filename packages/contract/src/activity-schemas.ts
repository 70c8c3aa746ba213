import { z } from 'zod';
import { ACTIVITY_KIND_IDS } from './activity';

// The Activity view's and the monthly report's schemas, apart from their paths, texts and labels
// (activity.ts), which the portal's Users and Profile screens read without building these.

export const activityQuerySchema = z.object({
  person: z.uuid('Choose a person from the list.').optional().meta({ description: 'actor or subject' }),
  kind: z.enum(ACTIVITY_KIND_IDS, 'Choose a kind from the list.').optional(),
  page: z.coerce
    .number('Page must be a whole number from 1.')
    .int('Page must be a whole number from 1.')
    .min(1, 'Page must be a whole number from 1.')
    .max(1_000_000, 'Page must be a whole number from 1.')
    .default(1)
    .meta({ description: '1-based' }),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityChangeSchema = z.object({ field: z.string(), before: z.string(), after: z.string() });
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activityEntrySchema = z
  .object({
    id: z.string(),
    at: z.string().meta({ description: 'ISO time' }),
    when: z.string().meta({ description: "The time as the portal shows it (EST): 'MM/dd/yyyy hh:mm:ss AM'" }),
    who: z.string(),
    what: z.string(),
    about: z.string().meta({ description: 'The user the change is about, or blank' }),
    kind: z.enum(ACTIVITY_KIND_IDS).nullable(),
    changes: z.array(activityChangeSchema),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z
  .object({
    entries: z.array(activityEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    people: z.array(z.object({ id: z.string(), name: z.string() })),
    kinds: z.array(z.object({ id: z.enum(ACTIVITY_KIND_IDS), label: z.string() })),
  })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const monthlyReportSettingSchema = z
  .object({ enabled: z.boolean('Choose whether to email the monthly report.') })
  .meta({ id: 'MonthlyReportSetting' });
export type MonthlyReportSetting = z.infer<typeof monthlyReportSettingSchema>;

export const monthlyReportStateSchema = z
  .object({
    enabled: z.boolean(),
    to: z.string().meta({ description: "Where the report goes: the billing CC email, or the admin's" }),
    can_change: z.boolean().meta({ description: 'Only the admin changes it' }),
    message: z.string().optional(),
  })
  .meta({ id: 'MonthlyReportState' });
export type MonthlyReportState = z.infer<typeof monthlyReportStateSchema>;

import { z } from 'zod';
import { safeText } from './text';

export const TELEPHONY_BATCH_MAX = 1000;
export const TELEPHONY_CALLS_PATH = '/api/v1/telephony/calls';
export const TELEPHONY_AUTHORIZE_PATH = '/api/v1/telephony/authorize';
/** The telephony platform authenticates with this header, not with a person's token. */
export const SERVICE_KEY_HEADER = 'x-service-key';

/**
 * A call's id in its one form, so that no spelling makes one call two: trimmed, printable ASCII with
 * no spaces (an invisible character such as a zero-width space is refused), and without case.
 */
export const callUuidSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/, 'call_uuid must be printable ASCII with no spaces or invisible characters')
  .transform((id) => id.toLowerCase())
  .meta({
    description:
      "The call's id: printable ASCII, no spaces, compared without case and around spaces (RUN-0, run-0 and ' run-0' are one call).",
  });

/** One call record as the telephony platform sends it. */
export const callRecordSchema = z.object({
  // Records skip the API's request-wide text check (one bad record must not refuse the batch): checked here.
  call_uuid: callUuidSchema,
  pin: z.string().regex(/^\d{4,12}$/, 'must be the caller PIN (digits)'),
  call_timestamp: z.union([
    z.iso.datetime({ offset: true }),
    z.number().int().positive().meta({ description: 'unix seconds' }),
  ]),
  destination: safeText(z.string().trim().min(1).max(120)),
  caller_id_number: safeText(z.string().trim().max(32)).default(''),
  billed_duration: z.number().int().min(0).max(86_400).meta({ description: 'billed seconds' }),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

/** Records are checked one by one, so the batch itself only needs to be a list of objects. */
export const callBatchSchema = z.object({
  calls: z.array(z.record(z.string(), z.unknown())).min(1).max(TELEPHONY_BATCH_MAX),
});

/**
 * The batch as the API document shows it: what the platform should send. The server takes any objects
 * (callBatchSchema) and answers each record that does not fit in `rejected`.
 */
export const callBatchDocumentSchema = z
  .object({
    calls: z
      .array(callRecordSchema.meta({ id: 'CallRecord' }))
      .min(1)
      .max(TELEPHONY_BATCH_MAX),
  })
  .meta({ id: 'CallBatch' });

export const callBatchResultSchema = z
  .object({
    accepted: z.number().int(),
    duplicates: z.number().int(),
    rejected: z.array(
      z.object({ index: z.number().int(), call_uuid: z.string().nullable(), reason: z.string() }),
    ),
  })
  .meta({ id: 'CallBatchResult' });
export type CallBatchResult = z.infer<typeof callBatchResultSchema>;

export const authorizeQuerySchema = z.object({ pin: z.string().regex(/^\d{4,12}$/) });
/** Why a call is refused, in words the telephony side can speak to the caller. */
export const AUTHORIZE_REASONS = [
  'unknown PIN',
  'subscription inactive',
  'credits exhausted',
  'spending cap reached',
  'user limit reached',
  'plan paused',
  // Collection's last try was declined and the policy refuses calls until the invoice is paid.
  'payment overdue',
] as const;
export type AuthorizeReason = (typeof AUTHORIZE_REASONS)[number];
export const authorizeResponseSchema = z
  .object({ allowed: z.boolean(), reason: z.enum(AUTHORIZE_REASONS).nullable() })
  .meta({ id: 'CallAuthorization' });

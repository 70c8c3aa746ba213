import { z } from 'zod';
import { staffActionSchema } from './staff-schemas';
import { VIEW_AS_TEXT } from './view-as-text';

export * from './view-as-text';

/**
 * View as customer (STAFF-07..09): support and up open the portal as an account's admin sees it, with a
 * short-lived token that only reads. The console opens the portal at `/#view-as=<token>&account=<name>`
 * (a fragment never reaches a server's logs); the portal keeps the token in this tab's sessionStorage
 * only, so the staff member's own session in localStorage stays as it is.
 */
export const viewAsRequestSchema = staffActionSchema.meta({ id: 'ViewAsRequest' });

export const viewAsResponseSchema = z
  .object({
    message: z.string(),
    audit_id: z.number().int(),
    token: z.string(),
    expires_at: z.string(),
    account_name: z.string(),
  })
  .meta({ id: 'ViewAsResponse', description: 'A read-only token of the account admin, for a few minutes' });
export type ViewAsResponse = z.infer<typeof viewAsResponseSchema>;

export const viewAsParamsSchema = z.object({ accountId: z.uuid(VIEW_AS_TEXT.notFound) });

export const ADMIN_VIEW_AS_PATH = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/view-as`;

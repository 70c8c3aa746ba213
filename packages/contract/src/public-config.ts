import { z } from 'zod';

/** What the page needs to know before sign-in; served without a token. */
export const publicConfigSchema = z
  .object({
    oidc: z.object({ issuer: z.string(), client_id: z.string(), scope: z.string() }),
    marketing_url: z.string(),
    support_url: z.string(),
    admin_panel_url: z.string(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

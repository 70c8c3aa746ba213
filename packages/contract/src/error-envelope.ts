import { z } from 'zod';

/** Every error the API answers with (DESIGN.md section 5). */
export const errorEnvelopeSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    field: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

import { z } from 'zod';

/** Every error the API answers with: a message a person can act on, a code, and the field at fault. */
export const errorEnvelopeSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    field: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

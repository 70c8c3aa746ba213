import { z } from 'zod';

/** Every error the API answers with: a message a person can act on, a code, and the field at fault. */
export const errorEnvelopeSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    field: z.string().optional(),
    request_id: z.string().optional().meta({
      description: "a 5xx's request id, also in the X-Request-Id header of every answer and in the log",
    }),
  })
  .meta({ id: 'Error' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

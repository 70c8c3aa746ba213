import { z } from 'zod';

/** What POST /new-device (DEVICE_PATHS in paths.ts) answers. */
export const newDeviceResponseSchema = z
  .object({
    notified: z.boolean().meta({ description: 'True when this sign-in was new and a notice was emailed' }),
  })
  .meta({ id: 'NewDeviceResponse' });
export type NewDeviceResponse = z.infer<typeof newDeviceResponseSchema>;

export const NEW_DEVICE_EMAIL_SUBJECT = 'New sign-in to your enQ account';

import { z } from 'zod';

/**
 * POST /new-device (first document, section 7; decisions.md "New device"): after a sign-in the session
 * exchange reported as `new_device`, the portal makes this call with no payload.
 */
export const DEVICE_PATHS = { newDevice: '/new-device' } as const;

export const newDeviceResponseSchema = z
  .object({
    notified: z.boolean().meta({ description: 'True when this sign-in was new and a notice was emailed' }),
  })
  .meta({ id: 'NewDeviceResponse' });
export type NewDeviceResponse = z.infer<typeof newDeviceResponseSchema>;

export const NEW_DEVICE_EMAIL_SUBJECT = 'New sign-in to your enQ account';
